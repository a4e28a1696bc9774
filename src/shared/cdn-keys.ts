/**
 * Surrogate keys: what an answer shows, named so that a CDN can purge every answer showing a thing
 * when it changes (Fastly's Surrogate-Key, Cloudflare's Cache-Tag, Varnish's xkey). The content
 * tables' triggers (migration 031) queue the same keys for each change: an answer carries a key,
 * and a change to what it names purges it. docs/decisions/037 says which answer carries which.
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
