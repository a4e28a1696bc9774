/**
 * Makes the read model's sheets from the write side (the store's contents, translations, images,
 * documents and SEO records): what the journal's reader writes (published-reader.ts), and what a
 * rebuild compares it with. A sheet is published while a collection of its site shows it; it is
 * read in each of the site's languages as the delivery API reads it (the language's translation,
 * else the default language's, else its primary one).
 */
import type { ContentStore } from '../cms/database';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { findContentsByIds, listContentTypes, listShownContentsOf, listStoredTranslations, localizeContents } from '../cms/repositories/contents';
import { listFileAssetInfo } from '../cms/repositories/files';
import { findSeoRecord } from '../cms/repositories/seo-records';
import { findSiteById, listActiveLanguages } from '../cms/repositories/sites';
import { topicsOfBody } from '../shared/topics';
import { readStoredBody } from '../cms/stored-json';
import { documentEntriesOf } from '../sheet/documents';
import { DOCUMENT_PATH } from '../sheet/shape';
import { imagesOf, referencedKeys } from './images';
import { documentKeyOf, type PublishedDocument, type PublishedSheet } from './published-sheet';

/** What else a sheet's rows were made from: a change to one of these makes them again (published_links). */
export const linkTargets = {
  image: (contentKey: string) => `image:${contentKey}`,
  content: (id: string) => `content:${id}`,
  document: (assetId: string) => `document:${assetId}`,
};

export interface SheetsMade {
  sheets: PublishedSheet[];
  /** Each sheet's link targets (linkTargets), sorted. */
  links: Map<string, string[]>;
  /** Each sheet's topics, as its primary text lists them (as the studio and the search index read them). */
  topics: Map<string, string[]>;
}

/**
 * The published sheets among `contentIds` of a site, in the site's default language and in each
 * other language of the site that shows something of its own (none for a sheet no collection shows).
 */
export async function makePublishedSheets(db: ContentStore, siteId: string, contentIds: readonly string[]): Promise<SheetsMade> {
  const made: SheetsMade = { sheets: [], links: new Map(), topics: new Map() };
  const site = await findSiteById(db, siteId);
  const shown = site === undefined ? [] : await listShownContentsOf(db, siteId, LITERATURE_CONTENT_TYPE, contentIds);
  if (site === undefined || shown.length === 0) return made;
  const ids = shown.map((row) => row.id);
  const [contents, languages, types, stored] = await Promise.all([
    findContentsByIds(db, siteId, ids),
    listActiveLanguages(db, siteId),
    listContentTypes(db, [LITERATURE_CONTENT_TYPE]),
    listStoredTranslations(db, ids),
  ]);
  const indexed = await indexedOf(db, siteId, shown);
  const links = new Map<string, Array<{ language: string; url: string }>>();
  const primaries = new Map(contents.map((content) => [content.id, content.primary_language]));
  for (const row of stored) {
    const body = readStoredBody(row.body, `content ${row.content_id} (${row.language})`);
    const url = body?.url;
    links.set(row.content_id, [...(links.get(row.content_id) ?? []), { language: row.language, url: typeof url === 'string' ? url : '' }]);
    if (primaries.get(row.content_id) === row.language) made.topics.set(row.content_id, topicsOfBody(body));
  }
  const contentType = { fullyQualifiedName: LITERATURE_CONTENT_TYPE, name: types.get(LITERATURE_CONTENT_TYPE)?.name ?? LITERATURE_CONTENT_TYPE };
  const targets = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
  /** Each sheet as the default language shows it, as JSON read in another language: a language that shows the same gets no row. */
  const shownByDefault = new Map<string, string>();

  for (const language of new Set([site.default_language, ...languages])) {
    // The delivery API's languages for a reader of this one (delivery-context.ts).
    const chain = language === site.default_language ? [language] : [language, site.default_language];
    const localized = await localizeContents(db, contents, chain);
    const images = await imagesOf(
      db,
      siteId,
      localized.flatMap((content) => referencedKeys(content.body)),
      chain,
    );
    for (const content of localized) {
      const own = targets.get(content.id)!;
      const keys = referencedKeys(content.body);
      for (const key of keys) own.add(linkTargets.image(key));
      const shownImages = Object.fromEntries(keys.flatMap((key) => (images.has(key) ? [[key, images.get(key)!]] : [])));
      for (const image of Object.values(shownImages)) own.add(linkTargets.content(image.id));
      const sheet: PublishedSheet = {
        id: content.id,
        siteId,
        language,
        urlName: content.url_name,
        contentKey: content.content_key,
        contentType,
        textLanguage: content.language,
        linkLanguage: content.link_language,
        title: content.title,
        publishedAt: content.published_at,
        body: content.body,
        images: shownImages,
        documents: {},
        links: links.get(content.id) ?? [],
        primaryLanguage: content.primary_language,
        indexed: indexed.get(content.id) ?? true,
      };
      // The default language comes first (the set's order); another that shows what it shows is read from its row (sheetIn).
      const asDefault = JSON.stringify({ ...sheet, language: site.default_language });
      if (language === site.default_language) shownByDefault.set(content.id, asDefault);
      else if (shownByDefault.get(content.id) === asDefault) continue;
      made.sheets.push(sheet);
    }
  }
  await addDocuments(db, made.sheets, targets);
  for (const [id, found] of targets) made.links.set(id, [...found].sort());
  return made;
}

/** Whether search engines may index each sheet's page: its SEO record says so, or it has none. */
async function indexedOf(db: ContentStore, siteId: string, shown: Array<{ id: string; is_seo_indexed: number | null }>): Promise<Map<string, boolean>> {
  const indexed = new Map<string, boolean>();
  // Read as the SEO assistant reads a record (one breaking the content limits counts as none): only for the few sheets that have one.
  for (const row of shown)
    if (row.is_seo_indexed !== null) {
      const record = await findSeoRecord(db, siteId, row.id);
      indexed.set(row.id, record === undefined || record.isSeoIndexed);
    }
  return indexed;
}

/** The document paths a sheet's text, its set and its translations link. */
function documentPathsOf(sheet: PublishedSheet): string[] {
  const url = typeof sheet.body.url === 'string' ? sheet.body.url : '';
  return [url, ...documentEntriesOf(sheet.body).map((entry) => entry.url), ...sheet.links.map((link) => link.url)];
}

/** Each sheet's documents: every version of this site's file assets its paths name, with its size, version and state. */
async function addDocuments(db: ContentStore, sheets: PublishedSheet[], targets: Map<string, Set<string>>): Promise<void> {
  const named = new Map<PublishedSheet, Array<{ assetId: string; version: number }>>();
  for (const sheet of sheets)
    named.set(
      sheet,
      documentPathsOf(sheet).flatMap((path) => {
        const match = DOCUMENT_PATH.exec(path);
        return match === null ? [] : [{ assetId: decodeURIComponent(match[1] ?? ''), version: Number(match[2]) }];
      }),
    );
  const assetIds = [...new Set([...named.values()].flat().map((document) => document.assetId))];
  const versions = new Map<string, PublishedDocument>();
  for (let start = 0; start < assetIds.length; start += 500)
    for (const row of await listFileAssetInfo(db, assetIds.slice(start, start + 500)))
      versions.set(documentKeyOf(row.asset_id, Number(row.version)), {
        byteSize: Number(row.byte_size),
        version: Number(row.version),
        publishedAt: row.created_at,
        retired: row.retired_at !== null,
      });
  for (const [sheet, documents] of named)
    for (const { assetId, version } of documents) {
      targets.get(sheet.id)!.add(linkTargets.document(assetId));
      const key = documentKeyOf(assetId, version);
      const found = versions.get(key);
      if (found !== undefined) sheet.documents[key] = found;
    }
}
