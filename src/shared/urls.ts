/**
 * Paths of the delivery API and of CMS resources (spec §7, §7.6). Every builder returns a path
 * relative to the site's base path; `withBasePath` (links.ts) puts the base path in front.
 */
import { API_ROOT } from './constants';

export type DeliveryForm = 'site' | 'channel';

/** Root of the delivery calls for a site or a channel (spec §7.1–7.3 name both forms). */
export function deliveryRootPath(form: DeliveryForm, id: string): string {
  return form === 'site'
    ? `${API_ROOT}/connect/sites/${encodeURIComponent(id)}/cms/delivery`
    : `${API_ROOT}/connect/cms/delivery/channels/${encodeURIComponent(id)}`;
}

export function channelResourcePath(channelId: string): string {
  return deliveryRootPath('channel', channelId);
}

/** Root of the community calls (spec §7.4, §7.5). */
export function communityRootPath(communityId: string): string {
  return `${API_ROOT}/connect/communities/${encodeURIComponent(communityId)}`;
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

/** A sheet page's path below the base path and language (docs/search.md, "A page per sheet"). */
export const sheetPath = (urlName: string) => `/sheets/${encodeURIComponent(urlName)}`;
