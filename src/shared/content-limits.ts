/**
 * The limits every piece of content keeps (docs/content-format.md, "Limits"). Every input refuses
 * a value beyond them with the field named; reading the store checks them again, so a record that
 * got in another way (an older version, a hand-written row) is left out of an answer instead of
 * failing it. Rendering recurses (JSON.stringify, React, the URL-field mapping), so depth must be
 * bounded before any of it runs; the walks here are iterative and survive any input.
 */
import { problemLine, type Problem } from './problems';

/** Objects and lists inside one another in a content body; the body itself is level 1. */
export const MAX_CONTENT_DEPTH = 32;

export const CONTENT_LIMITS = {
  /** Objects and lists inside one another in a content body (MAX_CONTENT_DEPTH). */
  depth: MAX_CONTENT_DEPTH,
  /** Characters in one text value. */
  textLength: 100_000,
  /** UTF-8 bytes of a custom head tags value. */
  headTagsBytes: 64 * 1024,
  /** UTF-8 bytes of one content body written as JSON. */
  bodyBytes: 1024 * 1024,
} as const;

export interface LimitProblem {
  /** Where the problem is, below the value checked: `image.source.ref`, `links[3]`, or '' for the value itself. */
  path: string;
  message: string;
}

interface Frame {
  value: unknown;
  key: string | number | null;
  parent: Frame | null;
  depth: number;
}

/** The path of a frame, shortened in the middle when it is long (a value 10,000 levels deep). */
function pathOf(frame: Frame): string {
  const keys: Array<string | number> = [];
  for (let at: Frame | null = frame; at !== null && at.key !== null; at = at.parent) keys.push(at.key);
  keys.reverse();
  const shown = keys.length > 12 ? [...keys.slice(0, 6), '…', ...keys.slice(-3)] : keys;
  return shown.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');
}

/**
 * The first limit a JSON value breaks (nesting depth, the length of one text), or null. The value
 * itself counts as level 1 when it is an object or a list. Stops at the first problem, so a value
 * nested without end is looked at only down to the limit.
 */
export function findNestingProblem(
  value: unknown,
  maxDepth: number = CONTENT_LIMITS.depth,
  maxTextLength: number = CONTENT_LIMITS.textLength,
): LimitProblem | null {
  const stack: Frame[] = [{ value, key: null, parent: null, depth: 1 }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const { value: current } = frame;
    if (typeof current === 'string') {
      if (current.length > maxTextLength) return { path: pathOf(frame), message: `is longer than ${maxTextLength} characters` };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (frame.depth > maxDepth) return { path: pathOf(frame), message: `is nested more than ${maxDepth} levels deep` };
    const entries: Array<[string | number, unknown]> = Array.isArray(current) ? current.map((entry, index) => [index, entry]) : Object.entries(current);
    // Pushed in reverse, so problems are found in the order a reader would meet them.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, entry] = entries[index] as [string | number, unknown];
      if (typeof key === 'string' && key.length > maxTextLength)
        return { path: pathOf(frame), message: `has a field name longer than ${maxTextLength} characters` };
      stack.push({ value: entry, key, parent: frame, depth: frame.depth + 1 });
    }
  }
  return null;
}

/** UTF-8 bytes of a text, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/** A body whose JSON text is beyond its size limit, or null. */
export function findBodySizeProblem(json: string): LimitProblem | null {
  // A UTF-16 unit is at most 3 bytes of UTF-8: the bytes need counting only near the limit.
  if (json.length * 3 <= CONTENT_LIMITS.bodyBytes || utf8Length(json) <= CONTENT_LIMITS.bodyBytes) return null;
  return { path: '', message: `is larger than ${CONTENT_LIMITS.bodyBytes / 1024 / 1024} MB as JSON` };
}

/** The first limit a content body breaks: depth and text lengths, then its size as JSON. */
export function findBodyProblem(body: unknown): LimitProblem | null {
  // Safe to write out once the depth is bounded.
  return findNestingProblem(body) ?? findBodySizeProblem(JSON.stringify(body) ?? '');
}

/** Custom head tags beyond their limit, or null. */
export function findHeadTagsProblem(headTags: string): LimitProblem | null {
  return utf8Length(headTags) > CONTENT_LIMITS.headTagsBytes ? { path: '', message: `is larger than ${CONTENT_LIMITS.headTagsBytes / 1024} KB` } : null;
}

/** Where a problem is: the place of the value checked and the path below it, `body.image.url`. */
export function placeOf(place: string, problem: LimitProblem): string {
  if (problem.path === '') return place;
  return problem.path.startsWith('[') ? `${place}${problem.path}` : `${place}.${problem.path}`;
}

/** A limit broken, as a problem of the field it is about: `body.image.url`. */
export function limitProblem(place: string, problem: LimitProblem): Problem {
  return { field: placeOf(place, problem), message: problem.message };
}

/** A problem as one line: `body.image.url: is …`. */
export function describeProblem(place: string, problem: LimitProblem): string {
  return problemLine(limitProblem(place, problem));
}
