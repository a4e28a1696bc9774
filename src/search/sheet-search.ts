/**
 * Search as the site and the delivery API use it: the index brought up to date first (once per
 * change of the store, however many searches wait for it), then the hits as the collection's
 * items (the same cards, images and links as the grid), each with its passage.
 */
import { collectionItemOf } from '../api/collection-items';
import { deliverContents } from '../api/content-resolution';
import type { DeliverySettings } from '../api/delivery-context';
import { resolveDeliveryContext } from '../api/delivery-context';
import type { OpenStore } from '../cms/database';
import { findContentsByIds } from '../cms/repositories/contents';
import { resolveUrlFields } from '../shared/links';
import type { CollectionItem } from '../shared/delivery-types';
import type { PassagePart } from './passage';
import { syncSearchIndex } from './search-index';
import { matchingContentIds, search, type SearchRequest } from './search-query';
import type { RawBuilder } from 'kysely';

export interface SheetResults {
  total: number;
  /** The hits as collection items, best first, their url fields site URLs. */
  items: CollectionItem[];
  /** Each hit's passage, by item id. */
  passages: Record<string, PassagePart[]>;
}

export interface SheetSearch {
  /** A page of results: the hits as the collection's items, with their passages. */
  results(request: SearchRequest): Promise<SheetResults>;
  /** The ids of every content the query finds, as a subquery; null when the query has no words. */
  matchingIds(request: Omit<SearchRequest, 'limit' | 'offset'>): Promise<RawBuilder<{ content_id: string }> | null>;
}

/** The site's search over a store; `changeToken` says when the content may have changed (OpenStore's). */
export function createSheetSearch(store: Pick<OpenStore, 'db' | 'dialect' | 'changeToken'>, settings: DeliverySettings): SheetSearch {
  let syncedToken: string | undefined;
  let syncing: Promise<void> | null = null;

  /** The index as of now: synced unless nothing can have changed since the last sync. */
  const current = async (): Promise<void> => {
    const token = store.changeToken();
    if (token !== undefined && token === syncedToken) return;
    // A sync under way may have started before the change this caller saw: wait, then look again.
    while (syncing !== null) await syncing;
    if (token !== undefined && token === syncedToken) return;
    syncing = syncSearchIndex(store)
      .then(() => {
        syncedToken = token;
      })
      .finally(() => {
        syncing = null;
      });
    await syncing;
  };

  return {
    async matchingIds(request) {
      await current();
      return matchingContentIds(store, request);
    },
    results: async (request) => {
      await current();
      const result = await search(store, request);
      const contents = await findContentsByIds(
        store.db,
        request.siteId,
        result.hits.map((hit) => hit.contentId),
      );
      const context = await resolveDeliveryContext(store.db, { kind: 'site', id: request.siteId }, request.language);
      const delivered = new Map((await deliverContents({ db: store.db, context, settings }, contents)).map((content) => [content.content.id, content]));
      const items = result.hits.flatMap((hit) => {
        const content = delivered.get(hit.contentId);
        return content === undefined ? [] : [resolveUrlFields(collectionItemOf(content), settings.basePath)];
      });
      return { total: result.total, items, passages: Object.fromEntries(result.hits.map((hit) => [hit.contentId, hit.passage])) };
    },
  };
}
