/**
 * What the server render hands to the browser: everything the page needs to hydrate without a
 * second fetch. Sent once, as JSON in a non-executable script element.
 */
import type { CollectionItem } from '../shared/delivery-types';

export interface CollectionPreload {
  items: CollectionItem[];
  total: number;
  pageSize: number;
  /** Zero-based token of the next page to append, or null when everything is shown. */
  nextPageToken: number | null;
}

export interface PageData {
  basePath: string;
  siteId: string;
  language: string;
  /** Preloaded collections by grid component id; null where the preload failed. */
  collections: Record<string, CollectionPreload | null>;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * JSON safe inside <script>: '<' is escaped so that no string can close the element, and U+2028/9
 * are escaped for older parsers.
 */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
