/**
 * Turns stored contents into what the delivery API sends: the translation for the request's
 * language, the content type's name, image media (spec §3.3: contentBody["sfdc_cms:media"] with
 * its url) and resolved image references (spec §3.1: body.contentBody.image.url). Every step is
 * one batched query for all the contents of a response, never one per content.
 */
import type { ContentStore } from '../cms/database';
import { findContentsByKeys, listContentTypes, localizeContents, type Content, type ContentType, type LocalizedContent } from '../cms/repositories/contents';
import { listMediaInfo, type MediaInfo } from '../cms/repositories/files';
import { IMAGE_CONTENT_TYPE, MEDIA_FIELD } from '../shared/constants';
import type { ContentBody, ContentTypeRef } from '../shared/delivery-types';
import { withBasePath } from '../shared/links';
import { mediaDeliveryPath } from '../shared/urls';
import type { DeliveryContext, DeliverySettings } from './delivery-context';

/** Short version tags keep media URLs cacheable for ever: a new file gets a new URL. */
const MEDIA_VERSION_LENGTH = 12;

export interface DeliveryScope {
  db: ContentStore;
  context: DeliveryContext;
  settings: DeliverySettings;
}

export interface DeliveredContent {
  content: LocalizedContent;
  contentType: ContentTypeRef;
  /** The type's fields and node types, for typed content nodes (spec §7.4). */
  type: ContentType | undefined;
  /** The body as delivered: media and image references resolved. */
  body: ContentBody;
  /** For image contents: the file behind them. */
  media: MediaInfo | undefined;
  /** Site-relative URL a visitor can open without signing in (images), else null. */
  unauthenticatedUrl: string | null;
}

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

export async function deliverContents(scope: DeliveryScope, contents: Content[]): Promise<DeliveredContent[]> {
  const { db, context, settings } = scope;
  const localized = await localizeContents(db, contents, context.languages);
  const imageIds = localized.filter((content) => content.content_type === IMAGE_CONTENT_TYPE).map((content) => content.id);
  const [types, media, images] = await Promise.all([
    listContentTypes(
      db,
      localized.map((content) => content.content_type),
    ),
    listMediaInfo(db, imageIds).then((rows) => new Map(rows.map((row) => [row.content_id, row]))),
    resolveImages(
      scope,
      localized.flatMap((content) => referencedKeys(content.body)),
    ),
  ]);
  return localized.map((content) => {
    const file = media.get(content.id);
    const mediaUrl = file === undefined ? null : mediaUrlOf(settings, content.content_key, file);
    const type = types.get(content.content_type);
    return {
      content,
      contentType: { fullyQualifiedName: content.content_type, name: type?.name ?? content.content_type },
      type,
      media: file,
      body: mediaUrl === null || file === undefined ? expandImageReferences(content.body, images) : withMediaField(content.body, file, mediaUrl),
      unauthenticatedUrl: mediaUrl === null ? null : withBasePath(settings.basePath, mediaUrl),
    };
  });
}

export function mediaUrlOf(settings: DeliverySettings, contentKey: string, file: MediaInfo): string {
  return mediaDeliveryPath(settings.platformSitesSegment, contentKey, file.sha256.slice(0, MEDIA_VERSION_LENGTH));
}

/** spec §3.3: an image content's file under contentBody["sfdc_cms:media"], with its url. */
function withMediaField(body: ContentBody, file: MediaInfo, url: string): ContentBody {
  return {
    ...body,
    [MEDIA_FIELD]: {
      source: { type: 'file', fileName: file.file_name, mimeType: file.mime_type, size: file.byte_size },
      url,
    },
  };
}

export interface ResolvedImage {
  contentKey: string;
  altText: string;
  url: string;
  /** The file's type, so a page can tell a vector image from a raster one. */
  mimeType: string;
}

/** Image info for the given content keys (those that are images of this site). */
async function resolveImages(scope: DeliveryScope, keys: string[]): Promise<Map<string, ResolvedImage>> {
  const { db, context, settings } = scope;
  const images = new Map<string, ResolvedImage>();
  if (keys.length === 0) return images;
  const contents = (await findContentsByKeys(db, context.site.id, [...new Set(keys)])).filter((content) => content.content_type === IMAGE_CONTENT_TYPE);
  const localized = await localizeContents(db, contents, context.languages);
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
      altText: typeof content.body.altText === 'string' ? content.body.altText : '',
      url: mediaUrlOf(settings, content.content_key, file),
      mimeType: file.mime_type,
    });
  }
  return images;
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

/** A copy of the body with every image reference expanded with the image's key, alt text and url. */
function expandImageReferences(body: ContentBody, images: Map<string, ResolvedImage>): ContentBody {
  return extendReferences(body, (key) => images.get(key));
}

/**
 * The contents reachable from `roots` within `depth` references (reference "One content item":
 * referenceDepth 0–3), keyed by content key, in the order they were reached. The roots themselves
 * are not included; a cycle ends where it meets a content already seen.
 */
export async function collectReferences(scope: DeliveryScope, roots: DeliveredContent[], depth: number): Promise<Map<string, DeliveredContent>> {
  const found = new Map<string, DeliveredContent>();
  const seen = new Set(roots.map((root) => root.content.content_key));
  let frontier = roots;
  for (let level = 0; level < depth && frontier.length > 0; level++) {
    const keys = [...new Set(frontier.flatMap((item) => referencedKeys(item.content.body)))].filter((key) => !seen.has(key));
    if (keys.length === 0) break;
    keys.forEach((key) => seen.add(key));
    frontier = await deliverContents(scope, await findContentsByKeys(scope.db, scope.context.site.id, keys));
    const byKey = new Map(frontier.map((item) => [item.content.content_key, item]));
    for (const key of keys) {
      const item = byKey.get(key);
      if (item !== undefined) found.set(key, item);
    }
  }
  return found;
}
