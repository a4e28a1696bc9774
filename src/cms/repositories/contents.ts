import { sql } from 'kysely';
import type { ContentStore } from '../database';
import type { ContentTranslationsTable, ContentsTable } from '../schema';
import { normalizeText } from '../../shared/normalize-text';
import { readStoredBody, readStoredMap } from '../stored-json';
import { documentLinkFor } from '../../sheet/documents';

export type Content = ContentsTable;

export interface LocalizedContent extends ContentsTable {
  language: string;
  title: string;
  body: Record<string, unknown>;
  published_at: string;
  /** The language of the body's url when it is the primary translation's (this one has none): said where it is shown. */
  link_language: string | null;
}

/**
 * Picks, for each content, the translation in the first of `languages` it has, else its primary
 * language (reference "Collection items": missing or untranslated falls back).
 */
export async function localizeContents(db: ContentStore, contents: Content[], languages: string[]): Promise<LocalizedContent[]> {
  if (contents.length === 0) return [];
  const wanted = [...new Set([...languages, ...contents.map((content) => content.primary_language)])];
  const translations = await db
    .selectFrom('content_translations')
    .selectAll()
    .where(
      'content_id',
      'in',
      contents.map((content) => content.id),
    )
    .where('language', 'in', wanted)
    .orderBy('content_id')
    .orderBy('language')
    .execute();
  const byContent = new Map<string, ContentTranslationsTable[]>();
  for (const translation of translations) {
    const list = byContent.get(translation.content_id) ?? [];
    list.push(translation);
    byContent.set(translation.content_id, list);
  }
  return contents.flatMap((content) => {
    const available = byContent.get(content.id) ?? [];
    const preferred = [...languages, content.primary_language].flatMap((language) => available.filter((t) => t.language === language));
    // A translation whose body breaks the content limits is left out (and reported): the next one serves.
    for (const translation of new Set(preferred)) {
      const body = readStoredBody(translation.body, `content ${content.content_key} (${translation.language})`);
      if (body === null) continue;
      const linked = withLanguageDocument(withPrimaryLink(content, translation.language, body, available), translation.language, languages[0]);
      return [
        {
          ...content,
          language: translation.language,
          title: normalizeText(translation.title),
          body: linked.body,
          published_at: translation.published_at,
          link_language: linked.language,
        },
      ];
    }
    return [];
  });
}

/**
 * A link to a data sheet of the sheet's set goes to the set's data sheet in the reader's language
 * when it has one (docs/content-model.md, "Documents"), and says the language of the one it goes to
 * when that is not the translation's.
 */
function withLanguageDocument(
  linked: { body: Record<string, unknown>; language: string | null },
  translationLanguage: string,
  reader: string | undefined,
): { body: Record<string, unknown>; language: string | null } {
  const chosen = documentLinkFor(linked.body, reader ?? translationLanguage);
  if (chosen === null) return linked;
  return { body: { ...linked.body, url: chosen.url }, language: chosen.language === translationLanguage ? null : chosen.language };
}

/**
 * A translation without a link of its own links where the primary translation does (its document,
 * say), and says so: a card never goes dead because a translation was published without a link.
 */
function withPrimaryLink(
  content: Content,
  language: string,
  body: Record<string, unknown>,
  available: ContentTranslationsTable[],
): { body: Record<string, unknown>; language: string | null } {
  const hasLink = typeof body.url === 'string' && body.url !== '';
  if (hasLink || language === content.primary_language) return { body, language: null };
  const primary = available.find((translation) => translation.language === content.primary_language);
  const url = primary === undefined ? undefined : readStoredBody(primary.body, `content ${content.content_key} (${primary.language})`)?.url;
  if (typeof url !== 'string' || url === '') return { body, language: null };
  return { body: { ...body, url }, language: content.primary_language };
}

export async function findContentsByKeys(db: ContentStore, siteId: string, contentKeys: string[]): Promise<Content[]> {
  if (contentKeys.length === 0) return [];
  return db.selectFrom('contents').selectAll().where('site_id', '=', siteId).where('content_key', 'in', contentKeys).orderBy('content_key').execute();
}

export interface ContentType {
  fullyQualifiedName: string;
  name: string;
  fields: Record<string, { label: string; nodeType: string }>;
}

export async function listContentTypes(db: ContentStore, fullyQualifiedNames: string[]): Promise<Map<string, ContentType>> {
  const unique = [...new Set(fullyQualifiedNames)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('content_types').selectAll().where('fully_qualified_name', 'in', unique).orderBy('fully_qualified_name').execute();
  return new Map(
    rows.map((row) => [
      row.fully_qualified_name,
      {
        fullyQualifiedName: row.fully_qualified_name,
        name: row.name,
        fields: fieldsOf(readStoredMap(row.field_schema, `content type ${row.fully_qualified_name}`, 'fields') ?? {}),
      },
    ]),
  );
}

/** A stored field schema as the API uses it: fields without a text label and node type, and retired ones, are left out. */
function fieldsOf(schema: Record<string, unknown>): ContentType['fields'] {
  const fields: ContentType['fields'] = {};
  for (const [name, definition] of Object.entries(schema)) {
    if (definition === null || typeof definition !== 'object') continue;
    const { label, nodeType, retired } = definition as Record<string, unknown>;
    if (typeof label === 'string' && typeof nodeType === 'string' && retired !== true)
      Object.defineProperty(fields, name, { value: { label, nodeType }, enumerable: true, writable: true, configurable: true });
  }
  return fields;
}

export async function findContentsByIds(db: ContentStore, siteId: string, ids: string[]): Promise<Content[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('contents').selectAll().where('site_id', '=', siteId).where('id', 'in', ids).orderBy('id').execute();
}

/** Creates or updates a content type by its fully qualified name. */
export async function saveContentType(db: ContentStore, type: ContentType): Promise<void> {
  const fieldSchema = JSON.stringify(type.fields);
  await db
    .insertInto('content_types')
    .values({ fully_qualified_name: type.fullyQualifiedName, name: type.name, field_schema: fieldSchema })
    .onConflict((oc) => oc.column('fully_qualified_name').doUpdateSet({ name: type.name, field_schema: fieldSchema }))
    .execute();
}

/** Content ids by content key, for the keys that are stored. Batched under the bound-parameter limit. */
export async function findContentIdsByKeys(db: ContentStore, contentKeys: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let start = 0; start < contentKeys.length; start += 500) {
    const rows = await db
      .selectFrom('contents')
      .select(['id', 'content_key'])
      .where('content_key', 'in', contentKeys.slice(start, start + 500))
      .orderBy('id')
      .execute();
    for (const row of rows) ids.set(row.content_key, row.id);
  }
  return ids;
}

export interface TranslationRecord {
  language: string;
  title: string;
  body: Record<string, unknown>;
  publishedAt: string;
}

export interface ContentRecord {
  id: string;
  contentKey: string;
  siteId: string;
  type: string;
  urlName: string;
  primaryLanguage: string;
  createdAt: string;
  updatedAt: string;
  translations: TranslationRecord[];
}

/**
 * Creates or updates a content by id, and the translations given (each created or replaced);
 * translations it does not give stay as they are. A content that exists keeps its creation date.
 */
export async function saveContent(db: ContentStore, content: ContentRecord): Promise<void> {
  const row = contentRow(content);
  await db
    .insertInto('contents')
    .values(row)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        site_id: row.site_id,
        content_type: row.content_type,
        url_name: row.url_name,
        primary_language: row.primary_language,
        updated_at: row.updated_at,
      }),
    )
    .execute();
  for (const translation of content.translations) await saveTranslation(db, content.id, translation);
}

/** Creates or replaces one translation of a stored content. */
export async function saveTranslation(db: ContentStore, contentId: string, translation: TranslationRecord): Promise<void> {
  const { title, body, published_at } = translationRow(contentId, translation);
  await db
    .insertInto('content_translations')
    .values(translationRow(contentId, translation))
    .onConflict((oc) => oc.columns(['content_id', 'language']).doUpdateSet({ title, body, published_at }))
    .execute();
}

const contentRow = (content: ContentRecord): ContentsTable => ({
  id: content.id,
  content_key: content.contentKey,
  site_id: content.siteId,
  content_type: content.type,
  url_name: content.urlName,
  primary_language: content.primaryLanguage,
  created_at: content.createdAt,
  updated_at: content.updatedAt,
});

const translationRow = (contentId: string, translation: TranslationRecord): ContentTranslationsTable => ({
  content_id: contentId,
  language: translation.language,
  title: translation.title,
  body: JSON.stringify(translation.body),
  published_at: translation.publishedAt,
});

/**
 * Adds many new contents at once, each with its translations: a few statements per batch rather
 * than a few per content. For contents that are not stored yet (a fresh collection, a benchmark).
 */
export async function insertContents(db: ContentStore, contents: ContentRecord[]): Promise<void> {
  // Batches keep each statement under SQLite's bound-parameter limit (8 columns × 500 rows).
  for (let start = 0; start < contents.length; start += 500) {
    const batch = contents.slice(start, start + 500);
    await db.insertInto('contents').values(batch.map(contentRow)).execute();
    const translations = batch.flatMap((content) => content.translations.map((translation) => translationRow(content.id, translation)));
    for (let at = 0; at < translations.length; at += 500)
      await db
        .insertInto('content_translations')
        .values(translations.slice(at, at + 500))
        .execute();
  }
}

/** The contents with these keys, in any site, by key. Batched under the bound-parameter limit. */
export async function listContentsByKeys(db: ContentStore, contentKeys: string[]): Promise<Content[]> {
  const rows: Content[] = [];
  for (let start = 0; start < contentKeys.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom('contents')
        .selectAll()
        .where('content_key', 'in', contentKeys.slice(start, start + 500))
        .orderBy('content_key')
        .execute()),
    );
  }
  return rows;
}

/** The contents of a site with these URL names. */
export async function listContentsByUrlNames(db: ContentStore, siteId: string, urlNames: string[]): Promise<Content[]> {
  const rows: Content[] = [];
  for (let start = 0; start < urlNames.length; start += 500) {
    const batch = urlNames.slice(start, start + 500);
    rows.push(...(await db.selectFrom('contents').selectAll().where('site_id', '=', siteId).where('url_name', 'in', batch).orderBy('url_name').execute()));
  }
  return rows;
}

/** Every content row, by content key (for exports). */
export async function listAllContents(db: ContentStore): Promise<Content[]> {
  return db.selectFrom('contents').selectAll().orderBy('content_key').execute();
}

/** Every translation row as stored, body as JSON text (for exports and comparisons). */
export async function listStoredTranslations(db: ContentStore, contentIds?: string[]): Promise<ContentTranslationsTable[]> {
  if (contentIds === undefined) return db.selectFrom('content_translations').selectAll().orderBy('content_id').orderBy('language').execute();
  const rows: ContentTranslationsTable[] = [];
  for (let start = 0; start < contentIds.length; start += 500) {
    const batch = contentIds.slice(start, start + 500);
    rows.push(
      ...(await db.selectFrom('content_translations').selectAll().where('content_id', 'in', batch).orderBy('content_id').orderBy('language').execute()),
    );
  }
  return rows;
}

/** Every content type as stored, its field schema as JSON text. */
export async function listStoredContentTypes(db: ContentStore): Promise<Array<{ fullyQualifiedName: string; name: string; fieldSchema: string }>> {
  const rows = await db.selectFrom('content_types').selectAll().orderBy('fully_qualified_name').execute();
  return rows.map((row) => ({ fullyQualifiedName: row.fully_qualified_name, name: row.name, fieldSchema: row.field_schema }));
}

/** The site and key of each of these contents that exists. */
export async function listContentSites(db: ContentStore, ids: readonly string[]): Promise<Array<{ id: string; site_id: string; content_key: string }>> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('contents')
    .select(['id', 'site_id', 'content_key'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

export async function findContentById(db: ContentStore, id: string): Promise<Content | undefined> {
  return db.selectFrom('contents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Removes a content's translations in languages other than `kept`. */
export async function deleteTranslationsExcept(db: ContentStore, contentId: string, kept: string[]): Promise<void> {
  let query = db.deleteFrom('content_translations').where('content_id', '=', contentId);
  if (kept.length > 0) query = query.where('language', 'not in', kept);
  await query.execute();
}

/** Removes a content and its translations (its media and collection places are the caller's). */
export async function deleteContent(db: ContentStore, contentId: string): Promise<void> {
  await db.deleteFrom('content_translations').where('content_id', '=', contentId).execute();
  await db.deleteFrom('contents').where('id', '=', contentId).execute();
}

/**
 * Whether a content other than `exceptId` mentions `text` in a translation's body: an image's
 * content key, a document's path. Shared images and documents stay while anything uses them.
 */
export async function isMentionedByOtherContent(db: ContentStore, text: string, exceptId: string): Promise<boolean> {
  const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const row = await db
    .selectFrom('content_translations')
    .select('content_id')
    .where('content_id', '<>', exceptId)
    .where(sql<boolean>`${sql.ref('body')} like ${pattern} escape '\\'`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of every content of a site, in order. */
export async function listSiteContentIds(db: ContentStore, siteId: string): Promise<string[]> {
  const rows = await db.selectFrom('contents').select('id').where('site_id', '=', siteId).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** A site's contents of a type that a collection shows, with their SEO record's say on indexing. */
function shownContents(db: ContentStore, siteId: string, type: string) {
  return db
    .selectFrom('contents')
    .leftJoin('seo_records', (join) => join.onRef('seo_records.record_id', '=', 'contents.id').onRef('seo_records.site_id', '=', 'contents.site_id'))
    .select(['contents.id', 'contents.url_name', 'seo_records.is_seo_indexed'])
    .where('contents.site_id', '=', siteId)
    .where('contents.content_type', '=', type)
    .where((eb) =>
      eb.exists(eb.selectFrom('collection_items').select('collection_items.content_id').whereRef('collection_items.content_id', '=', 'contents.id')),
    );
}

/** Those of `ids` that are contents of a type a collection of the site shows. */
export function listShownContentsOf(db: ContentStore, siteId: string, type: string, ids: readonly string[]) {
  return ids.length === 0 ? Promise.resolve([]) : shownContents(db, siteId, type).where('contents.id', 'in', ids).orderBy('contents.id').execute();
}
