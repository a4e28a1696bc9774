/**
 * Exports the whole content store as a content manifest (manifest.ts): `manifest.json` and the
 * images and documents under `files/`. Everything comes out in a stable order, so exporting the
 * same content twice gives the same manifest.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeProblem, findBodyProblem, findNestingProblem, type LimitProblem } from '../shared/content-limits';
import type { ContentStore } from '../cms/database';
import { listCollectionItemKeys, listAllCollections, listStoredCollectionTranslations } from '../cms/repositories/collections';
import { listAllContents, listStoredContentTypes, listStoredTranslations } from '../cms/repositories/contents';
import { listAllFileAssets, listAllMedia } from '../cms/repositories/files';
import { listStoredSeoRecords } from '../cms/repositories/seo-records';
import { listSites } from '../cms/repositories/sites';
import { listTopics } from '../cms/repositories/topics';
import { MANIFEST_FORMAT, MANIFEST_VERSION, type Manifest, type ManifestContent } from './manifest';

const EXTENSIONS: Record<string, string> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};
const extensionOf = (mimeType: string) => EXTENSIONS[mimeType] ?? 'bin';

/**
 * Stored JSON for the manifest. A value beyond the content limits (a row written around the
 * import's checks) could not be written out, nor imported again: the export names it and stops,
 * rather than leave it out of a backup unsaid.
 */
function createJsonReader() {
  const problems: string[] = [];
  return {
    problems,
    read(text: string, place: string, findProblem: (value: unknown) => LimitProblem | null = findNestingProblem): Record<string, unknown> {
      const value = JSON.parse(text) as Record<string, unknown>;
      const problem = findProblem(value);
      if (problem !== null) problems.push(describeProblem(place, problem));
      return problem === null ? value : {};
    },
  };
}

export interface ExportResult {
  manifest: Manifest;
  /** File contents by their path in the manifest. */
  files: Map<string, Buffer>;
}

/** Reads the store into a manifest and its files, in memory. */
export async function collectContent(db: ContentStore, now = new Date()): Promise<ExportResult> {
  const files = new Map<string, Buffer>();
  const [sites, types, contents, translations, media, assets, collections, collectionTranslations, items, seo] = await Promise.all([
    listSites(db),
    listStoredContentTypes(db),
    listAllContents(db),
    listStoredTranslations(db),
    listAllMedia(db),
    listAllFileAssets(db),
    listAllCollections(db),
    listStoredCollectionTranslations(db),
    listCollectionItemKeys(db),
    listStoredSeoRecords(db),
  ]);
  const group = <T, K>(rows: T[], keyOf: (row: T) => K) => {
    const groups = new Map<K, T[]>();
    for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
    return groups;
  };
  const translationsOf = group(translations, (row) => row.content_id);
  const mediaOf = new Map(media.map((row) => [row.content_id, row]));
  const collectionTranslationsOf = group(collectionTranslations, (row) => row.collection_id);
  const itemsOf = group(items, (row) => row.collectionId);
  const json = createJsonReader();
  const parse = json.read;

  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    exportedAt: now.toISOString(),
    sites: await Promise.all(sites.map(async (site) => ({ ...site, topics: await listTopics(db, site.id) }))),
    contentTypes: types.map((type) => ({
      fullyQualifiedName: type.fullyQualifiedName,
      name: type.name,
      fields: parse(type.fieldSchema, `content type ${type.fullyQualifiedName} fields`) as Manifest['contentTypes'][number]['fields'],
    })),
    contents: contents.map((content) => {
      const file = mediaOf.get(content.id);
      let manifestMedia: ManifestContent['media'] = null;
      if (file) {
        const path = `files/media/${content.content_key}.${extensionOf(file.mime_type)}`;
        files.set(path, Buffer.from(file.bytes));
        manifestMedia = {
          file: path,
          fileName: file.file_name,
          mimeType: file.mime_type,
          sha256: file.sha256,
          width: Number(file.width),
          height: Number(file.height),
        };
      }
      return {
        id: content.id,
        contentKey: content.content_key,
        siteId: content.site_id,
        type: content.content_type,
        urlName: content.url_name,
        primaryLanguage: content.primary_language,
        createdAt: content.created_at,
        updatedAt: content.updated_at,
        translations: (translationsOf.get(content.id) ?? []).map((row) => ({
          language: row.language,
          title: row.title,
          body: parse(row.body, `content ${content.content_key} (${row.language}) body`, findBodyProblem),
          publishedAt: row.published_at,
        })),
        media: manifestMedia,
      };
    }),
    fileAssets: assets.map((asset) => {
      const path = `files/assets/${asset.asset_id}-v${asset.version}.${extensionOf(asset.mime_type)}`;
      files.set(path, Buffer.from(asset.bytes));
      return {
        assetId: asset.asset_id,
        version: Number(asset.version),
        file: path,
        fileName: asset.file_name,
        mimeType: asset.mime_type,
        sha256: asset.sha256,
        createdAt: asset.created_at,
      };
    }),
    collections: collections.map((collection) => ({
      id: collection.id,
      collectionKey: collection.collection_key,
      siteId: collection.site_id,
      itemType: collection.item_type,
      urlName: collection.url_name,
      title: collection.title,
      metadata: parse(collection.metadata, `collection ${collection.collection_key} metadata`),
      primaryLanguage: collection.primary_language,
      publishedAt: collection.published_at,
      translations: (collectionTranslationsOf.get(collection.id) ?? []).map((row) => ({
        language: row.language,
        title: row.title,
        metadata: parse(row.metadata, `collection ${collection.collection_key} (${row.language}) metadata`),
      })),
      items: (itemsOf.get(collection.id) ?? []).map((row) => row.contentKey),
    })),
    seoRecords: seo.map((record) => ({
      siteId: record.site_id,
      recordId: record.record_id,
      urlAlias: record.url_alias,
      recordName: record.record_name,
      objectName: record.object_name,
      fields: parse(record.fields, `SEO record ${record.record_id} fields`) as Record<string, string>,
      hrefLangUrls: parse(record.href_lang_urls, `SEO record ${record.record_id} hrefLangUrls`) as Record<string, string>,
      canonicalUrl: record.canonical_url,
      isSeoIndexed: Number(record.is_seo_indexed) === 1,
    })),
  };
  if (json.problems.length > 0) {
    throw new Error(
      `The store holds records beyond the content limits (docs/content-format.md, "Limits"); correct or delete them, then export again:\n${json.problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
  return { manifest, files };
}

/** Writes the store's content to `<folder>/manifest.json` and `<folder>/files/…`. */
export async function exportContentFolder(db: ContentStore, folder: string): Promise<Manifest> {
  const { manifest, files } = await collectContent(db);
  for (const [path, bytes] of files) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), bytes);
  }
  writeFileSync(join(folder, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
