/**
 * The words the studio uses for a sheet's fields, wherever one is named: in a conflict, beside a
 * problem the server found (by its `field`, `translations.de_DE.url`), in a history.
 */
import { languageName } from './api';
import type { Problem } from '../../shared/problems';

const TEXT_FIELDS: Record<string, string> = { title: 'Title', description: 'Description', url: 'Link', imageAlt: 'Image description' };
const FIELDS: Record<string, string> = {
  image: 'Image',
  document: 'PDF',
  documents: 'Documents',
  seo: 'Search engine settings',
  urlName: 'Address name',
  collectionId: 'Collection',
  primaryLanguage: 'Primary language',
  topics: 'Topics',
};

/**
 * A field's name for people, e.g. "Title (German (Germany))"; a field of the sheet's type by its
 * label when one is given (`labels`, by field name), else by its name.
 */
export function fieldName(path: string[], labels: ReadonlyMap<string, string> = new Map()): string {
  const [first, language, field, valueName] = path;
  const valueLabel = (name: string) => labels.get(name) ?? name;
  if (first === 'translations' && language !== undefined) {
    const name = field === undefined ? 'Translation' : field === 'extra' && valueName !== undefined ? valueLabel(valueName) : (TEXT_FIELDS[field] ?? field);
    return `${name} (${languageName(language)})`;
  }
  if (first === 'values' && language !== undefined) return valueLabel(language);
  return FIELDS[first ?? ''] ?? path.join(' › ');
}

/**
 * Where the sheet screen shows a problem about a field (its `field`, a place in the sheet): a
 * language's text beside its input (`de_DE.url`), the search-engine settings, topics, address name,
 * shared values and documents in their own panels; null for one the screen has no place for.
 */
function placeOnScreen(field: string): string | null {
  const text = /^translations\.([A-Za-z_]+)\.(title|description|url|imageAlt|extra\.[A-Za-z][A-Za-z0-9_]*)(?:\[\d+\])?$/.exec(field);
  if (text !== null) return `${text[1]}.${text[2]}`;
  const panel =
    /^(seo\..+|topics|urlName|values\.[A-Za-z][A-Za-z0-9_]*|(?:document|documents\[\d+\])\.(?:kind|language|region|revision|revisedOn))(?:\[\d+\])?$/.exec(
      field,
    );
  return panel === null ? null : panel[1]!;
}

/** The problems the server named, by the place on screen of the field they are about (`de_DE.url`), and those about none, in words. */
export function problemsByField(problems: readonly Problem[]): { fields: Map<string, string>; others: string[] } {
  const fields = new Map<string, string>();
  const others: string[] = [];
  for (const { field, message } of problems) {
    const place = field === null ? null : placeOnScreen(field);
    if (place !== null) fields.set(place, message);
    else others.push(field === null ? message : `${fieldName(field.split('.'))}: ${message}`);
  }
  return { fields, others };
}

/** A field's value as the conflict dialog shows it. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  // A list of slugs (topics): as a person would write it.
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.length === 0 ? '(none)' : value.join(', ');
  if (typeof value === 'object' && 'fileName' in value) return `the file ${String((value as { fileName: unknown }).fileName)}`;
  return JSON.stringify(value);
}
