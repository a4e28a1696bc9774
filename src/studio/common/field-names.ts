/**
 * The words the studio uses for a sheet's fields, wherever one is named: in a conflict, beside a
 * problem the server found, in a history. Problems come as `translations.de_DE.url: why`.
 */
import { languageName } from './api';

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

/** The problems the server named, by the field they are about (`de_DE.url`), and those about none. */
export function problemsByField(problems: string[]): { fields: Map<string, string>; others: string[] } {
  const fields = new Map<string, string>();
  const others: string[] = [];
  for (const problem of problems) {
    const match = /^translations\.([A-Za-z_]+)\.(title|description|url|imageAlt|extra\.[A-Za-z][A-Za-z0-9_]*)(?:\[\d+\])?: (.*)$/s.exec(problem);
    // The SEO fields, the topics and the sheet's shared values show their problems in their own panels.
    const panel =
      /^(seo\.[^:]+|topics|urlName|values\.[A-Za-z][A-Za-z0-9_]*|(?:document|documents\[\d+\])\.(?:kind|language|region|revision|revisedOn))(?:\[\d+\])?: (.*)$/s.exec(
        problem,
      );
    if (panel !== null) fields.set(panel[1]!, panel[2]!);
    else if (match === null) others.push(problem.replace(/^([a-zA-Z.]+): /, (_all, path: string) => `${fieldName(path.split('.'))}: `));
    else fields.set(`${match[1]}.${match[2]}`, match[3]!);
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
