/**
 * JSON columns read back from the store, held to the content limits (shared/content-limits.ts).
 * Rows can reach the store by paths that never checked them (an older version, a hand-written
 * row, a restored backup), so a value beyond the limits is left out of every answer and reported
 * once, instead of failing the page or API answer that reads it.
 */
import { EventEmitter } from 'node:events';
import { describeProblem, findBodySizeProblem, findNestingProblem, type LimitProblem } from '../shared/content-limits';
import { mayHoldUnwantedText, normalizeTexts } from '../shared/normalize-text';

export interface SkippedRecord {
  /** The record, for a person: `content MC… (de_DE)`, `SEO record 20Y…`. */
  record: string;
  problem: string;
}

/** Emits 'skipped' with a SkippedRecord, once per record and problem in this process. */
export const skippedRecords = new EventEmitter<{ skipped: [SkippedRecord] }>();

/** Records already reported; bounded so a store full of bad rows cannot grow it without end. */
const reported = new Set<string>();
const MAX_REPORTED = 10_000;

export function reportSkippedRecord(record: string, place: string, problem: LimitProblem): void {
  const line = describeProblem(place, problem);
  const key = `${record} ${line}`;
  if (reported.has(key)) return;
  if (reported.size >= MAX_REPORTED) reported.clear();
  reported.add(key);
  skippedRecords.emit('skipped', { record, problem: line });
}

/**
 * Parses a stored JSON object; anything else (not JSON, not an object) reads as null. Its texts
 * come out normalised even when the row was written around the inputs that normalise them, so
 * the server's HTML and the page data agree (a lone surrogate would otherwise break hydration).
 */
function parseObject(text: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return mayHoldUnwantedText(text) ? normalizeTexts(value as Record<string, unknown>) : (value as Record<string, unknown>);
}

/** A stored content body, or null (reported) when it is not an object or breaks a limit. */
export function readStoredBody(text: string, record: string): Record<string, unknown> | null {
  const body = parseObject(text);
  if (body === null) {
    reportSkippedRecord(record, 'body', { path: '', message: 'is not a JSON object' });
    return null;
  }
  // The stored text is the body's JSON: its size is read off it, not written out again.
  const problem = findBodySizeProblem(text) ?? findNestingProblem(body);
  if (problem !== null) {
    reportSkippedRecord(record, 'body', problem);
    return null;
  }
  return body;
}

/** A stored JSON map (metadata, a field schema), or null (reported) when it breaks a limit. */
export function readStoredMap(text: string, record: string, place: string): Record<string, unknown> | null {
  const map = parseObject(text);
  if (map === null) {
    reportSkippedRecord(record, place, { path: '', message: 'is not a JSON object' });
    return null;
  }
  const problem = findNestingProblem(map);
  if (problem !== null) {
    reportSkippedRecord(record, place, problem);
    return null;
  }
  return map;
}

/** A stored map of texts: values that are not text are left out. */
export function readStoredTexts(text: string): Record<string, string> {
  const map = parseObject(text) ?? {};
  return Object.fromEntries(Object.entries(map).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
