/**
 * What the server render hands to the browser: everything the page needs to hydrate without a
 * second fetch. Sent once, as JSON in a non-executable script element.
 */
import type { CollectionItem } from '../shared/delivery-types';
import type { PageDefinition } from './pages/page-definition';
import type { SeoHead } from './seo/seo-head';

/** A language the page is available in, for the language menu. */
export interface PageLanguage {
  language: string;
  /** The language's own name for itself, e.g. 'Deutsch (Deutschland)'. */
  label: string;
  href: string;
  current: boolean;
}

export interface CollectionPreload {
  items: CollectionItem[];
  total: number;
  pageSize: number;
  /** Zero-based token of the first page shown (non-zero for a standard paginator's later pages). */
  pageToken: number;
  /** Zero-based token of the next page, or null when everything is shown. */
  nextPageToken: number | null;
  previousPageToken: number | null;
}

export interface PageData {
  basePath: string;
  platformSitesSegment: string;
  siteId: string;
  language: string;
  /** The page definition, as loaded (rich text already sanitised). */
  page: PageDefinition;
  /** Preloaded collections by grid component id; null where the grid loads in the browser. */
  collections: Record<string, CollectionPreload | null>;
  /** The languages the page is in; empty when the site has one. */
  languages: PageLanguage[];
  /** The SEO assistant's tags, kept in step in the browser. */
  seo: SeoHead;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

/**
 * JSON safe inside <script>: '<' is escaped so that no string can close the element, and U+2028/9
 * are escaped for older parsers.
 */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Every grid of a page definition, in page order. */
export function gridsOf(page: PageDefinition) {
  return page.sections.flatMap((section) =>
    section.columns.flatMap((column) => column.components.flatMap((component) => (component.type === 'collectionGrid' ? [component] : []))),
  );
}

/** The paginator variants a page's grids use, to load before rendering. */
export function paginatorVariantsOf(data: PageData) {
  return gridsOf(data.page).flatMap((grid) => (grid.settings.paginator ? [grid.settings.paginator.variant] : []));
}
