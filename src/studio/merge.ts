/**
 * Three-way merge of a draft, field by field: what we started from (base), what we changed (ours),
 * what another editor saved meanwhile (theirs). A field only one side changed takes that side; a
 * field both changed differently is a conflict the editor settles. Nothing either side wrote is
 * dropped without the editor choosing.
 */
type Json = null | boolean | number | string | Json[] | { [name: string]: Json };

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

const isRecord = (value: unknown): value is Record<string, Json> => value !== null && typeof value === 'object' && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every leaf (a value that is not a plain object), by its path; a missing field is undefined. */
function leaves(value: unknown, path: string[] = [], into = new Map<string, { path: string[]; value: unknown }>()) {
  if (isRecord(value) && Object.keys(value).length > 0) for (const [name, field] of Object.entries(value)) leaves(field, [...path, name], into);
  else into.set(JSON.stringify(path), { path, value });
  return into;
}

/** Sets (or, for undefined, removes) the value at a path, making the objects on the way and dropping those it empties. */
export function setAt<S>(state: S, path: string[], value: unknown): S {
  if (path.length === 0) return value as S;
  const [name, ...rest] = path as [string, ...string[]];
  const record: Record<string, unknown> = isRecord(state) ? { ...state } : {};
  const next = setAt(record[name], rest, value);
  if (next === undefined || (value === undefined && isRecord(next) && Object.keys(next).length === 0)) delete record[name];
  else record[name] = next;
  return record as S;
}

export function mergeDrafts<S>(base: S, ours: S, theirs: S): Merge<S> {
  const [baseLeaves, ourLeaves, theirLeaves] = [leaves(base), leaves(ours), leaves(theirs)];
  let merged = structuredClone(theirs);
  const conflicts: FieldConflict[] = [];
  for (const key of new Set([...ourLeaves.keys(), ...baseLeaves.keys()])) {
    const path = (ourLeaves.get(key) ?? baseLeaves.get(key))!.path;
    const [was, mine, other] = [baseLeaves.get(key)?.value, ourLeaves.get(key)?.value, theirLeaves.get(key)?.value];
    // Unchanged by us (theirs stands), or changed the same way by both.
    if (same(mine, was) || same(mine, other)) continue;
    if (!same(other, was)) conflicts.push({ path, ours: mine, theirs: other });
    merged = setAt(merged, path, mine);
  }
  return { merged, conflicts };
}
