/**
 * Makes the read model's contents from the write side (the store's contents, translations, images,
 * documents and SEO records): what the journal's reader writes (published-reader.ts), and what a
 * rebuild compares it with. Every content of a site is read in each of the site's languages as the
 * delivery API reads it (the language's translation, else the default language's, else its
 * primary one); a sheet has a page while a collection of its site shows it (`shown`).
 */
import type { ContentStore } from '../cms/database';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { findContentsByIds, listContentTypes, listShownContentsOf, listStoredTranslations, localizeContents } from '../cms/repositories/contents';
import { listFileAssetInfo, listMediaInfo } from '../cms/repositories/files';
import { findSeoRecord } from '../cms/repositories/seo-records';
import { findSiteById, listActiveLanguages } from '../cms/repositories/sites';
import { IMAGE_CONTENT_TYPE } from '../shared/constants';
import { topicsOfBody } from '../shared/topics';
import { readStoredBody } from '../cms/stored-json';
import { documentEntriesOf } from '../sheet/documents';
import { DOCUMENT_PATH } from '../sheet/shape';
import { imagesOf, mediaVersionOf, referencedKeys } from './images';
import { documentKeyOf, type PublishedDocument, type PublishedContent } from './published-content';

/** What else a sheet's rows were made from: a change to one of these makes them again (published_links). */
export const linkTargets = {
  image: (contentKey: string) => `image:${contentKey}`,
  content: (id: string) => `content:${id}`,
  document: (assetId: string) => `document:${assetId}`,
};

export interface ContentsMade {
  contents: PublishedContent[];
  /** Each content's link targets (linkTargets), sorted. */
  links: Map<string, string[]>;
  /** Each shown sheet's topics, as its primary text lists them (as the studio and the search index read them). */
  topics: Map<string, string[]>;
}

/**
 * The contents among `contentIds` of a site, in the site's default language and in each other
 * language of the site that shows something of its own.
 */
export async function makePublishedContents(db: ContentStore, siteId: string, contentIds: readonly string[]): Promise<ContentsMade> {
  const made: ContentsMade = { contents: [], links: new Map(), topics: new Map() };
  const site = await findSiteById(db, siteId);
  const contents = site === undefined ? [] : await findContentsByIds(db, siteId, [...contentIds]);
  if (site === undefined || contents.length === 0) return made;
  const ids = contents.map((content) => content.id);
  const [shown, languages, types, stored, media] = await Promise.all([
    listShownContentsOf(db, siteId, LITERATURE_CONTENT_TYPE, ids),
    listActiveLanguages(db, siteId),
    listContentTypes(
      db,
      contents.map((content) => content.content_type),
    ),
    listStoredTranslations(db, ids),
    listMediaInfo(
      db,
      contents.filter((content) => content.content_type === IMAGE_CONTENT_TYPE).map((content) => content.id),
    ),
  ]);
  const indexed = await indexedOf(db, siteId, shown);
  const shownIds = new Set(shown.map((row) => row.id));
  const files = new Map(media.map((file) => [file.content_id, file]));
  const links = new Map<string, Array<{ language: string; url: string }>>();
  const primaries = new Map(contents.map((content) => [content.id, content.primary_language]));
  const typeOf = new Map(contents.map((content) => [content.id, content.content_type]));
  const primaryDates = new Map<string, string>();
  for (const row of stored) {
    if (primaries.get(row.content_id) === row.language) primaryDates.set(row.content_id, row.published_at);
    if (!sheetTypes.has(typeOf.get(row.content_id) ?? '')) continue;
    const body = readStoredBody(row.body, `content ${row.content_id} (${row.language})`);
    const url = body?.url;
    links.set(row.content_id, [...(links.get(row.content_id) ?? []), { language: row.language, url: typeof url === 'string' ? url : '' }]);
    if (primaries.get(row.content_id) === row.language && shownIds.has(row.content_id)) made.topics.set(row.content_id, topicsOfBody(body));
  }
  const targets = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
  /** Each content as the default language shows it, as JSON read in another language: a language that shows the same gets no row. */
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
      const file = files.get(content.id);
      const published: PublishedContent = {
        id: content.id,
        siteId,
        language,
        urlName: content.url_name,
        contentKey: content.content_key,
        contentType: { fullyQualifiedName: content.content_type, name: types.get(content.content_type)?.name ?? content.content_type },
        textLanguage: content.language,
        linkLanguage: content.link_language,
        title: content.title,
        publishedAt: content.published_at,
        body: content.body,
        images: shownImages,
        documents: {},
        links: links.get(content.id) ?? [],
        primaryLanguage: content.primary_language,
        createdAt: content.created_at,
        updatedAt: content.updated_at,
        primaryPublishedAt: primaryDates.get(content.id) ?? null,
        shown: shownIds.has(content.id),
        indexed: indexed.get(content.id) ?? true,
        media:
          file === undefined ? null : { fileName: file.file_name, mimeType: file.mime_type, byteSize: Number(file.byte_size), version: mediaVersionOf(file) },
      };
      // The default language comes first (the set's order); another that shows what it shows is read from its row (contentIn).
      const asDefault = JSON.stringify({ ...published, language: site.default_language });
      if (language === site.default_language) shownByDefault.set(content.id, asDefault);
      else if (shownByDefault.get(content.id) === asDefault) continue;
      made.contents.push(published);
    }
  }
  await addDocuments(
    db,
    made.contents.filter((content) => sheetTypes.has(content.contentType.fullyQualifiedName)),
    targets,
  );
  for (const [id, found] of targets) made.links.set(id, [...found].sort());
  return made;
}

/** The types whose contents are sheets: they link documents (a data sheet set, each translation's link). */
const sheetTypes = new Set([LITERATURE_CONTENT_TYPE]);

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
function documentPathsOf(sheet: PublishedContent): string[] {
  const url = typeof sheet.body.url === 'string' ? sheet.body.url : '';
  return [url, ...documentEntriesOf(sheet.body).map((entry) => entry.url), ...sheet.links.map((link) => link.url)];
}

/** Each sheet's documents: every version of this site's file assets its paths name, with its size, version and state. */
async function addDocuments(db: ContentStore, sheets: PublishedContent[], targets: Map<string, Set<string>>): Promise<void> {
  const named = new Map<PublishedContent, Array<{ assetId: string; version: number }>>();
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
