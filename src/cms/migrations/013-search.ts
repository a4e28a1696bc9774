import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Search (docs/search.md). `search_entries` holds, for each translation of a sheet that a page of
 * its site shows, `search_texts` its title, description and the text of its document, and `serves`: the page
 * languages it is shown on (' en_US de_DE ': its own, and those it is the fallback of, for an
 * untranslated sheet). It is derived from the published content (search/search-index.ts keeps it
 * in step), so it bumps no content version. Each store indexes with its own full-text engine:
 * - SQLite: the FTS5 table `search_terms`, contentless, one row per entry (same rowid), holding
 *   the entry's words already stemmed in JavaScript for their language;
 * - PostgreSQL: the entry's `terms` tsvector, made with the language's text search configuration.
 * Both also keep the title's and description's words as they are (`names`), for the word a
 * visitor is still typing: its start is no stem of anything. The texts themselves are in
 * `search_texts`, so that the entries' rows stay small: a query that matches thousands reads
 * each match's row to keep those of the page's site and language.
 * `search_synonyms` groups words that mean the same (spellings, abbreviations, formulas), by
 * their normalised form; a query word matches every word of its groups. British and American
 * spellings are seeded here.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('search_entries')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('content_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('serves', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('document_sha256', 'text')
    .addUniqueConstraint('search_entries_content', ['content_id', 'language'])
    .execute();
  // The texts apart: an entry's row stays small, so scoping thousands of matches reads little.
  await db.schema
    .createTable('search_texts')
    .addColumn('entry_id', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_entries_site').on('search_entries').column('site_id').execute();

  if (dialect === 'postgres') {
    await sql`ALTER TABLE search_entries ADD COLUMN terms tsvector NOT NULL`.execute(db);
    await sql`ALTER TABLE search_entries ADD COLUMN names tsvector NOT NULL`.execute(db);
    await sql`CREATE INDEX search_entries_terms ON search_entries USING gin (terms)`.execute(db);
    await sql`CREATE INDEX search_entries_names ON search_entries USING gin (names)`.execute(db);
  } else {
    // The words come stemmed (search/terms.ts); the tokenizer only splits them and keeps them as they are.
    await sql`CREATE VIRTUAL TABLE search_terms USING fts5(title, description, document, names, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(
      db,
    );
  }

  await db.schema
    .createTable('search_synonyms')
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_synonyms_pk', ['group_name', 'term'])
    .execute();
  await db.schema.createIndex('search_synonyms_term').on('search_synonyms').column('term').execute();
  const rows = SPELLINGS.flatMap((terms) => terms.map((term) => ({ group_name: `spelling:${terms[0]}`, term })));
  await (db as Kysely<{ search_synonyms: { group_name: string; term: string } }>).insertInto('search_synonyms').values(rows).execute();
}

/** British and American spellings, as sheets and visitors write them (normalised: lower case). */
const SPELLINGS = [
  ['aluminium', 'aluminum'],
  ['vapour', 'vapor'],
  ['vapourise', 'vaporise', 'vaporize'],
  ['vapouriser', 'vaporiser', 'vaporizer'],
  ['sulphur', 'sulfur'],
  ['sulphide', 'sulfide'],
  ['caesium', 'cesium'],
  ['colour', 'color'],
  ['metallisation', 'metallization'],
  ['oxidise', 'oxidize'],
  ['litre', 'liter'],
  ['metre', 'meter'],
];
