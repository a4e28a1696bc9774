/**
 * A sheet's values of the fields its type defines beyond those its shape has places of its own for
 * (title, description, link, image, documents, topics: sheet/shape.ts): CAS numbers, formula,
 * purity, whatever an admin adds. A shared field's value is the sheet's (`values`), a field per
 * language is each translation's (`extra`); either is kept in the stored body under the field's
 * name, which is how the delivery API serves it. Every reader and writer of those values (the
 * editing checks, the studio's form, the CSV, search, the sheet page) goes through here.
 */
import type { SheetState } from '../sheet/shape';
import { SHAPED_FIELDS, type ContentType, type Field } from './definition';
import { readFieldValue } from './values';
import { fieldLabel, isEmptyValue, type CardProperty } from './display';
import { numberStyleOf, type NumberStyle } from './numbers';
import { problemAt, type Problem } from '../shared/problems';

/** The fields whose values a sheet keeps by name: the type's others, retired ones included (their values are kept). */
export const valueFields = (type: ContentType): Field[] => type.fields.filter((field) => !SHAPED_FIELDS.has(field.name));

/** The fields an editor fills in, in their order. */
export const offeredFields = (type: ContentType): Field[] => valueFields(type).filter((field) => !field.retired);

/** The names of the fields kept once for all languages. */
export const sharedFieldNames = (type: ContentType): ReadonlySet<string> =>
  new Set(valueFields(type).flatMap((field) => (field.perLanguage ? [] : [field.name])));

/** A field's value in a sheet: the shared one, or the language's. */
export function valueOf(state: SheetState, field: Field, language: string): unknown {
  return field.perLanguage ? state.translations[language]?.extra?.[field.name] : state.values?.[field.name];
}

/** Where a field's value is in the state, as the editing checks name places. */
const placeOf = (field: Field, language: string) => (field.perLanguage ? `translations.${language}.extra.${field.name}` : `values.${field.name}`);

/** Each place a field may hold a value: the shared place, or each language's. */
function placesOf(state: SheetState, field: Field): string[] {
  return field.perLanguage ? Object.keys(state.translations) : [state.primaryLanguage];
}

/**
 * How a value's numbers are written where it is typed: a field per language's as its language
 * writes them, a shared field's as `shared` does (the studio: the editor's own language).
 */
export const numberStyleAt = (field: Field, language: string, shared: NumberStyle | null): NumberStyle | null =>
  field.perLanguage ? numberStyleOf(language) : shared;

export interface ValuesReading {
  /** How the shared fields' numbers are written (numberStyleAt). */
  shared: NumberStyle | null;
  /**
   * The sheet as it is saved: a value that does not read takes its place's value there (or none),
   * so that the rest of the sheet saves; without it, such a value is left as typed.
   */
  saved?: SheetState;
}

/**
 * The sheet with each value written the one way its kind writes it (CAS numbers hyphenated,
 * formulas without subscripts, numbers as numbers) and empty ones left out. A value that does not
 * read is left as typed, for valueProblems to name, or given the saved one (`saved`).
 */
export function withValuesRead(type: ContentType, state: SheetState, { shared, saved }: ValuesReading): SheetState {
  let values: Record<string, unknown> | undefined = state.values === undefined ? undefined : { ...state.values };
  const translations = Object.fromEntries(Object.entries(state.translations).map(([language, texts]) => [language, { ...texts, extra: { ...texts.extra } }]));
  for (const field of offeredFields(type)) {
    for (const language of placesOf(state, field)) {
      const holder = field.perLanguage ? translations[language]!.extra : (values ??= {});
      if (!(field.name in holder)) continue;
      const value = holder[field.name];
      const read = readFieldValue(field, value, numberStyleAt(field, language, shared));
      const kept = read.problems.length > 0 && saved !== undefined ? valueOf(saved, field, language) : value;
      if (isEmptyValue(value) || (read.problems.length === 0 && isEmptyValue(read.value)) || kept === undefined) delete holder[field.name];
      else holder[field.name] = read.problems.length === 0 ? read.value : kept;
    }
  }
  for (const texts of Object.values(translations)) if (Object.keys(texts.extra).length === 0) delete (texts as { extra?: unknown }).extra;
  const read: SheetState = { ...state, translations };
  if (values === undefined || Object.keys(values).length === 0) delete read.values;
  else read.values = values;
  return read;
}

/** A value of a sheet that does not read, or is not written the one way its kind writes it. */
export interface ValueProblem {
  field: Field;
  /** The language whose value it is; null for a value every language shares (`values`). */
  language: string | null;
  /** As the field-value reader says it, its field from the field's name on (`casNumbers[1]`). */
  problem: Problem;
}

/**
 * What is wrong with a sheet's values, each with its field and language. A value the sheet had
 * before (`current`) as it is now is not judged again: a field's limits changed since (a shorter
 * length) never stop a save of something else.
 */
export function findValueProblems(type: ContentType, state: SheetState, current?: SheetState): ValueProblem[] {
  const problems: ValueProblem[] = [];
  for (const field of valueFields(type)) {
    for (const language of placesOf(state, field)) {
      const value = valueOf(state, field, language);
      if (value === undefined) continue;
      if (current !== undefined && JSON.stringify(valueOf(current, field, language)) === JSON.stringify(value)) continue;
      // The editing API takes numbers as numbers; a text is read as its language writes numbers, a shared field's as nothing says.
      const read = readFieldValue(field, value, numberStyleAt(field, language, null));
      const found =
        read.problems.length > 0
          ? read.problems
          : JSON.stringify(read.value) === JSON.stringify(value)
            ? []
            : [problemAt(field.name, `write it as ${JSON.stringify(read.value)}`)];
      for (const problem of found) problems.push({ field, language: field.perLanguage ? language : null, problem });
    }
  }
  return problems;
}

/**
 * What is wrong with a sheet's values, each at its place in the sheet: each that does not read, or
 * is not written the one way its kind writes it (findValueProblems).
 */
export function valueProblems(type: ContentType, state: SheetState, current?: SheetState): Problem[] {
  return findValueProblems(type, state, current).map(({ field, language, problem }) =>
    problemAt(`${placeOf(field, language ?? state.primaryLanguage)}${(problem.field ?? field.name).slice(field.name.length)}`, problem.message),
  );
}

/**
 * The values typed that do not read, each with its place (`values.density`,
 * `translations.de_DE.extra.density`) and why: what withValuesRead does not send, given `saved`.
 */
export function unreadValues(type: ContentType, state: SheetState, shared: NumberStyle | null): Array<{ place: string; problems: string[] }> {
  return offeredFields(type).flatMap((field) =>
    placesOf(state, field).flatMap((language) => {
      const value = valueOf(state, field, language);
      if (value === undefined || isEmptyValue(value)) return [];
      const { problems } = readFieldValue(field, value, numberStyleAt(field, language, shared));
      return problems.length === 0 ? [] : [{ place: placeOf(field, language), problems: problems.map((problem) => problem.message) }];
    }),
  );
}

/** What publishing needs of a sheet's values: each required field filled in (in the primary language, for a field per language). */
export function missingValues(type: ContentType, state: SheetState): Problem[] {
  return offeredFields(type)
    .filter((field) => field.required && isEmptyValue(valueOf(state, field, state.primaryLanguage)))
    .map((field) => problemAt(placeOf(field, state.primaryLanguage), 'needs a value before the sheet is published'));
}

/** The fields of a type its cards show (`shows.card`), in the type's order, labelled in `language` (else the label language, else any). */
export function cardPropertiesOf(type: ContentType, language: string, labelLanguage: string): CardProperty[] {
  return offeredFields(type)
    .filter((field) => field.shows.card)
    .map((field) => ({ name: field.name, kind: field.kind, limits: field.limits, label: fieldLabel(field, language, labelLanguage) }));
}

/** A field's value as a CSV cell: a list's entries joined by "; " (as the import splits them), a number as written. */
export function csvCellOf(value: unknown): string {
  const entries = (Array.isArray(value) ? value : [value]).filter((entry) => typeof entry === 'string' || typeof entry === 'number');
  return entries.map(String).join('; ');
}
