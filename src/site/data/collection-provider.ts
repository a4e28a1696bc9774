/**
 * The collection provider (spec §3.1, §4.2, §4.3, §7.1): loads pages of a collection through the
 * data store and turns them into grid items {key, id, data, index}, with every `url` field made a
 * full site URL. States: disconnected → connected, and update when its configuration changes
 * (reloads are debounced by 150 ms, so rapid changes cause one request).
 */
import { CMS_CACHE_TTL_MS, DEBOUNCE_DELAY_MS } from '../../shared/constants';
import type { CollectionItem, CollectionResponse } from '../../shared/delivery-types';
import { resolveUrlFields } from '../../shared/links';
import { pageTokensOf, type PageTokens } from '../../shared/pagination';
import { toGridItems, type GridItem } from '../components/grid-items';
import type { CollectionItemsClient } from './collection-items-client';
import { debounce, type DataStore } from './data-store';
import { invalidConfig, isAbortError } from './errors';

export type SortOrder = 'Ascending' | 'Descending';

export interface CollectionConfig {
  siteId: string;
  collectionKeyOrId: string;
  language: string;
  pageSize: number;
  /** Field of the item (e.g. 'title') or of its content body to sort each page by. */
  sortBy?: string;
  sortOrder?: SortOrder;
}

/** spec §4.3: collection provider states. */
export type ProviderState = 'disconnected' | 'connected' | 'update';

/** One page of a collection as the grid uses it. */
export interface CollectionPage extends PageTokens {
  items: GridItem[];
  total: number;
}

export interface CollectionResult {
  page: CollectionPage | null;
  /** spec §4.1: an error from the fetch is kept together with the items. */
  error: unknown;
}

export function isValidCollectionConfig(config: unknown): config is CollectionConfig {
  if (config === null || typeof config !== 'object') return false;
  const c = config as Partial<CollectionConfig>;
  return (
    typeof c.siteId === 'string' &&
    c.siteId !== '' &&
    typeof c.collectionKeyOrId === 'string' &&
    c.collectionKeyOrId !== '' &&
    typeof c.language === 'string' &&
    Number.isInteger(c.pageSize) &&
    (c.pageSize ?? 0) >= 1 &&
    (c.pageSize ?? 0) <= 250 &&
    (c.sortBy === undefined || typeof c.sortBy === 'string') &&
    (c.sortOrder === undefined || c.sortOrder === 'Ascending' || c.sortOrder === 'Descending')
  );
}

export function collectionPageKey(config: CollectionConfig, pageToken: number): string {
  return `collection:${config.siteId}:${config.collectionKeyOrId}:${config.language}:${config.pageSize}:${pageToken}`;
}

/** Turns one response into a page of grid items, positioned after the pages before it. */
export function toCollectionPage(response: Pick<CollectionResponse, 'items' | 'total' | 'nextPageUrl'>, config: CollectionConfig, pageToken: number, basePath: string): CollectionPage {
  const items = sortItems(resolveUrlFields(response.items, basePath), config.sortBy, config.sortOrder);
  return {
    items: toGridItems(items, pageToken * config.pageSize),
    total: response.total,
    ...pageTokensOf({ pageToken, pageSize: config.pageSize, itemCount: response.items.length, total: response.total, serverHasNext: typeof response.nextPageUrl === 'string' }),
  };
}

function sortValue(item: CollectionItem, field: string): string {
  const value = (item as unknown as Record<string, unknown>)[field] ?? (item.body as unknown as Record<string, unknown>)[field] ?? item.body.contentBody[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** One collator for every sort: `localeCompare` given options makes a new one on each comparison (about 2 µs). */
const NUMERIC_ORDER = new Intl.Collator(undefined, { numeric: true });

function sortItems(items: CollectionItem[], sortBy: string | undefined, sortOrder: SortOrder | undefined): CollectionItem[] {
  if (sortBy === undefined) return items;
  const direction = sortOrder === 'Descending' ? -1 : 1;
  // Array.prototype.sort is stable, so equal values keep collection order.
  return [...items].sort((a, b) => direction * NUMERIC_ORDER.compare(sortValue(a, sortBy), sortValue(b, sortBy)));
}

export class CollectionProvider {
  private providerState: ProviderState = 'disconnected';
  private config: CollectionConfig | null = null;
  private readonly reload = debounce(() => void this.loadFirstPage(), DEBOUNCE_DELAY_MS);
  /** Store keys this provider has loaded, so that disconnecting can abort what is in flight. */
  private readonly keys = new Set<string>();

  constructor(
    private readonly store: DataStore,
    private readonly client: CollectionItemsClient,
    private readonly basePath: string,
    private readonly emit: (result: CollectionResult) => void,
  ) {}

  get state(): ProviderState {
    return this.providerState;
  }

  /** Starts providing: answers the first page, from the store when it already holds it. */
  connect(config: CollectionConfig): Promise<CollectionResult> {
    if (!isValidCollectionConfig(config)) throw invalidConfig();
    this.config = config;
    this.providerState = 'connected';
    return this.loadFirstPage();
  }

  /**
   * Starts providing after pages the server rendered: nothing is loaded, since the visitor has
   * those pages already; the next one comes through loadPage.
   */
  resume(config: CollectionConfig): void {
    if (!isValidCollectionConfig(config)) throw invalidConfig();
    this.config = config;
    this.providerState = 'connected';
  }

  /** A new configuration: reload, once the changes have settled for 150 ms. */
  update(config: CollectionConfig): void {
    if (!isValidCollectionConfig(config)) throw invalidConfig();
    if (this.providerState === 'disconnected') return;
    this.config = config;
    this.providerState = 'update';
    this.reload();
  }

  disconnect(): void {
    this.reload.cancel();
    for (const key of this.keys) this.store.abort(key);
    this.providerState = 'disconnected';
  }

  /** One page of the collection (next, previous, or the one Show More appends). */
  async loadPage(pageToken: number, signal?: AbortSignal): Promise<CollectionPage> {
    const config = this.config;
    if (config === null || !Number.isInteger(pageToken) || pageToken < 0) throw invalidConfig();
    const key = collectionPageKey(config, pageToken);
    this.keys.add(key);
    const response = await this.store.load(
      key,
      (fetchSignal) =>
        this.client.getCollectionItems({
          channelOrSiteId: config.siteId,
          collectionKeyOrId: config.collectionKeyOrId,
          language: config.language,
          pageSize: config.pageSize,
          pageToken,
          signal: fetchSignal,
        }),
      { ttlMs: CMS_CACHE_TTL_MS, ...(signal ? { signal } : {}) },
    );
    return toCollectionPage(response, config, pageToken, this.basePath);
  }

  private async loadFirstPage(): Promise<CollectionResult> {
    let result: CollectionResult;
    try {
      result = { page: await this.loadPage(0), error: undefined };
    } catch (error) {
      if (isAbortError(error)) return { page: null, error: undefined };
      result = { page: null, error };
    }
    if (this.providerState !== 'disconnected') {
      this.providerState = 'connected';
      this.emit(result);
    }
    return result;
  }
}
