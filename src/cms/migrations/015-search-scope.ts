import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * SQLite's search index gets a `scope` column (docs/search.md, "What is searched"): a word per site and page
 * language an entry is shown on, so that a query keeps to the page's entries inside FTS5 instead
 * of reading each match's entry row (most of a common word's time on a large collection). The
 * FTS5 table is made again empty, and the entries with it: the server (or `search update`) makes
 * them again. PostgreSQL's index is unchanged.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`DROP TABLE search_terms`.execute(db);
  await sql`CREATE VIRTUAL TABLE search_terms USING fts5(title, description, document, names, scope, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
    db,
  );
  await sql`DELETE FROM search_texts`.execute(db);
  await sql`DELETE FROM search_topics`.execute(db);
  await sql`DELETE FROM search_entries`.execute(db);
}
