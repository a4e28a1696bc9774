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
import { findCollectionIdByKey, listAllCollections, listCollectionItemKeys, saveCollection } from '../cms/repositories/collections';
import { findContentIdsByKeys, listAllContents, listStoredContentTypes, saveContent, saveContentType } from '../cms/repositories/contents';
import { saveFileAsset, saveMedia } from '../cms/repositories/files';
import { listSeoAliases, saveSeoRecord } from '../cms/repositories/seo-records';
import { listSites, saveSite } from '../cms/repositories/sites';
import { saveTopics } from '../cms/repositories/topics';
import { commandLineActor, type Actor } from '../editing/audit';
import { withImportHistory } from '../editing/imports';
import { documentText } from '../editing/uploads';
import { saveDocumentText } from '../cms/repositories/editing';
import { resolveItems, type ImportOptions, type ManifestFiles } from './import-plan';
import { ManifestError, readManifest, siteSlots, urlNameSlot, type KnownRecords, type Manifest } from './manifest';

export interface ImportProgress {
  onProgress?: (done: number, total: number) => void;
}

export interface ImportSummary {
  /** Names the import in the history; `content import --undo <id>` reverts it. */
  importId: string;
  sites: number;
  contents: number;
  fileAssets: number;
  collections: number;
  seoRecords: number;
}

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

export interface ManifestWithFiles {
  manifest: Manifest;
  files: ManifestFiles;
}

/** Reads and checks `<folder>/manifest.json` (or the manifest file named) and the files beside it. */
export async function readContentFolder(db: ContentStore, location: string): Promise<ManifestWithFiles> {
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
  return { manifest, files };
}

/** Reads, checks and imports a folder. */
export async function importContentFolder(db: ContentStore, location: string, run: ImportProgress & ImportOptions = {}): Promise<ImportSummary> {
  const { manifest, files } = await readContentFolder(db, location);
  return importManifest(db, manifest, files, run);
}

/** Writes a checked manifest and its files, all or nothing. */
export async function importManifest(
  db: ContentStore,
  manifest: Manifest,
  files: ManifestFiles,
  {
    onProgress,
    actor = commandLineActor(),
    verify,
    ...options
  }: ImportProgress & ImportOptions & { actor?: Actor; verify?: (trx: ContentStore) => Promise<void> } = {},
): Promise<ImportSummary> {
  const fileOf = (file: string) => {
    const bytes = files.get(file);
    if (bytes === undefined) throw new ManifestError('(files)', [`${file}: is named but was not supplied`]);
    return bytes;
  };
  const total = manifest.contents.length + manifest.fileAssets.length + manifest.collections.length + manifest.seoRecords.length;
  let done = 0;
  const step = () => onProgress?.(++done, total);

  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const description = `${plural(manifest.contents.length, 'content')}, ${plural(manifest.fileAssets.length, 'document')}, ${plural(manifest.collections.length, 'collection')}`;
  const touches = {
    contentKeys: manifest.contents.map((content) => content.contentKey),
    collectionKeys: manifest.collections.map((collection) => collection.collectionKey),
  };
  // Documents' text is read before the transaction, which stays short.
  const texts = new Map<string, string | null>();
  for (const asset of manifest.fileAssets) if (asset.mimeType === 'application/pdf') texts.set(asset.file, await documentText(fileOf(asset.file)));
  const importId = await db.transaction().execute((trx) => withImportHistory(trx, touches, actor, description, () => write(trx)));

  async function write(trx: ContentStore): Promise<void> {
    // Under the editing lock, before anything is written: the caller's last word (the studio checks that the store still matches what the editor was shown).
    await verify?.(trx);
    // An import adds and changes; what the file does not carry stays (docs/content-format.md).
    const storedSites = new Map((await listSites(trx)).map((site) => [site.id, site]));
    for (const site of manifest.sites) {
      const kept = (storedSites.get(site.id)?.languages ?? []).filter((stored) => !site.languages.some((entry) => entry.language === stored.language));
      const { topics, ...record } = site;
      await saveSite(trx, { ...record, languages: [...site.languages, ...kept] });
      // Topics the file carries are added or changed; the site's others stay.
      if (topics !== undefined) await saveTopics(trx, site.id, topics);
    }
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
      if (content.media !== null) await saveMedia(trx, id, { ...content.media, bytes: fileOf(content.media.file), createdAt: content.updatedAt });
      step();
    }

    for (const asset of manifest.fileAssets) {
      await saveFileAsset(trx, { ...asset, bytes: fileOf(asset.file) });
      if (texts.has(asset.file)) await saveDocumentText(trx, fileOf(asset.file), asset.mimeType, texts.get(asset.file) ?? null, new Date().toISOString());
      step();
    }

    for (const collection of manifest.collections) {
      const storedId = await findCollectionIdByKey(trx, collection.collectionKey);
      const stored = storedId === undefined ? [] : (await listCollectionItemKeys(trx, storedId)).map((item) => item.contentKey);
      const items = resolveItems(stored, collection.items, options);
      const missing = items.filter((key) => !ids.has(key));
      for (const [key, found] of await findContentIdsByKeys(trx, missing)) ids.set(key, found);
      await saveCollection(
        trx,
        { ...collection, id: storedId ?? collection.id },
        items.map((key) => ids.get(key) ?? ''),
      );
      step();
    }

    for (const record of manifest.seoRecords) {
      await saveSeoRecord(trx, record.siteId, record);
      step();
    }
  }

  return {
    importId,
    sites: manifest.sites.length,
    contents: manifest.contents.length,
    fileAssets: manifest.fileAssets.length,
    collections: manifest.collections.length,
    seoRecords: manifest.seoRecords.length,
  };
}
