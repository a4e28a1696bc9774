/**
 * Image references (spec §3.1): a body's field `{ source: { type, ref: { contentKey } } }` names an
 * image content of the site; what a reader sees of it is the image's alt text in the reader's
 * language, its file's type and a URL that changes with the file. Read here for the delivery API
 * and the read model alike (one reading of an image), the URL made by each from the version.
 */
import type { ContentStore } from '../cms/database';
import { findContentsByKeys, localizeContents } from '../cms/repositories/contents';
import { listMediaInfo } from '../cms/repositories/files';
import { IMAGE_CONTENT_TYPE } from '../shared/constants';
import type { ContentBody } from '../shared/delivery-types';
import { mediaDeliveryPath } from '../shared/urls';

/** Short version tags keep media URLs cacheable for ever: a new file gets a new URL. */
const MEDIA_VERSION_LENGTH = 12;

/** A file's version as its media URL carries it. */
export const mediaVersionOf = (file: { sha256: string }): string => file.sha256.slice(0, MEDIA_VERSION_LENGTH);

/** An image content as a reader in some language sees it. */
export interface PublishedImage {
  contentKey: string;
  /** The image content's own id: a change to it makes what shows it again. */
  id: string;
  altText: string;
  mimeType: string;
  /** Its file's version (mediaVersionOf), which its URL carries. */
  version: string;
}

/** An image as a body's reference node is extended with, for a reader: its fields in this order on the wire. */
export interface ResolvedImage {
  contentKey: string;
  altText: string;
  /** Below the base path, at the file's version: cacheable for ever, as a new file gets a new URL. */
  url: string;
  /** The file's type, so a page can tell a vector image from a raster one. */
  mimeType: string;
}

/** The image as a reference node shows it; `segment`: the platform's segment of media URLs (a setting). */
export const resolvedImageOf = (image: PublishedImage, segment: string): ResolvedImage => ({
  contentKey: image.contentKey,
  altText: image.altText,
  url: mediaDeliveryPath(segment, image.contentKey, image.version),
  mimeType: image.mimeType,
});

/** A reference from one content to another: `{ source: { type, ref: { contentKey } } }`. */
export function referencedKey(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const source = (value as { source?: unknown }).source;
  if (source === null || typeof source !== 'object') return undefined;
  const ref = (source as { ref?: unknown }).ref;
  if (ref === null || typeof ref !== 'object') return undefined;
  const key = (ref as { contentKey?: unknown }).contentKey;
  return typeof key === 'string' ? key : undefined;
}

/** Content keys a body refers to, in field order. */
export function referencedKeys(body: ContentBody): string[] {
  return Object.values(body).flatMap((value) => referencedKey(value) ?? []);
}

/**
 * A copy of the body where each reference node that `extra` knows something about is merged with
 * it; every other field stays as it is.
 */
export function extendReferences(body: ContentBody, extra: (contentKey: string) => object | undefined): ContentBody {
  const extended: ContentBody = {};
  for (const [field, value] of Object.entries(body)) {
    const key = referencedKey(value);
    const addition = key === undefined ? undefined : extra(key);
    extended[field] = addition === undefined ? value : { ...(value as object), ...addition };
  }
  return extended;
}

/** The images of a site among `keys` (those that are image contents with a file), read in the first of `languages` each has. */
export async function imagesOf(db: ContentStore, siteId: string, keys: string[], languages: string[]): Promise<Map<string, PublishedImage>> {
  const images = new Map<string, PublishedImage>();
  if (keys.length === 0) return images;
  const contents = (await findContentsByKeys(db, siteId, [...new Set(keys)])).filter((content) => content.content_type === IMAGE_CONTENT_TYPE);
  const localized = await localizeContents(db, contents, languages);
  const media = new Map(
    (
      await listMediaInfo(
        db,
        localized.map((content) => content.id),
      )
    ).map((info) => [info.content_id, info]),
  );
  for (const content of localized) {
    const file = media.get(content.id);
    if (file === undefined) continue;
    images.set(content.content_key, {
      contentKey: content.content_key,
      id: content.id,
      altText: typeof content.body.altText === 'string' ? content.body.altText : '',
      mimeType: file.mime_type,
      version: mediaVersionOf(file),
    });
  }
  return images;
}
