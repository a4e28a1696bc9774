/**
 * The search index as the store holds it (migrations 013, 015, 016, 018): every query of the
 * index's upkeep, for SQLite's FTS5 tables and PostgreSQL's vectors alike, and the published
 * content it is made from. search-index.ts decides what to write; this writes it.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { ContentStore } from '../cms/database';
import type { Dialect } from '../cms/dialect';
import type { Database, SearchEntriesTable } from '../cms/schema';
import { indexedTerms, normalize, wordsOf } from './terms';
import { choiceKeysOf, choiceWord, readEntryFacets } from './facets';

/** PostgreSQL's text search configuration for a language; 'simple' (no stemming) for others. */
export function textSearchConfig(language: string): 'english' | 'german' | 'french' | 'simple' {
  const configs = { en: 'english', de: 'german', fr: 'french' } as const;
  return configs[language.slice(0, 2).toLowerCase() as keyof typeof configs] ?? 'simple';
}

/** How `serves` holds page languages: each with a space either side, so ' de_DE ' finds one whole. */
export const servesText = (languages: string[]) => ` ${languages.join(' ')} `;

/**
 * SQLite: the word in an entry's `scope` column for a site's page language (migration 015). Made
 * of letters and digits only, and of a site id, so no text and no query word is ever the same.
 */
export const scopeWord = (siteId: string, language: string) => `scope${siteId}${language.replace(/[^A-Za-z0-9]/g, '')}`.toLowerCase();

/** The sites and their page languages (in their order), which every entry's languages follow. */
export async function readSites(db: ContentStore) {
  // One after another, not together: a serving process's SQLite counts a statement's time limit
  // from when it was queued, and on a large store these reads take a good part of it each.
  const sites = await db.selectFrom('sites').select(['id', 'default_language']).execute();
  const languages = await db
    .selectFrom('site_languages')
    .select(['site_id', 'language'])
    .where('is_active', '=', 1)
    .orderBy('site_id')
    .orderBy('position')
    .execute();
  return { sites, languages };
}

/**
 * Which sheets a part of a sync compares: those by id after one and up to another (null: to the
 * last), a part of the whole store read at once; or those named (the sheets a change touched).
 */
export type ContentRange = { after: string; upTo: string | null } | { ids: readonly string[] };

/** A range as a condition on a table's `content_id`. */
const inRange =
  (range: ContentRange) =>
  (eb: ExpressionBuilder<Database, 'content_translations' | 'search_entries'>): Expression<SqlBool> => {
    if ('ids' in range) return eb('content_id', 'in', range.ids.length === 0 ? [''] : range.ids);
    return range.upTo === null ? eb('content_id', '>', range.after) : eb.and([eb('content_id', '>', range.after), eb('content_id', '<=', range.upTo)]);
  };

/** The next `limit` sheets a collection shows, in id order, after `after`. */
export const readShownContents = (db: ContentStore, after: string, limit: number) =>
  db
    .selectFrom('contents')
    .select(['contents.id', 'contents.site_id', 'contents.primary_language'])
    .where('contents.id', '>', after)
    .where((eb) =>
      eb.exists(eb.selectFrom('collection_items').select('collection_items.content_id').whereRef('collection_items.content_id', '=', 'contents.id')),
    )
    .orderBy('contents.id')
    .limit(limit)
    .execute();

/** Those of the named sheets that a collection shows, in id order. */
export const readShownContentsOf = (db: ContentStore, ids: readonly string[]) =>
  db
    .selectFrom('contents')
    .select(['contents.id', 'contents.site_id', 'contents.primary_language'])
    .where('contents.id', 'in', ids.length === 0 ? [''] : ids)
    .where((eb) =>
      eb.exists(eb.selectFrom('collection_items').select('collection_items.content_id').whereRef('collection_items.content_id', '=', 'contents.id')),
    )
    .orderBy('contents.id')
    .execute();

/** When each translation of the sheets in a range was published. */
export const readPublishedTimes = (db: ContentStore, range: ContentRange) =>
  db.selectFrom('content_translations').select(['content_id', 'language', 'published_at']).where(inRange(range)).execute();

/** The entries of the sheets in a range, with what tells whether each is current. */
export const listEntries = (db: ContentStore, range: ContentRange) =>
  db.selectFrom('search_entries').select(['id', 'content_id', 'language', 'serves', 'published_at']).where(inRange(range)).execute();

/** The ids of the entries made from these translations ("contentId language"). */
export async function findEntryIds(trx: ContentStore, translations: Set<string>, contentIds: string[]): Promise<number[]> {
  const rows = await trx.selectFrom('search_entries').select(['id', 'content_id', 'language']).where('content_id', 'in', contentIds).execute();
  return rows.filter((row) => translations.has(`${row.content_id} ${row.language}`)).map((row) => Number(row.id));
}

/** An entry's row as written (its id is the store's to give). */
export type EntryRow = Omit<SearchEntriesTable, 'id' | 'facets'> & { facets: string };

/** The texts an entry is found by: title, description and document, each with the searched fields' values. */
export interface IndexedText {
  title: string;
  description: string;
  document: string;
}

/** An entry to write: its row, its indexed words (`indexed`) and its texts as shown (`shown`). */
export interface EntryWritten {
  row: EntryRow;
  indexed: IndexedText;
  shown: IndexedText;
}

/** Rows written by one statement: a few hundred values, under any store's limit on them. */
const ROWS_A_STATEMENT = 50;

/**
 * Writes entries, their texts as shown and their indexed words: a statement per table for many
 * entries, since a statement each made a bulk import's index wait on thousands of round trips.
 */
export async function insertEntries(trx: ContentStore, dialect: Dialect, entries: readonly EntryWritten[]): Promise<void> {
  for (let start = 0; start < entries.length; start += ROWS_A_STATEMENT) {
    const part = entries.slice(start, start + ROWS_A_STATEMENT);
    // The page languages it is shown on, and its facets' choices: a search keeps to both in the engine.
    const scopes = part.map(({ row }) => [scopeOf(row.site_id, row.serves), ...choiceKeysOf(readEntryFacets(row.facets)).map(choiceWord)].join(' '));
    const rows =
      dialect === 'postgres'
        ? part.map(({ row, indexed }, index) => ({ ...row, ...postgresVectors(scopes[index]!, row.language, indexed) }) as never)
        : part.map(({ row }) => row);
    const inserted = await trx.insertInto('search_entries').values(rows).returning(['id', 'content_id', 'language']).execute();
    // A row's id by its sheet and language (unique): no store promises RETURNING's order.
    const idOf = new Map(inserted.map((row) => [`${row.content_id} ${row.language}`, Number(row.id)]));
    const ids = part.map(({ row }) => idOf.get(`${row.content_id} ${row.language}`)!);
    await trx
      .insertInto('search_texts')
      .values(part.map(({ shown }, index) => ({ entry_id: ids[index]!, title: shown.title, description: shown.description, document: shown.document })))
      .execute();
    if (dialect === 'sqlite') await writeTerms(trx, part, ids, scopes);
    await keepWords(trx, part.map(({ indexed }) => namesOf(indexed)).join(' '));
  }
}

/** SQLite: the rows of `search_terms`, `search_titles` and `search_heads` (migrations 013, 016), the entries' words stemmed, and as written. */
async function writeTerms(trx: ContentStore, entries: readonly EntryWritten[], ids: readonly number[], scopes: readonly string[]): Promise<void> {
  const rows = entries.map(({ row: { language }, indexed }, index) => {
    const title = indexedTerms(indexed.title, language);
    const description = indexedTerms(indexed.description, language);
    return { id: ids[index]!, title, description, document: indexedTerms(indexed.document, language), names: namesOf(indexed), scope: scopes[index]! };
  });
  await sql`INSERT INTO search_terms (rowid, title, description, document, names, scope) VALUES ${sql.join(
    rows.map((row) => sql`(${row.id}, ${row.title}, ${row.description}, ${row.document}, ${row.names}, ${row.scope})`),
  )}`.execute(trx);
  await sql`INSERT INTO search_titles (rowid, title, scope) VALUES ${sql.join(rows.map((row) => sql`(${row.id}, ${row.title}, ${row.scope})`))}`.execute(trx);
  await sql`INSERT INTO search_heads (rowid, heads, names, scope) VALUES ${sql.join(
    rows.map((row) => sql`(${row.id}, ${`${row.title} ${row.description}`}, ${row.names}, ${row.scope})`),
  )}`.execute(trx);
}

/** The words of a title and description as written (the word being typed matches their start). */
const namesOf = (text: Pick<IndexedText, 'title' | 'description'>) => wordsOf(`${text.title} ${text.description}`).join(' ');

/** Longer words of a title or description are not listed for the word being typed (nor fit PostgreSQL's b-tree and tsvector limits). */
const LONGEST_WRITTEN = 100;

/** The words of titles and descriptions as written, each once, that the word being typed may complete to. */
const writtenWords = (names: string) => [...new Set(names.split(' ').filter((word) => word !== '' && word.length <= LONGEST_WRITTEN))];

/** An entry's scope: the words of the page languages it is shown on (scopeWord). */
const scopeOf = (siteId: string, serves: string) =>
  serves
    .trim()
    .split(' ')
    .map((language) => scopeWord(siteId, language))
    .join(' ');

/**
 * PostgreSQL: the mark a title's and description's words as written carry in `terms` and
 * `heads`, where the start of a word being typed is looked for (search-query.ts): no stemmed
 * word, which is letters and digits only, can be one of them.
 */
export const WRITTEN = '~';

/** PostgreSQL: a title's and description's words as written, marked (WRITTEN), as a vector. */
const writtenOf = (text: Pick<IndexedText, 'title' | 'description'>) =>
  sql`array_to_tsvector(${writtenWords(namesOf(text)).map((word) => WRITTEN + word)}::text[])`;

/**
 * PostgreSQL: an entry's vectors, each holding its scope words too (as SQLite's rows do), so that
 * one GIN lookup keeps a query to the page's entries: `terms` every word (the title weighted A,
 * the description B, the document C), `heads` the title's and description's, `titles` the
 * title's; `terms` and `heads` also hold the title's and description's words as written, marked
 * (WRITTEN). The document is left out when not given (its words are in `terms` already).
 */
function postgresVectors(scopeWords: string, language: string, text: Pick<IndexedText, 'title' | 'description'> & { document?: string }) {
  const config = textSearchConfig(language);
  const scope = sql`to_tsvector('simple', ${scopeWords})`;
  const title = sql`setweight(to_tsvector(${config}::regconfig, ${normalize(text.title)}), 'A')`;
  const heads = sql`${title} || setweight(to_tsvector(${config}::regconfig, ${normalize(text.description)}), 'B') || ${writtenOf(text)}`;
  return {
    ...(text.document === undefined
      ? {}
      : { terms: sql`${heads} || setweight(to_tsvector(${config}::regconfig, ${normalize(text.document)}), 'C') || ${scope}` }),
    heads: sql`${heads} || ${scope}`,
    titles: sql`${title} || ${scope}`,
  };
}

/**
 * Lists words of titles and descriptions as written (`search_words`), which the start of a word
 * being typed is completed from. Kept when their entry goes: a word no entry has any more only
 * completes to nothing.
 */
async function keepWords(trx: ContentStore, names: string): Promise<void> {
  const words = writtenWords(names);
  for (let start = 0; start < words.length; start += 500) {
    const some = words.slice(start, start + 500);
    await sql`INSERT INTO search_words (word) VALUES ${sql.join(some.map((word) => sql`(${word})`))} ON CONFLICT DO NOTHING`.execute(trx);
  }
}

/** The primary translation's body of each of these sheets (where their topics are listed). */
export function readPrimaryBodies(trx: ContentStore, contentIds: string[]) {
  return trx
    .selectFrom('content_translations as t')
    .innerJoin('contents as c', (join) => join.onRef('c.id', '=', 't.content_id').onRef('c.primary_language', '=', 't.language'))
    .select(['t.content_id', 't.body'])
    .where('t.content_id', 'in', contentIds)
    .execute();
}

/**
 * These sheets' topics, as given: those they had go. Only rows that differ are written: a sheet
 * whose topics stayed the same touches none, so the CDN's topic keys (migration 031's trigger on
 * this table) are queued only when a topic's sheets change.
 */
export async function replaceTopics(trx: ContentStore, contentIds: string[], rows: Array<{ content_id: string; topic: string }>): Promise<void> {
  const had = new Map<string, Set<string>>();
  for (let start = 0; start < contentIds.length; start += 400)
    for (const row of await trx
      .selectFrom('search_topics')
      .select(['content_id', 'topic'])
      .where('content_id', 'in', contentIds.slice(start, start + 400))
      .execute())
      had.set(row.content_id, (had.get(row.content_id) ?? new Set()).add(row.topic));
  const wanted = new Map<string, Set<string>>(contentIds.map((id) => [id, new Set()]));
  for (const row of rows) wanted.set(row.content_id, (wanted.get(row.content_id) ?? new Set()).add(row.topic));
  const added: Array<{ content_id: string; topic: string }> = [];
  for (const [contentId, topics] of wanted) {
    const before = had.get(contentId) ?? new Set<string>();
    const gone = [...before].filter((topic) => !topics.has(topic));
    if (gone.length > 0) await trx.deleteFrom('search_topics').where('content_id', '=', contentId).where('topic', 'in', gone).execute();
    for (const topic of topics) if (!before.has(topic)) added.push({ content_id: contentId, topic });
  }
  for (let start = 0; start < added.length; start += 400)
    await trx
      .insertInto('search_topics')
      .values(added.slice(start, start + 400))
      .execute();
}

/** A sheet no entry is left for has no topics to filter by either. */
export async function deleteOrphanTopics(db: ContentStore): Promise<void> {
  await db
    .deleteFrom('search_topics')
    .where('content_id', 'not in', (eb) => eb.selectFrom('search_entries').select('content_id'))
    .execute();
}

/** Removes entries, their texts and (SQLite) their indexed words. */
export async function removeEntries(trx: ContentStore, dialect: Dialect, ids: number[]): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`DELETE FROM search_terms WHERE rowid IN (${sql.join(ids)})`.execute(trx);
    await sql`DELETE FROM search_titles WHERE rowid IN (${sql.join(ids)})`.execute(trx);
    await sql`DELETE FROM search_heads WHERE rowid IN (${sql.join(ids)})`.execute(trx);
  }
  await trx.deleteFrom('search_texts').where('entry_id', 'in', ids).execute();
  await trx.deleteFrom('search_entries').where('id', 'in', ids).execute();
}

/**
 * PostgreSQL after many entries changed: the GIN indexes' pending lists merged (a query reads
 * them row by row until autovacuum gets to it) and the statistics the planner guesses matches
 * from made again.
 */
export async function tidyPostgres(db: ContentStore): Promise<void> {
  // A GIN index per vector and part of the entries (migration 018).
  for (const column of ['terms', 'heads', 'titles'])
    for (const part of [0, 1, 2, 3]) await sql`SELECT gin_clean_pending_list(${`search_entries_${column}_${part}`}::regclass)`.execute(db);
  await sql`ANALYZE search_entries`.execute(db);
}

/** The title and body of every translation of these sheets. */
export const readTranslations = (db: ContentStore, contentIds: string[]) =>
  db.selectFrom('content_translations').select(['content_id', 'language', 'title', 'body']).where('content_id', 'in', contentIds).execute();

/** A document's file and the text kept with its bytes (null: none kept yet; undefined: its bytes are not among the blobs). */
export async function findDocumentText(db: ContentStore, assetId: string, version: number) {
  const asset = await db
    .selectFrom('file_assets')
    .select(['sha256', 'mime_type'])
    .where('asset_id', '=', assetId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (asset === undefined) return undefined;
  const kept = await db.selectFrom('blobs').select('text').where('sha256', '=', asset.sha256).executeTakeFirst();
  return { ...asset, text: kept === undefined ? undefined : kept.text };
}

/** A document's bytes, by their digest. */
export const readFileBytes = (db: ContentStore, sha256: string) =>
  db.selectFrom('file_assets').select(['bytes', 'byte_size', 'created_at']).where('sha256', '=', sha256).executeTakeFirstOrThrow();

/** Keeps a document's text with its bytes (among the blobs, which it joins if it was not there). */
export async function keepDocumentText(
  db: ContentStore,
  file: { sha256: string; mime_type: string; inBlobs: boolean; stored: Awaited<ReturnType<typeof readFileBytes>> },
  text: string,
): Promise<void> {
  if (file.inBlobs) {
    await db.updateTable('blobs').set({ text }).where('sha256', '=', file.sha256).execute();
    return;
  }
  const { stored } = file;
  await db
    .insertInto('blobs')
    .values({ sha256: file.sha256, mime_type: file.mime_type, byte_size: stored.byte_size, bytes: stored.bytes, text, created_at: stored.created_at })
    .onConflict((oc) => oc.column('sha256').doUpdateSet({ text }))
    .execute();
}

/**
 * Marks for indexing again the entries of sheets whose stored bodies hold a value of these fields
 * (their search weight changed, or they were added, retired or brought back): the next sync makes
 * them again, with the fields as the type now searches them.
 */
export async function markFieldsStale(db: ContentStore, fieldNames: string[]): Promise<void> {
  if (fieldNames.length === 0) return;
  const holders = db
    .selectFrom('content_translations')
    .select('content_id')
    // LIKE's wildcards in a name (`_`) match only themselves: escaped, with the escape named (SQLite has none by default).
    .where(
      sql<boolean>`(${sql.join(
        fieldNames.map((name) => sql`body LIKE ${`%${JSON.stringify(name).replace(/[\\%_]/g, '\\$&')}:%`} ESCAPE '\\'`),
        sql` OR `,
      )})`,
    );
  await db.updateTable('search_entries').set({ published_at: '' }).where('content_id', 'in', holders).execute();
}
