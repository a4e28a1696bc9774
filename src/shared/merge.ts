/**
 * Field-by-field changes of an edited state (a sheet), the one way the studio and the server tell
 * what changed, carry a change into a draft and take it back:
 * - a three-way merge: what we started from (base), what we changed (ours), what another editor,
 *   an import or a publish changed meanwhile (theirs). A field only one side changed takes that
 *   side; a field both changed differently is a conflict the editor settles. Nothing either side
 *   wrote is dropped without the editor choosing, and a record (a translation, the SEO fields) one
 *   side added or removed moves as a whole, so a merge never leaves half of one;
 * - the changes from one state to another, by path, and putting them back where nothing changed
 *   them since (undo).
 */
export interface FieldConflict {
  /** Where the field is, e.g. ['translations', 'de_DE', 'title']. */
  path: string[];
  ours: unknown;
  theirs: unknown;
}

export interface Merge<S> {
  /** Every field settled: ours where only we changed it, theirs otherwise, ours for conflicts until chosen. */
  merged: S;
  conflicts: FieldConflict[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
/** JSON with object keys sorted: equal states give equal text, whatever order their keys came in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    isRecord(field) ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : field,
  );
}

/** Whether two values are the same data, whatever the order of their keys. */
export const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** A file (an image, a document) is one value: its digest, name, type and size never mix with another file's. */
const isFile = (value: Record<string, unknown>) => typeof value.sha256 === 'string';

/** A record whose fields are merged one by one (a file is not: it is one value). */
const isFielded = (value: unknown): value is Record<string, unknown> => isRecord(value) && !isFile(value);

/** The paths of every leaf (a value that is not a record with fields). */
function leafPaths(value: unknown, path: string[] = [], into: string[][] = []): string[][] {
  if (isFielded(value) && Object.keys(value).length > 0) for (const [name, field] of Object.entries(value)) leafPaths(field, [...path, name], into);
  else into.push(path);
  return into;
}

export function getAt(state: unknown, path: string[]): unknown {
  return path.reduce<unknown>((value, name) => (isRecord(value) ? value[name] : undefined), state);
}

/**
 * Sets (or, for undefined, removes) the value at a path, making the records on the way that are
 * missing. Removing a field never removes the record it was in (an SEO record's `fields` stays,
 * empty): records come and go whole (takeFrom).
 */
export function setAt<S>(state: S, path: string[], value: unknown): S {
  if (path.length === 0) return value as S;
  const [name, ...rest] = path as [string, ...string[]];
  // Nothing to remove under a record that is not there.
  if (value === undefined && rest.length > 0 && !isRecord(getAt(state, [name]))) return state;
  const record: Record<string, unknown> = isRecord(state) ? { ...state } : {};
  const next = setAt(record[name], rest, value);
  if (next === undefined) delete record[name];
  else record[name] = next;
  return record as S;
}

/**
 * Puts `from`'s value at `path` into `state`; where a record on the way is not a record in `state`
 * or in `from` (one side removed it, never had it, or has none: null), the whole record comes from
 * `from` instead, so that no record is ever made of half of one.
 */
export function takeFrom<S>(state: S, from: unknown, path: string[]): S {
  for (let depth = 1; depth < path.length; depth++) {
    const prefix = path.slice(0, depth);
    if (!isRecord(getAt(state, prefix)) || !isRecord(getAt(from, prefix))) return setAt(state, prefix, getAt(from, prefix));
  }
  return setAt(state, path, getAt(from, path));
}

export function mergeDrafts<S>(base: S, ours: S, theirs: S): Merge<S> {
  let merged = structuredClone(theirs);
  const conflicts: FieldConflict[] = [];
  const seen = new Set<string>();
  for (const path of [...leafPaths(ours), ...leafPaths(base)]) {
    const key = JSON.stringify(path);
    if (seen.has(key)) continue;
    seen.add(key);
    const [was, mine, other] = [getAt(base, path), getAt(ours, path), getAt(theirs, path)];
    // Unchanged by us (theirs stands), or changed the same way by both.
    if (same(mine, was) || same(mine, other)) continue;
    if (!same(other, was)) conflicts.push({ path, ours: mine, theirs: other });
    merged = takeFrom(merged, ours, path);
  }
  return { merged, conflicts };
}

/** One field's change; a side without its key had no value there (a translation not yet added). */
export interface PathChange {
  path: string[];
  before?: unknown;
  after?: unknown;
}

/**
 * The fields that differ from `before` to `after`, as the merge sees fields: a record one side
 * lacks is one change, as a whole.
 */
export function changesBetween(before: unknown, after: unknown, path: string[] = []): PathChange[] {
  if (isFielded(before) && isFielded(after)) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return names.flatMap((name) => changesBetween(before[name], after[name], [...path, name]));
  }
  if (same(before, after)) return [];
  return [{ path, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) }];
}

export interface Reverted<S> {
  /** `current` with every change put back that nothing changed since. */
  state: S;
  /** The changes something changed again since, with the value that stands now. */
  later: Array<PathChange & { now: unknown }>;
}

/**
 * Puts each change back where the field still holds what the change made it; the rest are named.
 * A field under a record that is not there now (null, or gone) is a later change too.
 */
export function revertChanges<S>(current: S, changes: PathChange[]): Reverted<S> {
  let state = current;
  const later: Reverted<S>['later'] = [];
  for (const change of changes) {
    const now = getAt(current, change.path);
    const parentThere = change.path.length <= 1 || isRecord(getAt(current, change.path.slice(0, -1)));
    if (parentThere && same(now, change.after)) state = setAt(state, change.path, change.before);
    else later.push({ ...change, now });
  }
  return { state, later };
}
