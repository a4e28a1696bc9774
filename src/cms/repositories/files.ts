/** Binary content: image files of image contents, and versioned file assets (documents). */
import { createHash } from 'node:crypto';
import type { ContentStore } from '../database';
import type { Selectable } from 'kysely';
import type { FileAssetsTable, MediaTable } from '../schema';

export type MediaFile = MediaTable & { content_key: string };
export type FileAsset = Selectable<FileAssetsTable>;

/** Media metadata without the bytes, for building URLs and image info. */
export type MediaInfo = Omit<MediaFile, 'bytes'>;

export async function findMediaByContentKey(db: ContentStore, contentKey: string): Promise<MediaFile | undefined> {
  return db
    .selectFrom('media')
    .innerJoin('contents', 'contents.id', 'media.content_id')
    .selectAll('media')
    .select('contents.content_key')
    .where('contents.content_key', '=', contentKey)
    .executeTakeFirst();
}

/** Everything about an image file but its bytes. */
const MEDIA_INFO_COLUMNS = [
  'media.content_id',
  'media.file_name',
  'media.mime_type',
  'media.width',
  'media.height',
  'media.byte_size',
  'media.sha256',
  'media.created_at',
  'contents.content_key',
] as const;

export async function listMediaInfo(db: ContentStore, contentIds: string[]): Promise<MediaInfo[]> {
  if (contentIds.length === 0) return [];
  return db
    .selectFrom('media')
    .innerJoin('contents', 'contents.id', 'media.content_id')
    .select(MEDIA_INFO_COLUMNS)
    .where('media.content_id', 'in', contentIds)
    .orderBy('media.content_id')
    .execute();
}

export async function listMediaInfoByKeys(db: ContentStore, contentKeys: string[]): Promise<MediaInfo[]> {
  if (contentKeys.length === 0) return [];
  return db
    .selectFrom('media')
    .innerJoin('contents', 'contents.id', 'media.content_id')
    .select(MEDIA_INFO_COLUMNS)
    .where('contents.content_key', 'in', contentKeys)
    .orderBy('media.content_id')
    .execute();
}

/** A file asset at a version, or its latest version when none is given. */
export async function findFileAsset(db: ContentStore, assetId: string, version?: number): Promise<FileAsset | undefined> {
  let query = db.selectFrom('file_assets').selectAll().where('asset_id', '=', assetId);
  if (version !== undefined) query = query.where('version', '=', version);
  return query.orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export interface MediaRecord {
  fileName: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: Buffer;
  createdAt: string;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Replaces the file of an image content (null: it has none). */
export async function saveMedia(db: ContentStore, contentId: string, media: MediaRecord | null): Promise<void> {
  await db.deleteFrom('media').where('content_id', '=', contentId).execute();
  if (media === null) return;
  await db
    .insertInto('media')
    .values({
      content_id: contentId,
      file_name: media.fileName,
      mime_type: media.mimeType,
      width: media.width,
      height: media.height,
      byte_size: media.bytes.length,
      sha256: sha256(media.bytes),
      bytes: media.bytes,
      created_at: media.createdAt,
    })
    .execute();
}

export interface FileAssetRecord {
  assetId: string;
  version: number;
  fileName: string;
  mimeType: string;
  bytes: Buffer;
  createdAt: string;
}

/** Creates or replaces one version of a file asset. */
export async function saveFileAsset(db: ContentStore, asset: FileAssetRecord): Promise<void> {
  const values = { file_name: asset.fileName, mime_type: asset.mimeType, byte_size: asset.bytes.length, sha256: sha256(asset.bytes), bytes: asset.bytes };
  await db
    .insertInto('file_assets')
    .values({ asset_id: asset.assetId, version: asset.version, created_at: asset.createdAt, ...values })
    .onConflict((oc) => oc.columns(['asset_id', 'version']).doUpdateSet(values))
    .execute();
}

/** Every image file with its bytes, by content id (for exports). */
export async function listAllMedia(db: ContentStore): Promise<MediaTable[]> {
  return db.selectFrom('media').selectAll().orderBy('content_id').execute();
}

/** Every version of every file asset (for exports). */
export async function listAllFileAssets(db: ContentStore): Promise<FileAsset[]> {
  return db.selectFrom('file_assets').selectAll().orderBy('asset_id').orderBy('version').execute();
}

/** The versions of a file asset, newest first, with their digests. */
export async function listFileAssetVersions(db: ContentStore, assetId: string): Promise<Array<{ version: number; sha256: string; retired: boolean }>> {
  const rows = await db
    .selectFrom('file_assets')
    .select(['version', 'sha256', 'retired_at'])
    .where('asset_id', '=', assetId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({ version: Number(row.version), sha256: row.sha256, retired: row.retired_at !== null }));
}

/** Withdraws a version of a document (its address answers 410), or with null serves it again. */
export async function setFileAssetRetired(db: ContentStore, assetId: string, version: number, retiredAt: string | null): Promise<void> {
  await db.updateTable('file_assets').set({ retired_at: retiredAt }).where('asset_id', '=', assetId).where('version', '=', version).execute();
}

/** An image content's file, without its bytes. */
export async function findMediaInfo(db: ContentStore, contentId: string): Promise<Omit<MediaTable, 'bytes'> | undefined> {
  return db
    .selectFrom('media')
    .select(['content_id', 'file_name', 'mime_type', 'width', 'height', 'byte_size', 'sha256', 'created_at'])
    .where('content_id', '=', contentId)
    .executeTakeFirst();
}

/** One version of a file asset, without its bytes. */
export async function findFileAssetInfo(db: ContentStore, assetId: string, version: number): Promise<Omit<FileAsset, 'bytes'> | undefined> {
  return db
    .selectFrom('file_assets')
    .select(['asset_id', 'version', 'file_name', 'mime_type', 'byte_size', 'sha256', 'created_at', 'retired_at'])
    .where('asset_id', '=', assetId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Every version of these file assets, without their bytes. */
export async function listFileAssetInfo(db: ContentStore, assetIds: readonly string[]): Promise<Array<Omit<FileAsset, 'bytes'>>> {
  if (assetIds.length === 0) return [];
  return db
    .selectFrom('file_assets')
    .select(['asset_id', 'version', 'file_name', 'mime_type', 'byte_size', 'sha256', 'created_at', 'retired_at'])
    .where('asset_id', 'in', [...assetIds])
    .orderBy('asset_id')
    .orderBy('version')
    .execute();
}

/**
 * Takes a document's versions after `version` off the site: the site serves a document up to the
 * version its sheet links, and never one past it (their bytes stay in the blobs, with the versions
 * that name them).
 */
export async function deleteFileAssetVersionsAfter(db: ContentStore, assetId: string, version: number): Promise<void> {
  await db.deleteFrom('file_assets').where('asset_id', '=', assetId).where('version', '>', version).execute();
}

/** Removes every version of a file asset. */
export async function deleteFileAsset(db: ContentStore, assetId: string): Promise<void> {
  await db.deleteFrom('file_assets').where('asset_id', '=', assetId).execute();
}
