/**
 * A field's value checked and written one way by its kind (issue 35): a CAS number in its
 * hyphenated form (its check digit right), a formula as normalizeFormula writes it, a link by the
 * site's link rule, a date as a calendar date, a number as a number; texts within their length.
 * Kinds whose values are records of their own (an image, documents, topics) are checked where
 * those records are.
 *
 * A number written as text is read in the way its writer writes numbers (numbers.ts): every way
 * in says what it knows of that (the form's language, the CSV's separator), or null when it knows
 * nothing; a number given as a number (JSON, a spreadsheet's number cell) is taken as it is.
 */
import { normalizeFormula, readCasNumber } from '../shared/chemistry';
import { CONTENT_LIMITS } from '../shared/content-limits';
import { linkProblem } from '../shared/links';
import type { Field } from './definition';
import { readNumber, type NumberStyle } from './numbers';
import { problemAt, type Problem } from '../shared/problems';

export type ValueReading = { value: unknown } | { problem: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * One value of a field (a list's entries each on their own): written one way, or why not.
 * `numbers`: how a number written as text is written (numbers.ts), null when nothing says.
 */
export function readValue(field: Field, input: unknown, numbers: NumberStyle | null): ValueReading {
  const { kind, limits } = field;
  if (kind === 'image' || kind === 'document-set' || kind === 'topics') return { value: input };
  if (kind === 'number') {
    if (typeof input === 'number') return Number.isFinite(input) ? { value: input } : { problem: `${String(input)} is not a number` };
    return typeof input === 'string' ? readNumber(input, numbers) : { problem: `${JSON.stringify(input) ?? String(input)} is not a number` };
  }
  if (typeof input !== 'string') return { problem: 'must be text' };
  const text = input.trim();
  // No field holds more than a stored body keeps of one text (shared/content-limits.ts), whatever its own limit says.
  const maxLength = Math.min(limits.maxLength ?? Infinity, CONTENT_LIMITS.textLength);
  if ([...text].length > maxLength) return { problem: `is longer than ${maxLength} characters` };
  switch (kind) {
    case 'identifier': {
      if (limits.identifier !== 'cas') return text === '' ? { problem: 'must not be empty' } : { value: text };
      const cas = readCasNumber(text);
      return 'cas' in cas ? { value: cas.cas } : { problem: cas.problem };
    }
    case 'formula':
      return { value: normalizeFormula(text) };
    case 'link': {
      const problem = text === '' ? null : linkProblem(text);
      return problem === null ? { value: text } : { problem };
    }
    case 'date': {
      const parts = DATE.exec(text);
      const date = parts === null ? null : new Date(`${text}T00:00:00Z`);
      return date !== null && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text)
        ? { value: text }
        : { problem: `${JSON.stringify(input)} is not a date: write it as YYYY-MM-DD` };
    }
    default:
      return { value: kind === 'long-text' || kind === 'rich-text' ? input : text };
  }
}

/**
 * A field's whole value: a list for a field of several values (each entry read, empty ones
 * dropped), else one value. Answers every entry's problem, each with its place. `numbers` as
 * readValue takes it.
 */
export function readFieldValue(field: Field, input: unknown, numbers: NumberStyle | null): { value: unknown; problems: Problem[] } {
  if (!field.multiple) {
    const read = readValue(field, input, numbers);
    return 'value' in read ? { value: read.value, problems: [] } : { value: input, problems: [problemAt(field.name, read.problem)] };
  }
  const entries = Array.isArray(input) ? input : typeof input === 'string' ? input.split(/[;\n]/) : [input];
  const values: unknown[] = [];
  const problems: Problem[] = [];
  entries.forEach((entry, index) => {
    if (typeof entry === 'string' && entry.trim() === '') return;
    const read = readValue(field, entry, numbers);
    if ('value' in read) values.push(read.value);
    else problems.push(problemAt(`${field.name}[${index}]`, read.problem));
  });
  return { value: values, problems };
}
