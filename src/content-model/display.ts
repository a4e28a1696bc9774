/**
 * A field's value as a reader sees it, on the sheet page and on a card: kept apart from the rest of
 * the content model (its schemas) so that the site's script, which shows cards as pages come, takes
 * only this.
 */
import { formulaForReading } from '../shared/chemistry';
import type { Field } from './definition';

/** A value that says nothing: left out of the body. */
export const isEmptyValue = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** A field the card shows, as a card needs it: its name, kind and limits, labelled in the page's language. */
export type CardProperty = Pick<Field, 'name' | 'kind' | 'limits'> & { label: string };

/** A field's label in `language`, else in the type's label language, else any it has, else its name. */
export function fieldLabel(field: Pick<Field, 'name' | 'labels'>, language: string, labelLanguage: string): string {
  return field.labels[language] ?? field.labels[labelLanguage] ?? Object.values(field.labels)[0] ?? field.name;
}

/** A field's value as text to read: a list's entries joined, a number with its unit, a formula with subscripts; what is not text or a number is not shown. */
export function displayText(field: Pick<Field, 'kind' | 'limits'>, value: unknown): string {
  const entries = Array.isArray(value) ? value : [value];
  return entries
    .filter((entry) => (typeof entry === 'string' || typeof entry === 'number') && !isEmptyValue(entry))
    .map((entry) =>
      field.kind === 'number' && field.limits.unit !== undefined
        ? `${String(entry)} ${field.limits.unit}`
        : field.kind === 'formula'
          ? formulaForReading(String(entry))
          : String(entry),
    )
    .join(', ');
}
