/** Binary content: image files of image contents, and versioned file assets (documents). */
import type { ContentStore } from '../database';
import type { FileAssetsTable, MediaTable } from '../schema';

export type MediaFile = MediaTable & { content_key: string };
export type FileAsset = FileAssetsTable;

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

export async function listMediaInfo(db: ContentStore, contentIds: string[]): Promise<MediaInfo[]> {
  if (contentIds.length === 0) return [];
  return db
    .selectFrom('media')
    .innerJoin('contents', 'contents.id', 'media.content_id')
    .select([
      'media.content_id',
      'media.file_name',
      'media.mime_type',
      'media.width',
      'media.height',
      'media.byte_size',
      'media.sha256',
      'media.created_at',
      'contents.content_key',
    ])
    .where('media.content_id', 'in', contentIds)
    .orderBy('media.content_id')
    .execute();
}

export async function listMediaInfoByKeys(db: ContentStore, contentKeys: string[]): Promise<MediaInfo[]> {
  if (contentKeys.length === 0) return [];
  return db
    .selectFrom('media')
    .innerJoin('contents', 'contents.id', 'media.content_id')
    .select([
      'media.content_id',
      'media.file_name',
      'media.mime_type',
      'media.width',
      'media.height',
      'media.byte_size',
      'media.sha256',
      'media.created_at',
      'contents.content_key',
    ])
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
