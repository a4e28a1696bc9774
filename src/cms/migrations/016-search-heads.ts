import { sql, type Kysely } from 'kysely';
import type { ContentStore } from '../database';
import type { Dialect } from '../dialect';
import { indexHeads } from '../../search/search-index';

/**
 * Each search entry's title and description get an index of their own (docs/search.md, "How
 * results are ordered"): SQLite's FTS5 tables `search_titles` and `search_heads` (titles and descriptions; same rowid as `search_terms`),
 * PostgreSQL's weighted tsvector `heads` with its GIN index; SQLite also lists
 * their words as written (`search_words`), so that the start of a word being typed becomes those words. A query then finds the sheets that
 * name its words by reading those words' short lists, not the position lists of every document
 * that mentions them. They are made here from the kept texts; the entries stay as they are.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    // Titles apart as well: whether every word is in the title is then asked without a column filter.
    for (const table of [sql`search_titles USING fts5(title, scope`, sql`search_heads USING fts5(heads, names, scope`])
      await sql`CREATE VIRTUAL TABLE ${table}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
    // The words a typed start may complete, listed: FTS5 would gather every row of every such word first.
    await sql`CREATE TABLE search_words (word TEXT PRIMARY KEY) WITHOUT ROWID`.execute(db);
  } else {
    await sql`ALTER TABLE search_entries ADD COLUMN heads tsvector NOT NULL DEFAULT ''::tsvector`.execute(db);
    await sql`CREATE INDEX search_entries_heads ON search_entries USING gin (heads)`.execute(db);
  }
  await indexHeads(db as unknown as ContentStore, dialect);
}
