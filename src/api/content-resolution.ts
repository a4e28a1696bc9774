/**
 * Resolves references inside content bodies for delivery: an image reference
 * `{ source: { type: 'imageReference', ref: { contentKey } } }` gains the image's contentKey,
 * altText and media URL (spec §3.1 body.contentBody.image.url; §7.6 media delivery URL).
 */
import type { ContentStore } from '../cms/database';
import { findContentsByKeys, localizeContents } from '../cms/repositories/contents';
import { listMediaInfo } from '../cms/repositories/files';
import type { ContentBody } from '../shared/delivery-types';
import { mediaDeliveryPath } from '../shared/urls';
import type { DeliveryContext, DeliverySettings } from './delivery-context';

interface ImageReference {
  source: { type: 'imageReference'; ref: { contentKey: string } };
}

/** Short version tags keep media URLs cacheable for ever: a new file gets a new URL. */
const MEDIA_VERSION_LENGTH = 12;

function isImageReference(value: unknown): value is ImageReference {
  if (value === null || typeof value !== 'object') return false;
  const source = (value as { source?: unknown }).source;
  if (source === null || typeof source !== 'object') return false;
  const { type, ref } = source as { type?: unknown; ref?: unknown };
  return type === 'imageReference' && ref !== null && typeof ref === 'object' && typeof (ref as { contentKey?: unknown }).contentKey === 'string';
}

export interface ResolvedImage {
  contentKey: string;
  altText: string;
  url: string;
}

/** Image info by content key for the images the bodies refer to, in one pass over the store. */
export async function resolveImages(db: ContentStore, context: DeliveryContext, settings: DeliverySettings, bodies: ContentBody[]): Promise<Map<string, ResolvedImage>> {
  const keys = new Set<string>();
  for (const body of bodies) {
    for (const value of Object.values(body)) if (isImageReference(value)) keys.add(value.source.ref.contentKey);
  }
  const images = new Map<string, ResolvedImage>();
  if (keys.size === 0) return images;
  const contents = await localizeContents(db, await findContentsByKeys(db, context.site.id, [...keys]), context.languages);
  const media = new Map((await listMediaInfo(db, contents.map((content) => content.id))).map((info) => [info.content_id, info]));
  for (const content of contents) {
    const file = media.get(content.id);
    const altText = typeof content.body.altText === 'string' ? content.body.altText : '';
    images.set(content.content_key, {
      contentKey: content.content_key,
      altText,
      url: mediaDeliveryPath(settings.platformSitesSegment, content.content_key, file?.sha256.slice(0, MEDIA_VERSION_LENGTH)),
    });
  }
  return images;
}

/** A copy of the body with every image reference expanded. */
export function expandImageReferences(body: ContentBody, images: Map<string, ResolvedImage>): ContentBody {
  const expanded: ContentBody = {};
  for (const [field, value] of Object.entries(body)) {
    const image = isImageReference(value) ? images.get(value.source.ref.contentKey) : undefined;
    expanded[field] = image === undefined ? value : { ...(value as object), ...image };
  }
  return expanded;
}
