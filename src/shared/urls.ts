/**
 * Paths of the delivery API and of CMS resources (spec §7, §7.6). Every builder returns a path
 * relative to the site's base path; `withBasePath` (links.ts) puts the base path in front.
 */
import { API_ROOT } from './constants';

export function siteCollectionPath(siteId: string, collectionKeyOrId: string): string {
  return `${API_ROOT}/connect/sites/${encodeURIComponent(siteId)}/cms/delivery/collections/${encodeURIComponent(collectionKeyOrId)}`;
}

export function channelCollectionPath(channelId: string, collectionKeyOrId: string): string {
  return `${API_ROOT}/connect/cms/delivery/channels/${encodeURIComponent(channelId)}/collections/${encodeURIComponent(collectionKeyOrId)}`;
}

export function channelResourcePath(channelId: string): string {
  return `${API_ROOT}/connect/cms/delivery/channels/${encodeURIComponent(channelId)}`;
}

/** spec §7.6: {basePath}/{platformSitesSegment}/c/file-asset/{assetId}?v={version} */
export function fileAssetPath(segment: string, assetId: string, version: number): string {
  return `/${segment}/c/file-asset/${encodeURIComponent(assetId)}?v=${version}`;
}

/** spec §7.6: {basePath}/{platformSitesSegment}/c/cms/delivery/media/{contentKey} */
export function mediaDeliveryPath(segment: string, contentKey: string, version?: string): string {
  const path = `/${segment}/c/cms/delivery/media/${encodeURIComponent(contentKey)}`;
  return version === undefined ? path : `${path}?v=${encodeURIComponent(version)}`;
}

/** Appends query parameters, leaving out those that are undefined. */
export function withQuery(path: string, query: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}
