import { useSyncExternalStore, type MouseEvent } from 'react';
import { stripTags } from '../../shared/text';

export interface ShowMorePaginatorProps {
  label: string;
  style: 'primary' | 'secondary';
  /** Where the link goes without JavaScript: the page with one more page of items. */
  href: string;
  busy: boolean;
  onShowMore: (event: MouseEvent<HTMLAnchorElement>) => void;
}

const noChange = () => () => {};

/**
 * "Show More" (spec §2.2, §9: secondary style, standard size and width, centred, no padding).
 * A link to the next page, which is what it is without script; with script it is a button.
 */
export default function ShowMorePaginator({ label, style, href, busy, onShowMore }: ShowMorePaginatorProps) {
  // False while hydrating (as on the server), true from then on.
  const scripted = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  return (
    <div className="paginator paginator--showmore">
      <a
        className={`button button--${style}`}
        href={href}
        onClick={onShowMore}
        aria-disabled={busy || undefined}
        // The bootstrap marks it a button before React runs (entry-client.ts); React does from then on.
        suppressHydrationWarning
        // Space presses it as it presses any button (entry-client.ts listens on the grid's frame).
        {...(scripted ? { role: 'button' } : {})}
      >
        {stripTags(label)}
      </a>
    </div>
  );
}
