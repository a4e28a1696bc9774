import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';
import { emptySearchIndex } from './search-index-emptied';

/**
 * Each search entry's title and description get indexes of their own (docs/search.md, "How
 * results are ordered"), so that a query finds the sheets naming its words by reading those
 * words' short lists, not the position lists of every document that mentions them:
 * - SQLite: the FTS5 tables `search_titles` (titles) and `search_heads` (titles and
 *   descriptions, and their words as written), same rowid as `search_terms`; and `search_words`,
 *   every word of those as written, which the start of a word being typed is completed from;
 * - PostgreSQL: the tsvectors `titles` and `heads` with their GIN indexes; and every vector
 *   gets the entry's scope words (as SQLite's rows have), so that one GIN lookup keeps a query to
 *   the page's entries.
 * The index is emptied: the next sync makes every entry again, with these.
 */
/** SQLite's index as this migration leaves it: what it empties (PostgreSQL's is its entries alone). */
export const SQLITE_INDEX = { fullText: ['search_terms', 'search_titles', 'search_heads'], lists: ['search_words'] };

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    // Titles apart as well: whether every word is in the title is then asked without a column filter.
    for (const table of [sql`search_titles USING fts5(title, scope`, sql`search_heads USING fts5(heads, names, scope`])
      await sql`CREATE VIRTUAL TABLE ${table}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
    // The words a typed start may complete, listed: FTS5 would gather every row of every such word first.
    await sql`CREATE TABLE search_words (word TEXT PRIMARY KEY) WITHOUT ROWID`.execute(db);
  } else {
    for (const column of ['heads', 'titles']) {
      await sql`ALTER TABLE search_entries ADD COLUMN ${sql.ref(column)} tsvector NOT NULL DEFAULT ''::tsvector`.execute(db);
      await sql`CREATE INDEX ${sql.ref(`search_entries_${column}`)} ON search_entries USING gin (${sql.ref(column)})`.execute(db);
    }
  }
  await emptySearchIndex(db, dialect === 'sqlite' ? SQLITE_INDEX : {});
}
