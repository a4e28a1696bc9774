/**
 * The one delivery call a page makes in the browser: a page of a collection, for the grid's paging
 * (spec §7.1). The typed delivery client (shared/delivery-client.ts) makes the same request, but
 * with all it does besides (every other call, option checks, the platform's older response forms)
 * it would be a third of the grid's own code, in a download kept to a budget (decision 016). The
 * browser asks only its own server, which answers in the current form, and only with options the
 * collection provider has checked, so it needs none of that: the request and the checks of the
 * answer are the client's own.
 */
import { DELIVERY_REQUEST, FetchError, ResponseShapeError, readErrors, type DeliveryClient } from '../../shared/delivery-client';
import type { CollectionResponse } from '../../shared/delivery-types';
import { kindOfChannelOrSiteId } from '../../shared/ids';
import { withBasePath } from '../../shared/links';
import { deliveryRootPath, withQuery } from '../../shared/urls';

/** What the collection provider asks of a delivery client. */
export type CollectionItemsClient = Pick<DeliveryClient, 'getCollectionItems'>;

export function createCollectionItemsClient(basePath: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): CollectionItemsClient {
  return {
    async getCollectionItems({ channelOrSiteId, collectionKeyOrId, signal, ...query }) {
      const root = deliveryRootPath(kindOfChannelOrSiteId(channelOrSiteId) ?? 'site', channelOrSiteId);
      const url = withBasePath(basePath, withQuery(`${root}/collections/${encodeURIComponent(collectionKeyOrId)}`, query));
      const response = await fetchImpl(url, { ...DELIVERY_REQUEST, ...(signal ? { signal } : {}) });
      if (!response.ok) throw new FetchError(url, response.status, response.statusText, await readErrors(response));
      const answer = (await response.json()) as Partial<CollectionResponse> | null;
      // What the grid reads of the answer: anything else is its error state, not a broken page.
      if (!Array.isArray(answer?.items) || typeof answer.total !== 'number') throw new ResponseShapeError(url, ['items or total is missing']);
      return answer as CollectionResponse;
    },
  };
}
