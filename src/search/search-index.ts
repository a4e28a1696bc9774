/**
 * Keeps the search entries (migration 013) in step with the published content: an entry for each
 * translation of a sheet of a site's collections that one of the site's pages shows (its own
 * language's, or another's for an untranslated sheet), indexed by the store's own full-text
 * engine, and the page languages it is shown on. `syncSearchIndex` brings only what changed up to
 * date (an entry remembers when its translation was published and which pages show it, both in
 * its indexed words as its scope); a rebuild makes all. The document's text is the one kept with its
 * bytes when it came in; a document that has none (stored before text was kept) has it read now,
 * and kept, once.
 */
import { sql } from 'kysely';
import type { ContentStore, OpenStore } from '../cms/database';
import type { Dialect } from '../cms/dialect';
import { readStoredBody } from '../cms/stored-json';
import { findSheetType } from '../cms/repositories/content-types';
import { csvCellOf, offeredFields } from '../content-model/sheet-values';
import type { Field } from '../content-model/definition';
import { DOCUMENT_PATH } from '../sheet/shape';
import { documentText } from '../files/uploads';
import { topicsOfBody } from '../shared/topics';
import { indexedTerms, normalize, wordsOf } from './terms';

/** A document's text is indexed up to this many characters (PostgreSQL's tsvector holds at most 1 MB). */
export const INDEXED_DOCUMENT_CHARACTERS = 200_000;
/** Entries written per transaction. */
const BATCH = 200;

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

interface Wanted {
  siteId: string;
  contentId: string;
  /** The translation's language. */
  language: string;
  serves: string;
  publishedAt: string;
}

export interface SyncResult {
  /** Entries made, made again, or shown on other pages than before. */
  written: number;
  removed: number;
}

export interface SyncOptions {
  /** Every entry made again, not only those out of date. */
  rebuild?: boolean;
  /** Told after each batch: entries done of those to do. */
  onProgress?: (done: number, total: number) => void;
}

/** Brings the search entries up to date with the published content. */
export async function syncSearchIndex(store: Pick<OpenStore, 'db' | 'dialect'>, options: SyncOptions = {}): Promise<SyncResult> {
  const { db, dialect } = store;
  const wanted = await wantedEntries(db);
  const existing = await db.selectFrom('search_entries').select(['id', 'content_id', 'language', 'serves', 'published_at']).execute();
  const keyOf = (contentId: string, language: string) => `${contentId} ${language}`;
  const wantedByKey = new Map(wanted.map((entry) => [keyOf(entry.contentId, entry.language), entry]));
  const removed: number[] = [];
  const current = new Set<string>();
  for (const entry of existing) {
    const key = keyOf(entry.content_id, entry.language);
    const want = wantedByKey.get(key);
    if (want === undefined) removed.push(Number(entry.id));
    // The page languages are in the indexed words too (the entry's scope): a move is made again.
    else if (!options.rebuild && want.publishedAt === entry.published_at && want.serves === entry.serves) current.add(key);
  }
  const stale = [...wantedByKey].filter(([key]) => !current.has(key)).map(([, entry]) => entry);

  for (let start = 0; start < removed.length; start += BATCH) {
    const ids = removed.slice(start, start + BATCH);
    await db.transaction().execute(async (trx) => {
      await removeEntries(trx, dialect, ids);
    });
  }
  for (let start = 0; start < stale.length; start += BATCH) {
    await writeEntries(db, dialect, stale.slice(start, start + BATCH));
    options.onProgress?.(Math.min(start + BATCH, stale.length), stale.length);
  }
  if (dialect === 'postgres' && stale.length + removed.length >= TIDY_AFTER) await tidyPostgres(db);
  if (removed.length > 0) {
    // A sheet no page shows any more has no topics to filter by either.
    await db
      .deleteFrom('search_topics')
      .where('content_id', 'not in', (eb) => eb.selectFrom('search_entries').select('content_id'))
      .execute();
  }
  return { written: stale.length, removed: removed.length };
}

/** Entries written or removed in one sync past which PostgreSQL's indexes are tidied (tidyPostgres). */
const TIDY_AFTER = 1_000;

/**
 * PostgreSQL after many entries changed: the GIN indexes' pending lists merged (a query reads
 * them row by row until autovacuum gets to it) and the statistics the planner guesses matches
 * from made again.
 */
async function tidyPostgres(db: ContentStore): Promise<void> {
  // A GIN index per vector and part of the entries (migration 018).
  for (const column of ['terms', 'heads', 'titles'])
    for (const part of [0, 1, 2, 3]) await sql`SELECT gin_clean_pending_list(${`search_entries_${column}_${part}`}::regclass)`.execute(db);
  await sql`ANALYZE search_entries`.execute(db);
}

/**
 * Each entry there should be: for each page language of the site, the translation the page shows
 * (its own language's, else the site's default language's, else the content's primary
 * language's, as delivery chooses), with every page language that shows it.
 */
async function wantedEntries(db: ContentStore): Promise<Wanted[]> {
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
  const contents = await db
    .selectFrom('contents')
    .select(['contents.id', 'contents.site_id', 'contents.primary_language'])
    .where((eb) =>
      eb.exists(eb.selectFrom('collection_items').select('collection_items.content_id').whereRef('collection_items.content_id', '=', 'contents.id')),
    )
    .execute();
  const translations = await db.selectFrom('content_translations').select(['content_id', 'language', 'published_at']).execute();
  const defaults = new Map(sites.map((site) => [site.id, site.default_language]));
  const siteLanguages = new Map<string, string[]>();
  for (const row of languages) siteLanguages.set(row.site_id, [...(siteLanguages.get(row.site_id) ?? []), row.language]);
  const published = new Map<string, Map<string, string>>();
  for (const row of translations) {
    const byLanguage = published.get(row.content_id) ?? new Map<string, string>();
    byLanguage.set(row.language, row.published_at);
    published.set(row.content_id, byLanguage);
  }
  return contents.flatMap((content) => {
    const byLanguage = published.get(content.id);
    if (byLanguage === undefined) return [];
    const fallback = [defaults.get(content.site_id), content.primary_language];
    const pageLanguages = siteLanguages.get(content.site_id) ?? [defaults.get(content.site_id) ?? content.primary_language];
    const shownOn = new Map<string, string[]>();
    for (const page of pageLanguages) {
      const shown = [page, ...fallback].find((candidate) => candidate !== undefined && byLanguage.has(candidate));
      if (shown !== undefined) shownOn.set(shown, [...(shownOn.get(shown) ?? []), page]);
    }
    return [...shownOn].map(([language, pages]) => ({
      siteId: content.site_id,
      contentId: content.id,
      language,
      serves: servesText(pages),
      publishedAt: byLanguage.get(language)!,
    }));
  });
}

interface EntryText {
  title: string;
  description: string;
  /**
   * The values of the fields its type searches (CAS numbers, formula, product code…), by how much
   * a match counts: indexed with the title (3), the description (2) or the document (1), and never
   * shown as them.
   */
  properties: Record<1 | 2 | 3, string>;
  document: string;
  documentSha256: string | null;
}

/** Makes (or makes again) these entries, in one transaction. */
async function writeEntries(db: ContentStore, dialect: Dialect, entries: Wanted[]): Promise<void> {
  const texts = await entryTexts(db, entries);
  await db.transaction().execute(async (trx) => {
    // The entries made before from these translations.
    const remade = new Set(entries.map((entry) => `${entry.contentId} ${entry.language}`));
    const oldIds = (
      await trx
        .selectFrom('search_entries')
        .select(['id', 'content_id', 'language'])
        .where(
          'content_id',
          'in',
          entries.map((entry) => entry.contentId),
        )
        .execute()
    )
      .filter((row) => remade.has(`${row.content_id} ${row.language}`))
      .map((row) => Number(row.id));
    if (oldIds.length > 0) {
      await removeEntries(trx, dialect, oldIds);
    }
    await writeTopics(trx, entries);
    for (const [index, entry] of entries.entries()) {
      const text = texts[index]!;
      const { properties } = text;
      const indexed = {
        title: `${text.title} ${properties[3]}`.trim(),
        description: `${text.description} ${properties[2]}`.trim(),
        document: `${properties[1]} ${text.document}`.trim(),
      };
      const row = {
        site_id: entry.siteId,
        content_id: entry.contentId,
        language: entry.language,
        serves: entry.serves,
        published_at: entry.publishedAt,
        document_sha256: text.documentSha256,
      };
      if (dialect === 'postgres') {
        const inserted = await trx
          .insertInto('search_entries')
          .values({ ...row, ...postgresVectors(entry.siteId, entry.serves, entry.language, indexed) } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('search_texts')
          .values({ entry_id: Number(inserted.id), title: text.title, description: text.description, document: text.document })
          .execute();
        await keepWords(trx, namesOf(indexed));
      } else {
        const inserted = await trx.insertInto('search_entries').values(row).returning('id').executeTakeFirstOrThrow();
        const id = Number(inserted.id);
        await trx.insertInto('search_texts').values({ entry_id: id, title: text.title, description: text.description, document: text.document }).execute();
        const scope = scopeOf(entry.siteId, entry.serves);
        await sql`INSERT INTO search_terms (rowid, title, description, document, names, scope)
          VALUES (${id}, ${indexedTerms(indexed.title, entry.language)}, ${indexedTerms(indexed.description, entry.language)}, ${indexedTerms(indexed.document, entry.language)}, ${namesOf(indexed)}, ${scope})`.execute(
          trx,
        );
        await writeHeads(trx, [{ id, language: entry.language, title: indexed.title, description: indexed.description, scope }]);
      }
    }
  });
}

/** The words of a title and description as written (the word being typed matches their start). */
const namesOf = (text: Pick<EntryText, 'title' | 'description'>) => wordsOf(`${text.title} ${text.description}`).join(' ');

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
const writtenOf = (text: Pick<EntryText, 'title' | 'description'>) =>
  sql`array_to_tsvector(${writtenWords(namesOf(text)).map((word) => WRITTEN + word)}::text[])`;

/**
 * PostgreSQL: an entry's vectors, each holding its scope words too (as SQLite's rows do), so that
 * one GIN lookup keeps a query to the page's entries: `terms` every word (the title weighted A,
 * the description B, the document C), `heads` the title's and description's, `titles` the
 * title's; `terms` and `heads` also hold the title's and description's words as written, marked
 * (WRITTEN). The document is left out when not given (its words are in `terms` already).
 */
function postgresVectors(siteId: string, serves: string, language: string, text: Pick<EntryText, 'title' | 'description'> & { document?: string }) {
  const config = textSearchConfig(language);
  const scope = sql`to_tsvector('simple', ${scopeOf(siteId, serves)})`;
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

interface HeadsRow {
  id: number;
  language: string;
  title: string;
  description: string;
  scope: string;
}

/** SQLite: the rows of `search_titles` and `search_heads` (migration 016), the title's words and the title's and description's, and their words as written. */
async function writeHeads(trx: ContentStore, rows: HeadsRow[]): Promise<void> {
  for (const row of rows) {
    const title = indexedTerms(row.title, row.language);
    await sql`INSERT INTO search_titles (rowid, title, scope) VALUES (${row.id}, ${title}, ${row.scope})`.execute(trx);
    const names = namesOf(row);
    await sql`INSERT INTO search_heads (rowid, heads, names, scope)
      VALUES (${row.id}, ${`${title} ${indexedTerms(row.description, row.language)}`}, ${names}, ${row.scope})`.execute(trx);
    await keepWords(trx, names);
  }
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

/**
 * The topics of the sheets whose entries are made again, as their primary translation's body
 * lists them (as the editing model reads a sheet's topics), whichever translation changed.
 */
async function writeTopics(trx: ContentStore, entries: Wanted[]): Promise<void> {
  const contentIds = [...new Set(entries.map((entry) => entry.contentId))];
  const primaries = await trx
    .selectFrom('content_translations as t')
    .innerJoin('contents as c', (join) => join.onRef('c.id', '=', 't.content_id').onRef('c.primary_language', '=', 't.language'))
    .select(['t.content_id', 't.body'])
    .where('t.content_id', 'in', contentIds)
    .execute();
  await trx.deleteFrom('search_topics').where('content_id', 'in', contentIds).execute();
  const rows = primaries.flatMap((row) =>
    topicsOfBody(readStoredBody(row.body, `content ${row.content_id}`)).map((topic) => ({ content_id: row.content_id, topic })),
  );
  for (let start = 0; start < rows.length; start += 400)
    await trx
      .insertInto('search_topics')
      .values(rows.slice(start, start + 400))
      .execute();
}

/** Removes entries, their texts and (SQLite) their indexed words. */
async function removeEntries(trx: ContentStore, dialect: Dialect, ids: number[]): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`DELETE FROM search_terms WHERE rowid IN (${sql.join(ids)})`.execute(trx);
    await sql`DELETE FROM search_titles WHERE rowid IN (${sql.join(ids)})`.execute(trx);
    await sql`DELETE FROM search_heads WHERE rowid IN (${sql.join(ids)})`.execute(trx);
  }
  await trx.deleteFrom('search_texts').where('entry_id', 'in', ids).execute();
  await trx.deleteFrom('search_entries').where('id', 'in', ids).execute();
}

/** The title, description and document text of each entry's source translation. */
async function entryTexts(db: ContentStore, entries: Wanted[]): Promise<EntryText[]> {
  const rows = await db
    .selectFrom('content_translations')
    .select(['content_id', 'language', 'title', 'body'])
    .where('content_id', 'in', [...new Set(entries.map((entry) => entry.contentId))])
    .execute();
  const bodies = new Map(rows.map((row) => [`${row.content_id} ${row.language}`, row]));
  const documents = new Map<string, { sha256: string; text: string } | null>();
  const searched = offeredFields(await findSheetType(db)).filter((field) => field.shows.search > 0);
  const texts: EntryText[] = [];
  for (const entry of entries) {
    const row = bodies.get(`${entry.contentId} ${entry.language}`);
    const body = row === undefined ? null : readStoredBody(row.body, `content ${entry.contentId} (${entry.language})`);
    const field = (name: string) => (body !== null && typeof body[name] === 'string' ? (body[name] as string) : '');
    const url = field('url');
    if (!documents.has(url)) documents.set(url, await documentOf(db, url));
    const document = documents.get(url) ?? null;
    texts.push({
      title: field('Title') || (row?.title ?? ''),
      description: field('description'),
      properties: searchedText(searched, body),
      document: document?.text.slice(0, INDEXED_DOCUMENT_CHARACTERS) ?? '',
      documentSha256: document?.sha256 ?? null,
    });
  }
  return texts;
}

/** A body's values of the searched fields, joined by how much a match in each counts. */
function searchedText(fields: Field[], body: Record<string, unknown> | null): Record<1 | 2 | 3, string> {
  const texts: Record<1 | 2 | 3, string[]> = { 1: [], 2: [], 3: [] };
  for (const field of fields) texts[field.shows.search as 1 | 2 | 3]?.push(csvCellOf(body?.[field.name]));
  return { 1: texts[1].join(' '), 2: texts[2].join(' '), 3: texts[3].join(' ') };
}

/** The text of the document a sheet links to, read (and kept) now if it was never kept. */
async function documentOf(db: ContentStore, url: string): Promise<{ sha256: string; text: string } | null> {
  const match = DOCUMENT_PATH.exec(url);
  if (match === null) return null;
  const asset = await db
    .selectFrom('file_assets')
    .select(['sha256', 'mime_type'])
    .where('asset_id', '=', decodeURIComponent(match[1]!))
    .where('version', '=', Number(match[2]))
    .executeTakeFirst();
  if (asset === undefined || asset.mime_type !== 'application/pdf') return null;
  const kept = await db.selectFrom('blobs').select('text').where('sha256', '=', asset.sha256).executeTakeFirst();
  if (kept !== undefined && kept.text !== null) return { sha256: asset.sha256, text: kept.text };
  // Stored before text was kept with documents: read it once, and keep it with the bytes.
  const file = await db.selectFrom('file_assets').select(['bytes', 'byte_size', 'created_at']).where('sha256', '=', asset.sha256).executeTakeFirstOrThrow();
  const text = (await documentText(Buffer.from(file.bytes))) ?? '';
  if (kept === undefined) {
    await db
      .insertInto('blobs')
      .values({ sha256: asset.sha256, mime_type: asset.mime_type, byte_size: file.byte_size, bytes: file.bytes, text, created_at: file.created_at })
      .onConflict((oc) => oc.column('sha256').doUpdateSet({ text }))
      .execute();
  } else {
    await db.updateTable('blobs').set({ text }).where('sha256', '=', asset.sha256).execute();
  }
  return { sha256: asset.sha256, text };
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
