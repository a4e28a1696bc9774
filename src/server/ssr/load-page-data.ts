/**
 * Loads what a page needs before it is rendered: the site, and each collection grid's first pages
 * read from the content store in-process, through the same code that answers the delivery API.
 */
import { getCollectionPage } from '../../api/collection-items';
import type { DeliverySettings } from '../../api/delivery-context';
import type { ContentStore } from '../../cms/database';
import type { Site } from '../../cms/repositories/sites';
import { CMS_CACHE_TTL_MS } from '../../shared/constants';
import { ApiError } from '../../shared/errors';
import type { DataStore } from '../../site/data/data-store';
import { resolveUrlFields } from '../../shared/links';
import { nextPageTokenOf } from '../../shared/pagination';
import type { PageDefinition } from '../../site/pages/page-definition';
import type { CollectionPreload, PageData } from '../../site/page-data';

/** Visitors without JavaScript can page this far; past it they see the last of these pages. */
export const MAX_PRELOADED_PAGES = 100;

export interface Logger {
  warn(message: string): void;
}

export interface PageDataSource {
  db: ContentStore;
  settings: DeliverySettings;
  /** The server's data store: concurrent renders share one load, and loads outlive a render. */
  store: DataStore;
  /** Loads are keyed by the content version, so none survives a content change. */
  contentVersion: number;
  log: Logger;
}

export async function loadPageData(source: PageDataSource, page: PageDefinition, site: Site, pagesShown: number): Promise<PageData> {
  const { db, settings, store, contentVersion, log } = source;
  const collections: Record<string, CollectionPreload | null> = {};
  for (const section of page.sections) {
    for (const column of section.columns) {
      for (const component of column.components) {
        if (component.type !== 'collectionGrid') continue;
        const { collectionKey, pageSize } = component.settings;
        const key = `preload:${contentVersion}:${site.id}:${collectionKey}:${pageSize}:${pagesShown}`;
        const load = () => store.load(key, () => preloadCollection(db, settings, site, collectionKey, pageSize, pagesShown), { ttlMs: CMS_CACHE_TTL_MS });
        collections[component.id] = await load().catch((error: unknown) => {
          // spec §8: the preload fails soft; the grid then loads in the browser or shows its error state.
          log.warn(`CmsCollectionDataProvider failed to fetch collection with collectionKeyOrId: ${collectionKey} and SiteId: ${site.id}`);
          if (!(error instanceof ApiError)) throw error;
          return null;
        });
      }
    }
  }
  return { basePath: settings.basePath, siteId: site.id, language: site.default_language, collections };
}

/** The first `pages` pages in one query, with the token of the page Show More fetches next. */
async function preloadCollection(
  db: ContentStore,
  settings: DeliverySettings,
  site: Site,
  collectionKey: string,
  pageSize: number,
  pages: number,
): Promise<CollectionPreload> {
  const response = await getCollectionPage(db, settings, {
    target: { kind: 'site', id: site.id },
    collectionKeyOrId: collectionKey,
    language: site.default_language,
    pageSize: pageSize * pages,
    pageToken: 0,
  });
  const lastPageToken = pages - 1;
  const itemsOnLastPage = Math.max(0, response.items.length - lastPageToken * pageSize);
  return {
    items: resolveUrlFields(response.items, settings.basePath),
    total: response.total,
    pageSize,
    nextPageToken: nextPageTokenOf({ pageToken: lastPageToken, pageSize, itemCount: itemsOnLastPage, total: response.total }),
  };
}

/** The `page` query parameter: how many pages the visitor asked to see (1 when absent or bad). */
export function readPagesShown(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,4}$/.test(value)) return 1;
  return Math.min(MAX_PRELOADED_PAGES, Math.max(1, Number(value)));
}
