/**
 * Loads what a page needs before it is rendered: each collection grid's first pages, read from
 * the read model of what is published (src/published/), as the delivery API's items.
 */
import { cardPropertiesOf } from '../../content-model/sheet-values';
import { findSheetType } from '../../cms/repositories/content-types';
import { LABEL_LANGUAGE } from '../../cms/content-types';
import type { DeliverySettings } from '../../api/delivery-context';
import type { ContentStore } from '../../cms/database';
import type { Site } from '../../cms/repositories/sites';
import { ApiError, notFound } from '../../shared/errors';
import { sheetItemOf } from '../../published/published-content';
import { sheetsOf } from '../../published/sheets';
import { listingOf } from '../../published/listings';
import type { SheetSearch } from '../../search/sheet-search';
import type { Selection } from '../../search/facets';
import { nextPageTokenOf, pageOffset, previousPageTokenOf } from '../../shared/pagination';
import { readChannelOrSiteId } from '../../shared/request-validation';
import type { CollectionPreload, PageData } from '../../site/page-data';
import { gridsOf, type CollectionGridDefinition, type PageDefinition } from '../../page-model/page-definition';

export interface Logger {
  warn(message: string): void;
}

export interface PageDataSource {
  db: ContentStore;
  settings: DeliverySettings;
  /** The site's origin (SITE_URL, or the request's). */
  origin: string;
  log: Logger;
  /** The site's search (search/sheet-search.ts), for a searchable grid asked a query. */
  search?: SheetSearch;
}

/** What loadPageData loads: the page's data in a language, without its SEO head and language menu. */
export type LoadedPageData = Omit<PageData, 'seo' | 'languages'>;

/** What a visitor looks for on a searchable grid's page: a query's words, facet choices (a topic page's topic), or both. */
export interface Finding {
  query: string;
  selection: Selection;
  /** Where the results' pages are, to which `page=N` is appended (`/topics/ald?q=tma&`); the page's own when not given. */
  address?: string;
}

export const NOTHING_SOUGHT: Finding = { query: '', selection: [] };

export const isSought = (finding: Finding) => finding.query !== '' || finding.selection.length > 0;

/**
 * A page's data: each grid's first `pagesShown` pages, or, for a searchable grid when the visitor
 * looks for something (a query, a topic), as many pages of what is found.
 */
export async function loadPageData(
  source: PageDataSource,
  page: PageDefinition,
  site: Site,
  language: string,
  pagesShown: number,
  finding: Finding = NOTHING_SOUGHT,
): Promise<LoadedPageData> {
  // Cards that show values of the type's fields are the server's only (page-data.ts): their grid is preloaded.
  const cardProperties = cardPropertiesOf(await findSheetType(source.db), language, LABEL_LANGUAGE);
  const collections: Record<string, CollectionPreload | null> = {};
  for (const grid of gridsOf(page)) {
    collections[grid.id] =
      isSought(finding) && grid.settings.searchable && source.search !== undefined
        ? await searchResults({ ...source, search: source.search }, grid, site, language, pagesShown, finding)
        : grid.settings.preload || cardProperties.length > 0
          ? await preload(source, grid, language, pagesShown)
          : null;
  }
  return {
    basePath: source.settings.basePath,
    platformSitesSegment: source.settings.platformSitesSegment,
    siteId: site.id,
    language,
    page,
    collections,
    cardProperties,
  };
}

async function preload(source: PageDataSource, grid: CollectionGridDefinition, language: string, pagesShown: number): Promise<CollectionPreload | null> {
  const { channelOrSiteId, collectionKeyOrId } = grid.input;
  try {
    // No cache here: the page renderer keeps the whole page's data per content version.
    return await preloadCollection(source, grid, language, pagesShown);
  } catch (error) {
    // spec §8: the preload fails soft, and the grid shows its error state.
    source.log.warn(`CmsCollectionDataProvider failed to fetch collection with collectionKeyOrId: ${collectionKeyOrId} and SiteId: ${channelOrSiteId}`);
    if (!(error instanceof ApiError)) throw error;
    // A missing collection stays missing: the error state is rendered here. A failure of the
    // server's own (5xx) may pass, so the browser tries again.
    if (error.status >= 500) return null;
    return { items: [], total: 0, pageSize: grid.settings.pageSize, pageToken: 0, nextPageToken: null, previousPageToken: null, failed: true };
  }
}

/** The first `pages` pages of what a search (or a topic) finds, paged as the grid pages its collection. */
async function searchResults(
  source: PageDataSource & { search: SheetSearch },
  grid: CollectionGridDefinition,
  site: Site,
  language: string,
  pages: number,
  { query, selection, address = '?' }: Finding,
): Promise<CollectionPreload> {
  const { pageSize } = grid.settings;
  const results = await source.search.results({ siteId: site.id, language, query, selection, limit: pageSize * pages, offset: 0 });
  // The hits as the grid's cards: the same images and links as its collection's items.
  const items = (
    await sheetsOf(
      source.db,
      language,
      results.hits.map((hit) => hit.contentId),
    )
  ).map((sheet) => sheetItemOf(sheet, source.settings));
  const lastToken = pages - 1;
  return {
    items,
    total: results.total,
    pageSize,
    pageToken: 0,
    nextPageToken: nextPageTokenOf({
      pageToken: lastToken,
      pageSize,
      itemCount: Math.max(0, items.length - lastToken * pageSize),
      total: results.total,
    }),
    previousPageToken: null,
    search: { query, address, passages: Object.fromEntries(results.hits.map((hit) => [hit.contentId, hit.passage])), ...(results.more ? { more: true } : {}) },
  };
}

/**
 * A Show More grid shows the first `pages` pages (one query); a standard grid shows page `pages`
 * alone. Either way the tokens say which page comes next and before.
 */
async function preloadCollection(source: PageDataSource, grid: CollectionGridDefinition, language: string, pages: number): Promise<CollectionPreload> {
  const { pageSize } = grid.settings;
  const appends = grid.settings.paginator?.variant !== 'standard';
  const read = { pageSize: appends ? pageSize * pages : pageSize, pageToken: appends ? 0 : pages - 1 };
  const listing = await listingOf(
    source.db,
    readChannelOrSiteId(grid.input.channelOrSiteId),
    grid.input.collectionKeyOrId,
    language,
    pageOffset(read.pageToken, read.pageSize),
    read.pageSize,
  );
  if (listing === undefined) throw notFound();
  const items = listing.contents.map((sheet) => sheetItemOf(sheet, source.settings));
  const lastToken = pages - 1;
  const itemsOnLastPage = appends ? Math.max(0, items.length - lastToken * pageSize) : items.length;
  return {
    items,
    total: listing.total,
    pageSize,
    pageToken: appends ? 0 : lastToken,
    nextPageToken: nextPageTokenOf({
      pageToken: lastToken,
      pageSize,
      itemCount: itemsOnLastPage,
      total: listing.total,
      // Counted in the positions read, not the sheets found: one left out does not end the paging (as the delivery API pages).
      serverHasNext: nextPageTokenOf({ ...read, itemCount: listing.read, total: listing.total }) !== null,
    }),
    previousPageToken: appends ? null : previousPageTokenOf(lastToken),
  };
}
