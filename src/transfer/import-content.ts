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
import { setCollectionItems } from '../cms/repositories/collections';
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
  const [sites, types, contents, collections, records] = await Promise.all([
    db.selectFrom('sites').select(['id', 'url_name', 'channel_id', 'community_id']).orderBy('id').execute(),
    db.selectFrom('content_types').select('fully_qualified_name').orderBy('fully_qualified_name').execute(),
    db.selectFrom('contents').select(['id', 'content_key', 'site_id', 'url_name']).orderBy('content_key').execute(),
    db.selectFrom('collections').select(['id', 'collection_key']).orderBy('id').execute(),
    db.selectFrom('seo_records').select(['site_id', 'record_id', 'url_alias']).where('url_alias', 'is not', null).orderBy('record_id').execute(),
  ]);
  return {
    siteIds: new Set(sites.map((row) => row.id)),
    contentTypes: new Set(types.map((row) => row.fully_qualified_name)),
    contentKeys: new Set(contents.map((row) => row.content_key)),
    keyOfContentId: new Map(contents.map((row) => [row.id, row.content_key])),
    keyOfContentUrlName: new Map(contents.map((row) => [urlNameSlot(row.site_id, row.url_name), row.content_key])),
    keyOfCollectionId: new Map(collections.map((row) => [row.id, row.collection_key])),
    siteOfUniqueValue: new Map(
      sites.flatMap((row) =>
        siteSlots({ urlName: row.url_name, channelId: row.channel_id, communityId: row.community_id }).map((value) => [value, row.id] as const),
      ),
    ),
    recordOfAlias: new Map(records.map((row) => [urlNameSlot(row.site_id, row.url_alias ?? ''), row.record_id])),
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
    for (const site of manifest.sites) {
      const row = {
        id: site.id,
        name: site.name,
        url_name: site.urlName,
        channel_id: site.channelId,
        community_id: site.communityId,
        default_language: site.defaultLanguage,
        created_at: site.createdAt,
      };
      await trx
        .insertInto('sites')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: row.name, url_name: row.url_name, default_language: row.default_language }))
        .execute();
      await trx.deleteFrom('site_languages').where('site_id', '=', site.id).execute();
      const languages = site.languages.some((entry) => entry.language === site.defaultLanguage)
        ? site.languages
        : [{ language: site.defaultLanguage, active: true }, ...site.languages];
      if (languages.length > 0) {
        await trx
          .insertInto('site_languages')
          .values(languages.map((entry, position) => ({ site_id: site.id, language: entry.language, is_active: entry.active ? 1 : 0, position })))
          .execute();
      }
    }

    for (const type of manifest.contentTypes) {
      const fieldSchema = JSON.stringify(type.fields);
      await trx
        .insertInto('content_types')
        .values({ fully_qualified_name: type.fullyQualifiedName, name: type.name, field_schema: fieldSchema })
        .onConflict((oc) => oc.column('fully_qualified_name').doUpdateSet({ name: type.name, field_schema: fieldSchema }))
        .execute();
    }

    // Contents are keyed by content key: an existing content keeps its id and takes the new data.
    const existing = new Map<string, string>();
    const keys = manifest.contents.map((content) => content.contentKey);
    for (let start = 0; start < keys.length; start += 500) {
      const rows = await trx
        .selectFrom('contents')
        .select(['id', 'content_key'])
        .where('content_key', 'in', keys.slice(start, start + 500))
        .execute();
      for (const row of rows) existing.set(row.content_key, row.id);
    }
    for (const content of manifest.contents) {
      const id = existing.get(content.contentKey) ?? content.id;
      const row = {
        id,
        content_key: content.contentKey,
        site_id: content.siteId,
        content_type: content.type,
        url_name: content.urlName,
        primary_language: content.primaryLanguage,
        created_at: content.createdAt,
        updated_at: content.updatedAt,
      };
      await trx
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
      existing.set(content.contentKey, id);
      await trx.deleteFrom('content_translations').where('content_id', '=', id).execute();
      await trx
        .insertInto('content_translations')
        .values(
          content.translations.map((translation) => ({
            content_id: id,
            language: translation.language,
            title: translation.title,
            body: JSON.stringify(translation.body),
            published_at: translation.publishedAt,
          })),
        )
        .execute();
      await trx.deleteFrom('media').where('content_id', '=', id).execute();
      if (content.media) {
        const bytes = fileOf(content.media.file);
        await trx
          .insertInto('media')
          .values({
            content_id: id,
            file_name: content.media.fileName,
            mime_type: content.media.mimeType,
            width: content.media.width,
            height: content.media.height,
            byte_size: bytes.length,
            sha256: sha256(bytes),
            bytes,
            created_at: content.updatedAt,
          })
          .execute();
      }
      step();
    }

    for (const asset of manifest.fileAssets) {
      const bytes = fileOf(asset.file);
      const values = { file_name: asset.fileName, mime_type: asset.mimeType, byte_size: bytes.length, sha256: sha256(bytes), bytes };
      await trx
        .insertInto('file_assets')
        .values({ asset_id: asset.assetId, version: asset.version, created_at: asset.createdAt, ...values })
        .onConflict((oc) => oc.columns(['asset_id', 'version']).doUpdateSet(values))
        .execute();
      step();
    }

    for (const collection of manifest.collections) {
      const found = await trx.selectFrom('collections').select('id').where('collection_key', '=', collection.collectionKey).executeTakeFirst();
      const id = found?.id ?? collection.id;
      const values = {
        site_id: collection.siteId,
        item_type: collection.itemType,
        url_name: collection.urlName,
        title: collection.title,
        metadata: JSON.stringify(collection.metadata),
        primary_language: collection.primaryLanguage,
        published_at: collection.publishedAt,
      };
      await trx
        .insertInto('collections')
        .values({ id, collection_key: collection.collectionKey, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      await trx.deleteFrom('collection_translations').where('collection_id', '=', id).execute();
      if (collection.translations.length > 0) {
        await trx
          .insertInto('collection_translations')
          .values(
            collection.translations.map((translation) => ({
              collection_id: id,
              language: translation.language,
              title: translation.title,
              metadata: JSON.stringify(translation.metadata),
            })),
          )
          .execute();
      }
      const contentIds = await idsOfKeys(trx, collection.items, existing);
      await setCollectionItems(trx, id, contentIds);
      step();
    }

    for (const record of manifest.seoRecords) {
      const values = {
        url_alias: record.urlAlias,
        record_name: record.recordName,
        object_name: record.objectName,
        fields: JSON.stringify(record.fields),
        href_lang_urls: JSON.stringify(record.hrefLangUrls),
        canonical_url: record.canonicalUrl,
        is_seo_indexed: record.isSeoIndexed ? 1 : 0,
      };
      await trx
        .insertInto('seo_records')
        .values({ site_id: record.siteId, record_id: record.recordId, ...values })
        .onConflict((oc) => oc.columns(['site_id', 'record_id']).doUpdateSet(values))
        .execute();
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

/** Content ids for content keys: from this import, else from the store. */
async function idsOfKeys(db: ContentStore, keys: string[], known: Map<string, string>): Promise<string[]> {
  const missing = keys.filter((key) => !known.has(key));
  for (let start = 0; start < missing.length; start += 500) {
    const rows = await db
      .selectFrom('contents')
      .select(['id', 'content_key'])
      .where('content_key', 'in', missing.slice(start, start + 500))
      .execute();
    for (const row of rows) known.set(row.content_key, row.id);
  }
  return keys.map((key) => known.get(key) ?? '');
}
