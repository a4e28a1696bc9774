/**
 * Rows kept as they were before a change that spans several transactions (an import applied in
 * steps), to put back should a later step fail. What is kept is named by table and scope (the
 * rows of `site_languages` whose `site_id` is a site's id, say); putting back writes each kept row
 * again by its primary key and deletes the rows in scope that were not there before. Rows are
 * written over by key, never deleted and inserted again, so a row that was there all along keeps
 * what refers to it (a foreign key's cascade never fires for it).
 */
import type { Kysely } from 'kysely';
import type { ContentStore } from '../database';

/** Which rows: those of `table` whose columns hold the values `scope` gives. */
export interface RowScope {
  table: string;
  /** The table's primary key columns. */
  key: string[];
  scope: Record<string, string | number>;
}

export interface KeptRows extends RowScope {
  rows: Array<Record<string, unknown>>;
}

// Tables are named by string here: the typed store has no type for "any of them".
const untyped = (db: ContentStore) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

function inScope(db: ContentStore, { table, scope }: RowScope) {
  let query = untyped(db).selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(scope)) query = query.where(column, '=', value);
  return query;
}

/** The rows each scope holds now, in the scopes' order (parents before the rows that refer to them). */
export async function keepRows(db: ContentStore, scopes: RowScope[]): Promise<KeptRows[]> {
  const kept: KeptRows[] = [];
  for (const scope of scopes) kept.push({ ...scope, rows: await inScope(db, scope).execute() });
  return kept;
}

/**
 * Puts kept rows back, in the caller's transaction: every kept row written again (parents first),
 * then the rows added since deleted (those that refer to others first).
 */
export async function putBackRows(db: ContentStore, kept: KeptRows[]): Promise<void> {
  const store = untyped(db);
  for (const { table, key, rows } of kept)
    for (const row of rows) {
      const values = Object.fromEntries(Object.entries(row).filter(([column]) => !key.includes(column)));
      await store
        .insertInto(table)
        .values(row)
        .onConflict((conflict) => (Object.keys(values).length === 0 ? conflict.columns(key).doNothing() : conflict.columns(key).doUpdateSet(values)))
        .execute();
    }
  for (const scope of [...kept].reverse()) {
    const keyOf = (row: Record<string, unknown>) => JSON.stringify(scope.key.map((column) => row[column]));
    const wanted = new Set(scope.rows.map(keyOf));
    for (const row of await inScope(db, scope).execute()) {
      if (wanted.has(keyOf(row))) continue;
      let query = store.deleteFrom(scope.table);
      for (const column of scope.key) query = query.where(column, '=', row[column] as never);
      await query.execute();
    }
  }
}
