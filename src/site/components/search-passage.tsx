/**
 * A search result's passage inside its card, the words that matched marked. Rendered on the
 * server only: results are pages of their own, which the grid's code in the browser never renders.
 */
import type { PassagePart } from '../../shared/passage';

export function SearchPassage({ parts }: { parts: PassagePart[] | undefined }) {
  if (parts === undefined || parts.length === 0) return null;
  return <p className="card__passage">{parts.map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : part.text))}</p>;
}
