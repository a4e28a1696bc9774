/**
 * Surrogate keys: what an answer shows, named so that a CDN can purge every answer showing a thing
 * when it changes (Fastly's Surrogate-Key, Cloudflare's Cache-Tag, Varnish's xkey). The content
 * tables' triggers (migration 031) queue the same keys for each change: an answer carries a key,
 * and a change to what it names purges it. docs/decisions/037 says which answer carries which.
 * One module with the headers they travel in: every public answer loads it.
 */

/** Every answer carries it: a change to the site, its languages, content types or taxonomy purges all. */
export const ALL = 'all';

/** The delivery API's lists of a site's contents (not of a collection) and the sitemap: any change to any content. */
export const CONTENT_LISTS = 'list';

export const cdnKeys = {
  /** A sheet's own page and delivery API item. */
  sheet: (contentId: string) => `s-${contentId}`,
  /** Pages and API answers listing a collection: any change to it or to a sheet in it. */
  collection: (collectionId: string) => `c-${collectionId}`,
  /** An image's bytes, by its image content id. */
  image: (contentId: string) => `m-${contentId}`,
  /** A document's bytes, by its asset id. */
  document: (assetId: string) => `d-${assetId}`,
  /** A page definition's pages (and its topic pages). */
  page: (name: string) => `p-${name}`,
  /** Answers that list a topic's sheets beside another (a sheet page's related sheets). */
  topic: (slug: string) => `t-${slug}`,
} as const;

/*
 * The headers the keys travel in, each in its CDN's form: Fastly's `Surrogate-Key` and Varnish's
 * `xkey` separate keys by spaces, Cloudflare's `Cache-Tag` by commas.
 */
export const KEY_HEADERS = ['Surrogate-Key', 'Cache-Tag', 'xkey'] as const;
export type KeyHeader = (typeof KEY_HEADERS)[number];

/**
 * The most the keys of one answer may take, in bytes. Fastly takes 16,384 per header and Cloudflare
 * 16 KB for all of an answer's tags; half of that leaves room for the other headers proxies add.
 */
export const MAX_KEYS_BYTES = 8_000;

/** Each configured header with the answer's keys; past MAX_KEYS_BYTES, the coarsest key stands for them all. */
export function keyHeaders(keys: readonly string[], headers: readonly KeyHeader[]): Array<[KeyHeader, string]> {
  const unique = [...new Set(keys)];
  const kept = unique.join(' ').length > MAX_KEYS_BYTES ? [ALL] : unique;
  if (kept.length === 0) return [];
  return headers.map((header) => [header, kept.join(header === 'Cache-Tag' ? ',' : ' ')]);
}
