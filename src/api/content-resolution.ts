/**
 * Turns stored contents into what the delivery API sends: the translation for the request's
 * language, the content type's name, image media (spec §3.3: contentBody["sfdc_cms:media"] with
 * its url) and resolved image references (spec §3.1: body.contentBody.image.url). Every step is
 * one batched query for all the contents of a response, never one per content.
 */
import type { ContentStore } from '../cms/database';
import { findContentsByKeys, listContentTypes, localizeContents, type Content, type ContentType, type LocalizedContent } from '../cms/repositories/contents';
import { extendReferences, imagesOf, mediaVersionOf, referencedKeys, resolvedImageOf, type ResolvedImage } from '../published/images';
import { listMediaInfo, type MediaInfo } from '../cms/repositories/files';
import { IMAGE_CONTENT_TYPE, MEDIA_FIELD } from '../shared/constants';
import type { ContentBody, ContentTypeRef } from '../shared/delivery-types';
import { withBasePath } from '../shared/links';
import { mediaDeliveryPath } from '../shared/urls';
import type { DeliveryContext, DeliverySettings } from './delivery-context';

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
    const mediaUrl = file === undefined ? null : mediaUrlOf(settings, content.content_key, mediaVersionOf(file));
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

/** An image's URL below the base path, at its file's version (mediaVersionOf): cacheable for ever, as a new file gets a new URL. */
export function mediaUrlOf(settings: Pick<DeliverySettings, 'platformSitesSegment'>, contentKey: string, version: string): string {
  return mediaDeliveryPath(settings.platformSitesSegment, contentKey, version);
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

/** Image info for the given content keys (those that are images of this site). */
async function resolveImages(scope: DeliveryScope, keys: string[]): Promise<Map<string, ResolvedImage>> {
  const { db, context, settings } = scope;
  const images = new Map<string, ResolvedImage>();
  for (const [key, image] of await imagesOf(db, context.site.id, keys, context.languages))
    images.set(key, resolvedImageOf(image, settings.platformSitesSegment));
  return images;
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
