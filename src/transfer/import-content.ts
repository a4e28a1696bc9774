/**
 * Imports a content manifest (manifest.ts) into the store: every record and file is checked first
 * and every problem reported; then everything is written in one transaction, so a failure leaves
 * the store as it was. Records are keyed by their natural keys (content key, collection key, asset
 * and version, site and record id), so importing the same content twice changes nothing the
 * second time. The content version triggers invalidate every cache when the transaction commits.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { ContentStore } from '../cms/database';
import { findCollectionIdByKey, listAllCollections, saveCollection } from '../cms/repositories/collections';
import { findContentIdsByKeys, listAllContents, listStoredContentTypes, saveContent, saveContentType } from '../cms/repositories/contents';
import { saveFileAsset, saveMedia } from '../cms/repositories/files';
import { listSeoAliases, saveSeoRecord } from '../cms/repositories/seo-records';
import { listSites, saveSite } from '../cms/repositories/sites';
import { ManifestError, readManifest, siteSlots, urlNameSlot, type KnownRecords, type Manifest } from './manifest';

export interface ImportProgress {
  onProgress?: (done: number, total: number) => void;
}

export interface ImportSummary {
  sites: number;
  contents: number;
  fileAssets: number;
  collections: number;
  seoRecords: number;
}

/** The files a manifest names, by their path in the manifest. */
export type ManifestFiles = ReadonlyMap<string, Buffer>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function knownRecords(db: ContentStore): Promise<KnownRecords> {
  const [sites, types, contents, collections, aliases] = await Promise.all([
    listSites(db),
    listStoredContentTypes(db),
    listAllContents(db),
    listAllCollections(db),
    listSeoAliases(db),
  ]);
  return {
    siteIds: new Set(sites.map((site) => site.id)),
    contentTypes: new Set(types.map((type) => type.fullyQualifiedName)),
    contentKeys: new Set(contents.map((row) => row.content_key)),
    keyOfContentId: new Map(contents.map((row) => [row.id, row.content_key])),
    keyOfContentUrlName: new Map(contents.map((row) => [urlNameSlot(row.site_id, row.url_name), row.content_key])),
    keyOfCollectionId: new Map(collections.map((row) => [row.id, row.collection_key])),
    siteOfUniqueValue: new Map(sites.flatMap((site) => siteSlots(site).map((value) => [value, site.id] as const))),
    recordOfAlias: new Map(aliases.map((alias) => [urlNameSlot(alias.siteId, alias.urlAlias), alias.recordId])),
  };
}

/** Reads `<folder>/manifest.json` (or the manifest file named) and the files beside it, then imports. */
export async function importContentFolder(db: ContentStore, location: string, progress: ImportProgress = {}): Promise<ImportSummary> {
  const manifestPath = existsSync(location) && statSync(location).isDirectory() ? join(location, 'manifest.json') : location;
  const folder = resolve(dirname(manifestPath));
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    throw new ManifestError(manifestPath, [`(manifest): cannot be read as JSON (${error instanceof Error ? error.message : String(error)})`]);
  }
  const manifest = readManifest(json, manifestPath, await knownRecords(db));
  const files = new Map<string, Buffer>();
  const problems: string[] = [];
  const referenced = [
    ...manifest.contents.flatMap((content, index) => (content.media ? [{ path: `contents[${index}].media`, ...content.media }] : [])),
    ...manifest.fileAssets.map((asset, index) => ({ path: `fileAssets[${index}]`, ...asset })),
  ];
  for (const { path, file, sha256: expected } of referenced) {
    const absolute = resolve(folder, file);
    if (!absolute.startsWith(folder + sep)) {
      problems.push(`${path}.file: must stay inside the manifest's folder`);
      continue;
    }
    if (!existsSync(absolute)) {
      problems.push(`${path}.file: ${file} does not exist`);
      continue;
    }
    const bytes = readFileSync(absolute);
    if (sha256(bytes) !== expected) problems.push(`${path}.sha256: does not match the bytes of ${file}`);
    files.set(file, bytes);
  }
  if (problems.length > 0) throw new ManifestError(manifestPath, problems);
  return importManifest(db, manifest, files, progress);
}

/** Writes a checked manifest and its files, all or nothing. */
export async function importManifest(db: ContentStore, manifest: Manifest, files: ManifestFiles, { onProgress }: ImportProgress = {}): Promise<ImportSummary> {
  const fileOf = (file: string) => {
    const bytes = files.get(file);
    if (bytes === undefined) throw new ManifestError('(files)', [`${file}: is named but was not supplied`]);
    return bytes;
  };
  const total = manifest.contents.length + manifest.fileAssets.length + manifest.collections.length + manifest.seoRecords.length;
  let done = 0;
  const step = () => onProgress?.(++done, total);

  await db.transaction().execute(async (trx) => {
    for (const site of manifest.sites) await saveSite(trx, site);
    for (const type of manifest.contentTypes) await saveContentType(trx, type);

    // Contents are keyed by content key: an existing content keeps its id and takes the new data.
    const ids = await findContentIdsByKeys(
      trx,
      manifest.contents.map((content) => content.contentKey),
    );
    for (const content of manifest.contents) {
      const id = ids.get(content.contentKey) ?? content.id;
      await saveContent(trx, { ...content, id });
      ids.set(content.contentKey, id);
      await saveMedia(trx, id, content.media === null ? null : { ...content.media, bytes: fileOf(content.media.file), createdAt: content.updatedAt });
      step();
    }

    for (const asset of manifest.fileAssets) {
      await saveFileAsset(trx, { ...asset, bytes: fileOf(asset.file) });
      step();
    }

    for (const collection of manifest.collections) {
      const id = (await findCollectionIdByKey(trx, collection.collectionKey)) ?? collection.id;
      const missing = collection.items.filter((key) => !ids.has(key));
      for (const [key, stored] of await findContentIdsByKeys(trx, missing)) ids.set(key, stored);
      await saveCollection(
        trx,
        { ...collection, id },
        collection.items.map((key) => ids.get(key) ?? ''),
      );
      step();
    }

    for (const record of manifest.seoRecords) {
      await saveSeoRecord(trx, record.siteId, record);
      step();
    }
  });

  return {
    sites: manifest.sites.length,
    contents: manifest.contents.length,
    fileAssets: manifest.fileAssets.length,
    collections: manifest.collections.length,
    seoRecords: manifest.seoRecords.length,
  };
}
