/**
 * The image data provider (spec §3.2, §3.3, §7.3, §8): resolves image content keys into image
 * info through the content list call (the current site, includeContentBody=true). When the call
 * fails it warns and falls back to the default URL, or to the media delivery path of each key.
 */
import { CMS_CACHE_TTL_MS, MEDIA_FIELD } from '../../shared/constants';
import type { DeliveryClient } from '../../shared/delivery-client';
import type { ContentDocument } from '../../shared/delivery-types';
import { resolveLink, withBasePath } from '../../shared/links';
import { stripTags } from '../../shared/text';
import { mediaDeliveryPath } from '../../shared/urls';
import type { DataStore } from './data-store';

/** spec §3.3 image info. */
export interface ImageInfo {
  url: string;
  isExternal: boolean;
  altText: string;
  overrideAltText: string | undefined;
  contentKey: string;
  bgPosition: string | undefined;
  bgSizeOrRepeat: string | undefined;
}

export interface ImageRequest {
  siteId: string;
  basePath: string;
  platformSitesSegment: string;
  contentKeys: string[];
  language?: string;
  /** Used for every key when the call fails. */
  defaultUrl?: string;
  overrideAltText?: string;
  bgPosition?: string;
  bgSizeOrRepeat?: string;
}

/** The content list call takes at most 50 keys (reference "Content list"). */
const KEYS_PER_CALL = 25;

export async function resolveImageInfos(
  store: DataStore,
  client: DeliveryClient,
  request: ImageRequest,
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<Map<string, ImageInfo>> {
  const keys = [...new Set(request.contentKeys)];
  const infos = new Map<string, ImageInfo>();
  const chunks = Array.from({ length: Math.ceil(keys.length / KEYS_PER_CALL) }, (_, i) => keys.slice(i * KEYS_PER_CALL, (i + 1) * KEYS_PER_CALL));
  for (const chunk of chunks) {
    try {
      const documents = await store.load(
        `images:${request.siteId}:${request.language ?? ''}:${chunk.join(',')}`,
        (signal) =>
          client.listContents({
            channelOrSiteId: request.siteId,
            contentKeys: chunk,
            includeContentBody: true,
            pageSize: KEYS_PER_CALL,
            ...(request.language ? { language: request.language } : {}),
            signal,
          }),
        { ttlMs: CMS_CACHE_TTL_MS },
      );
      for (const content of documents.contents as ContentDocument[]) infos.set(content.contentKey, toImageInfo(content, request));
    } catch {
      warn(`ImageDataProvider failed to fetch image with contentKey: ${chunk.join(',')} and SiteId: ${request.siteId}`);
    }
    for (const key of chunk) if (!infos.has(key)) infos.set(key, fallbackInfo(key, request));
  }
  return infos;
}

function toImageInfo(content: ContentDocument, request: ImageRequest): ImageInfo {
  const media = content.contentBody[MEDIA_FIELD] as { url?: unknown; source?: { type?: unknown } } | undefined;
  const isExternal = media?.source?.type === 'url';
  const rawUrl = typeof media?.url === 'string' ? media.url : '';
  return {
    url: resolveLink(rawUrl, request.basePath).href || withBasePath(request.basePath, mediaDeliveryPath(request.platformSitesSegment, content.contentKey)),
    isExternal,
    altText: stripTags(typeof content.contentBody.altText === 'string' ? content.contentBody.altText : ''),
    overrideAltText: request.overrideAltText,
    contentKey: content.contentKey,
    bgPosition: request.bgPosition,
    bgSizeOrRepeat: request.bgSizeOrRepeat,
  };
}

function fallbackInfo(contentKey: string, request: ImageRequest): ImageInfo {
  return {
    url: request.defaultUrl ?? withBasePath(request.basePath, mediaDeliveryPath(request.platformSitesSegment, contentKey)),
    isExternal: false,
    altText: '',
    overrideAltText: request.overrideAltText,
    contentKey,
    bgPosition: request.bgPosition,
    bgSizeOrRepeat: request.bgSizeOrRepeat,
  };
}
