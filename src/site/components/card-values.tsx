/**
 * The values a card shows of the fields its type shows on cards (`shows.card`: docs/content-model.md),
 * under the description. Only the server renders them: a grid whose cards show values pages by its
 * links (page-data.ts, `pagesByLinks`), so the browser's grid code never needs this, and a guest's
 * script stays within its budget (decision 016).
 */
import type { ReactNode } from 'react';
import { displayText, type CardProperty } from '../../content-model/display';

/** Renders an item's values, given its body. */
export type CardValuesView = (body: Record<string, unknown>) => ReactNode;

/** The view for a page's card fields, its numbers as `language` (the page's) writes them; none when it has none. */
export function cardValuesView(properties: CardProperty[], language: string): CardValuesView | undefined {
  return properties.length === 0 ? undefined : (body) => <CardValues properties={properties} body={body} language={language} />;
}

/** The item's values of the fields its card shows, as a list of terms and values (CAS number: 75-24-1). */
function CardValues({ properties, body, language }: { properties: CardProperty[]; body: Record<string, unknown>; language: string }) {
  const shown = properties.flatMap((property) => {
    const value = displayText(property, body[property.name], language);
    return value === '' ? [] : [{ ...property, value }];
  });
  if (shown.length === 0) return null;
  return (
    <dl className="card__properties">
      {shown.map((property) => (
        <div key={property.name}>
          <dt>{property.label}</dt>
          <dd>{property.value}</dd>
        </div>
      ))}
    </dl>
  );
}
