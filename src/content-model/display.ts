/**
 * A field's value as a reader sees it, on the sheet page and on a card: kept apart from the rest of
 * the content model (its schemas) so that the site's script, which shows cards as pages come, takes
 * only this.
 */
import { formulaForReading } from '../shared/chemistry';
import type { Field } from './definition';
import { formatNumber } from './numbers';

/** A value that says nothing: left out of the body. */
export const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** A field the card shows, as a card needs it: its name, kind and limits, labelled in the page's language. */
export type CardProperty = Pick<Field, 'name' | 'kind' | 'limits'> & { label: string };

/** A field's label in `language`, else in the type's label language, else any it has, else its name. */
export function fieldLabel(field: Pick<Field, 'name' | 'labels'>, language: string, labelLanguage: string): string {
  return field.labels[language] ?? field.labels[labelLanguage] ?? Object.values(field.labels)[0] ?? field.name;
}

/**
 * A field's value as text to read in `language` (the page's): a list's entries joined, a number
 * as the language writes it (1,726 in German: "1.726" would read as a thousand and more) with
 * its unit, a formula with subscripts; what is not text or a number is not shown.
 */
export function displayText(field: Pick<Field, 'kind' | 'limits'>, value: unknown, language: string): string {
  const entries = Array.isArray(value) ? value : [value];
  const texts = entries
    .filter((entry) => (typeof entry === 'string' || typeof entry === 'number') && !isEmptyValue(entry))
    .map((entry) => {
      if (field.kind === 'formula') return formulaForReading(String(entry));
      if (field.kind !== 'number') return String(entry);
      const number = typeof entry === 'number' ? formatNumber(entry, language) : entry;
      return field.limits.unit === undefined ? number : `${number} ${field.limits.unit}`;
    });
  // Numbers with a decimal comma ("0,5") joined by commas would run together.
  return texts.join(field.kind === 'number' && texts.some((text) => text.includes(',')) ? '; ' : ', ');
}
