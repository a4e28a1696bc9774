/**
 * A collection's order in the editing model: the draft is the order an editor arranged, published
 * when they say so. Sheets are put on and taken off the collection by publishing and unpublishing
 * them, not here: publishing an order keeps the collection's sheets as they are on the site now,
 * in the draft's order, with any the draft does not name (published since) after them.
 */
import { CollectionOrderSchema, type CollectionOrder } from '../content-model/collection-order';
import type { ContentStore } from '../cms/database';
import { findCollectionById, listCollectionContentIds, setCollectionItems } from '../cms/repositories/collections';
import { type KindAdapter } from './editable';
import { createEditor } from './editor';

export type { CollectionOrder };
import { problemAt } from '../shared/problems';

async function publishedOrder(db: ContentStore, collectionId: string): Promise<CollectionOrder | null> {
  const found = await findCollectionById(db, collectionId);
  if (found === undefined) return null;
  return { collectionId: found.id, siteId: found.site_id, title: found.title, items: await listCollectionContentIds(db, found.id) };
}

/** The draft's order over the sheets the collection has now; those it does not name come last. */
export function arrange(draft: string[], current: string[]): string[] {
  const present = new Set(current);
  const named = new Set(draft.filter((id) => present.has(id)));
  return [...named, ...current.filter((id) => !named.has(id))];
}

export const COLLECTION_ORDER_ADAPTER: KindAdapter<CollectionOrder> = {
  kind: 'collection',
  auditType: 'collection',
  schema: CollectionOrderSchema,
  published: publishedOrder,
  putOnSite: async (trx, state) => {
    const items = arrange(state.items, await listCollectionContentIds(trx, state.collectionId));
    await setCollectionItems(trx, state.collectionId, items);
    // The draft becomes the order as published, so the status reads "published" again.
    return { ...(await publishedOrder(trx, state.collectionId))!, items };
  },
  fixed: ['collectionId', 'siteId'],
  keepFiles: async () => undefined,
  problems: async (_db, state) => (new Set(state.items).size === state.items.length ? [] : [problemAt('items', 'name each sheet once')]),
  labelOf: (state) => state.title,
  siteOf: (state) => state.siteId,
};

export const collectionOrders = createEditor(COLLECTION_ORDER_ADAPTER);
