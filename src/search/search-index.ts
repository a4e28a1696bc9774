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
import { inTransaction, SCHEMA_STEPS, type ContentStore, type OpenStore } from '../cms/database';
import type { Dialect } from '../cms/dialect';
import { readStoredBody } from '../cms/stored-json';
import { readContentVersion, readSearchIndexStamp, saveSearchIndexStamp } from '../cms/repositories/store-state';
import { findSheetType } from '../cms/repositories/content-types';
import { csvCellOf, offeredFields } from '../content-model/sheet-values';
import type { Field } from '../content-model/definition';
import { DOCUMENT_PATH } from '../sheet/shape';
import { documentText } from '../files/uploads';
import { topicsOfBody } from '../shared/topics';
import { compactOf, wordsOf } from './terms';
import { TOPIC_FACET, type EntryFacets } from './facets';
import {
  deleteOrphanTopics,
  findDocumentText,
  findEntryIds,
  insertEntries,
  keepDocumentText,
  listEntries,
  readFileBytes,
  readPrimaryBodies,
  readPublishedTimes,
  readShownContents,
  readShownContentsOf,
  readSites,
  readTranslations,
  removeEntries,
  replaceTopics,
  servesText,
  tidyPostgres,
  type ContentRange,
} from './index-store';

/** A document's text is indexed up to this many characters (PostgreSQL's tsvector holds at most 1 MB). */
export const INDEXED_DOCUMENT_CHARACTERS = 200_000;
/** Entries written per transaction. */
const BATCH = 200;
/** Sheets compared at once. */
const PART_SIZE = 1_000;

interface Wanted {
  siteId: string;
  contentId: string;
  /** The translation's language. */
  language: string;
  serves: string;
  publishedAt: string;
  /** Made from the sheet's primary translation, whose topics and shared values every entry of the sheet holds. */
  primary: boolean;
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
  /** Sheets compared at once (PART_SIZE; tests make it small to cross parts). */
  partSize?: number;
  /** Only these sheets compared (those a change touched: index-reader.ts); every sheet when not given. */
  contentIds?: readonly string[];
}

/**
 * What a sync brought the entries up to date with: a position of the change journal, and the
 * store's migrations, which is how a change in how they are made marks them out of date (an upgrade
 * journals no content). The index's reader compares every sheet when the stamp's migrations are
 * not the store's (index-reader.ts). A change in how entries are made therefore comes with a
 * migration that marks them (025) or empties them (search-index-emptied.ts).
 */
export const indexStampOf = (position: number): string => `${position} ${SCHEMA_STEPS}`;

/** Whether a stamp was made by this code's migrations (else every entry is compared again). */
export const isStampOfThisSchema = (stamp: string | undefined): boolean => stamp?.endsWith(` ${SCHEMA_STEPS}`) ?? false;

/**
 * Brings the search entries up to date with the published content (the sheets named, or all);
 * inside `db`'s transaction when it is one (the index's reader's, a preview's). Then stamps the
 * index (indexStampOf) with the journal's position read before anything else: a change landing
 * during the sync leaves the stamp behind it.
 */
export async function syncSearchIndex(store: Pick<OpenStore, 'db' | 'dialect'>, options: SyncOptions = {}): Promise<SyncResult> {
  const { db, dialect } = store;
  const version = await readContentVersion(db);
  const sites = await readSites(db);
  const removed: number[] = [];
  const stale: Wanted[] = [];
  // A part of the store at a time: what a sync holds at once is bounded by the part, not by the
  // store (on 100,000 sheets, comparing all at once took some 280 MB for a moment).
  const { partSize = PART_SIZE } = options;
  const compare = async (contents: Awaited<ReturnType<typeof readShownContents>>, range: ContentRange) => {
    const wanted = wantedEntries(sites, contents, await readPublishedTimes(db, range));
    const compared = compareEntries(wanted, await listEntries(db, range), options);
    removed.push(...compared.removed);
    stale.push(...compared.stale);
  };
  if (options.contentIds !== undefined) {
    const ids = [...new Set(options.contentIds)].sort();
    for (let start = 0; start < ids.length; start += partSize) {
      const part = ids.slice(start, start + partSize);
      await compare(await readShownContentsOf(db, part), { ids: part });
    }
  } else {
    for (let after: string | null = ''; after !== null;) {
      const contents = await readShownContents(db, after, partSize);
      const range: { after: string; upTo: string | null } = { after, upTo: contents.length < partSize ? null : contents.at(-1)!.id };
      await compare(contents, range);
      after = range.upTo;
    }
  }

  for (let start = 0; start < removed.length; start += BATCH) {
    const ids = removed.slice(start, start + BATCH);
    await againIfRaced(() => inTransaction(db, (trx) => removeEntries(trx, dialect, ids)));
  }
  for (let start = 0; start < stale.length; start += BATCH) {
    await againIfRaced(() => writeEntries(db, dialect, stale.slice(start, start + BATCH)));
    options.onProgress?.(Math.min(start + BATCH, stale.length), stale.length);
  }
  // Not in a transaction's: what it wrote is rolled back, or committed with it.
  if (dialect === 'postgres' && !db.isTransaction && stale.length + removed.length >= TIDY_AFTER) await tidyPostgres(db);
  // A sheet no page shows any more has no topics to filter by either.
  if (removed.length > 0) await againIfRaced(() => deleteOrphanTopics(db));
  // Written only when it moves.
  const stamp = indexStampOf(version);
  if (options.contentIds === undefined && (await readSearchIndexStamp(db)) !== stamp) await againIfRaced(() => saveSearchIndexStamp(db, stamp));
  return { written: stale.length, removed: removed.length };
}

/**
 * How long a batch keeps being written again while another process's sync holds the store: that
 * sync is of the same change, and ends. A serving process's sync waits only its busy timeout
 * (a fifth of a second) for each attempt, which a loaded machine's other sync can outlast; a
 * search that gave up then would answer 503 to every request waiting on it.
 */
const RACE_WAIT_MS = 5000;
/** Attempts made whatever the time taken. */
const RACE_ATTEMPTS = 5;
const RACE_PAUSE_MAX_MS = 200;

/**
 * What another process's sync of the same change (another serving process's) makes a batch meet:
 * on SQLite, the other holds the store or wrote since this transaction began, which one that read
 * first cannot wait out (SQLITE_BUSY_SNAPSHOT); on PostgreSQL, the other made an entry this one was
 * making (a unique violation) or took the rows in the other order (a deadlock).
 */
const RACED = /^(SQLITE_BUSY|23505$|40P01$)/;

/**
 * A batch written again, after a growing pause, when another process's sync raced it: a new
 * transaction waits for the other's and sees what it wrote. Writing a batch again only makes its
 * entries again.
 */
async function againIfRaced<T>(write: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !RACED.test(code)) throw error;
      if (attempt >= RACE_ATTEMPTS && Date.now() - started >= RACE_WAIT_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(RACE_PAUSE_MAX_MS, 25 * 2 ** attempt)));
    }
  }
}

/** Entries written or removed in one sync past which PostgreSQL's indexes are tidied (tidyPostgres). */
const TIDY_AFTER = 1_000;

/** Which entries of a range are no longer wanted, and which wanted ones are missing or out of date. */
function compareEntries(wanted: Wanted[], existing: Awaited<ReturnType<typeof listEntries>>, options: SyncOptions): { removed: number[]; stale: Wanted[] } {
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
  // A sheet's topics and shared facet values, as its primary translation has them, are in every
  // entry of it: that translation's entry made again makes the sheet's others again too.
  const outdated = [...wantedByKey].filter(([key]) => !current.has(key)).map(([, entry]) => entry);
  const primaries = new Set(outdated.filter((entry) => entry.primary).map((entry) => entry.contentId));
  return { removed, stale: wanted.filter((entry) => primaries.has(entry.contentId) || !current.has(keyOf(entry.contentId, entry.language))) };
}

/**
 * Each entry a range of sheets should have: for each page language of the site, the translation
 * the page shows (its own language's, else the site's default language's, else the content's
 * primary language's, as delivery chooses), with every page language that shows it.
 */
function wantedEntries(
  { sites, languages }: Awaited<ReturnType<typeof readSites>>,
  contents: Awaited<ReturnType<typeof readShownContents>>,
  translations: Awaited<ReturnType<typeof readPublishedTimes>>,
): Wanted[] {
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
      primary: language === content.primary_language,
    }));
  });
}

interface EntryText {
  title: string;
  description: string;
  /** Its values of the fields the type marks as facets, as written (the sheet's topics are added as the entry is written). */
  facets: EntryFacets;
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
  const contentIds = [...new Set(entries.map((entry) => entry.contentId))];
  await inTransaction(db, async (trx) => {
    // The entries made before from these translations.
    const oldIds = await findEntryIds(trx, new Set(entries.map((entry) => `${entry.contentId} ${entry.language}`)), contentIds);
    if (oldIds.length > 0) await removeEntries(trx, dialect, oldIds);
    const topics = await topicsOf(trx, contentIds);
    await replaceTopics(trx, contentIds, topics);
    const topicsByContent = new Map<string, string[]>();
    for (const row of topics) topicsByContent.set(row.content_id, [...(topicsByContent.get(row.content_id) ?? []), row.topic]);
    const written = entries.map((entry, index) => {
      const text = texts[index]!;
      const facets: EntryFacets = { [TOPIC_FACET]: topicsByContent.get(entry.contentId) ?? [], ...text.facets };
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
        facets: JSON.stringify(facets),
      };
      return { row, indexed, shown: text };
    });
    await insertEntries(trx, dialect, written);
  });
}

/**
 * The topics of the sheets whose entries are made again, as their primary translation's body
 * lists them (as the editing model reads a sheet's topics), whichever translation changed.
 */
async function topicsOf(trx: ContentStore, contentIds: string[]): Promise<Array<{ content_id: string; topic: string }>> {
  const primaries = await readPrimaryBodies(trx, contentIds);
  return primaries.flatMap((row) =>
    topicsOfBody(readStoredBody(row.body, `content ${row.content_id}`)).map((topic) => ({ content_id: row.content_id, topic })),
  );
}

/** The title, description and document text of each entry's source translation. */
async function entryTexts(db: ContentStore, entries: Wanted[]): Promise<EntryText[]> {
  const rows = await readTranslations(db, [...new Set(entries.map((entry) => entry.contentId))]);
  const bodies = new Map(rows.map((row) => [`${row.content_id} ${row.language}`, row]));
  const documents = new Map<string, { sha256: string; text: string } | null>();
  const offered = offeredFields(await findSheetType(db));
  const searched = offered.filter((field) => field.shows.search > 0);
  const faceted = offered.filter((field) => field.shows.facet && field.kind !== 'topics' && field.name !== TOPIC_FACET);
  const primaries = new Map((await readPrimaryBodies(db, [...new Set(entries.map((entry) => entry.contentId))])).map((row) => [row.content_id, row.body]));
  const texts: EntryText[] = [];
  for (const entry of entries) {
    const row = bodies.get(`${entry.contentId} ${entry.language}`);
    const body = row === undefined ? null : readStoredBody(row.body, `content ${entry.contentId} (${entry.language})`);
    const primary = primaries.get(entry.contentId);
    const field = (name: string) => (body !== null && typeof body[name] === 'string' ? (body[name] as string) : '');
    const url = field('url');
    if (!documents.has(url)) documents.set(url, await documentOf(db, url));
    const document = documents.get(url) ?? null;
    texts.push({
      title: field('Title') || (row?.title ?? ''),
      description: field('description'),
      facets: facetValuesOf(faceted, body, primary === undefined ? null : readStoredBody(primary, `content ${entry.contentId}`)),
      properties: searchedText(searched, body),
      document: document?.text.slice(0, INDEXED_DOCUMENT_CHARACTERS) ?? '',
      documentSha256: document?.sha256 ?? null,
    });
  }
  return texts;
}

/**
 * A body's values of the searched fields, joined by how much a match in each counts. An
 * identifier's or formula's value of several parts (75-24-1) is indexed as one word besides
 * (75241), which a query of it written together or apart finds (query-plan.ts).
 */
function searchedText(fields: Field[], body: Record<string, unknown> | null): Record<1 | 2 | 3, string> {
  const texts: Record<1 | 2 | 3, string[]> = { 1: [], 2: [], 3: [] };
  for (const field of fields) {
    const value = body?.[field.name];
    const codes = field.kind === 'identifier' || field.kind === 'formula' ? compactWordsOf(value) : [];
    texts[field.shows.search as 1 | 2 | 3]?.push(csvCellOf(value), ...codes);
  }
  return { 1: texts[1].join(' '), 2: texts[2].join(' '), 3: texts[3].join(' ') };
}

/**
 * A body's values of the fields the type marks as facets, as written: a field kept for every
 * language as the primary translation has it when this one does not (as the topics are).
 */
function facetValuesOf(fields: Field[], body: Record<string, unknown> | null, primary: Record<string, unknown> | null): EntryFacets {
  const facets: EntryFacets = {};
  for (const field of fields) {
    const value = body?.[field.name] ?? (field.perLanguage ? undefined : primary?.[field.name]);
    const values = (Array.isArray(value) ? value : [value]).flatMap((entry) =>
      typeof entry === 'string' || typeof entry === 'number' ? [String(entry).trim()] : [],
    );
    if (values.some((entry) => entry !== '')) facets[field.name] = values.filter((entry) => entry !== '');
  }
  return facets;
}

/** Each value of several words as one word (compactOf). */
function compactWordsOf(value: unknown): string[] {
  const values = (Array.isArray(value) ? value : [value]).filter((entry): entry is string => typeof entry === 'string');
  return values.filter((text) => wordsOf(text).length > 1).map(compactOf);
}

/** The text of the document a sheet links to, read (and kept) now if it was never kept. */
async function documentOf(db: ContentStore, url: string): Promise<{ sha256: string; text: string } | null> {
  const match = DOCUMENT_PATH.exec(url);
  if (match === null) return null;
  const found = await findDocumentText(db, decodeURIComponent(match[1]!), Number(match[2]));
  if (found === undefined || found.mime_type !== 'application/pdf') return null;
  if (typeof found.text === 'string') return { sha256: found.sha256, text: found.text };
  // Stored before text was kept with documents: read it once, and keep it with the bytes.
  const stored = await readFileBytes(db, found.sha256);
  const text = (await documentText(Buffer.from(stored.bytes))) ?? '';
  await keepDocumentText(db, { sha256: found.sha256, mime_type: found.mime_type, inBlobs: found.text === null, stored }, text);
  return { sha256: found.sha256, text };
}
