/**
 * A collection's order as the editing model keeps it and the studio edits it: the sheets of the
 * collection, first shown first (editing/collection-order.ts publishes it).
 */
import Type, { type Static } from 'typebox';

export const CollectionOrderSchema = Type.Object({
  collectionId: Type.String({ maxLength: 18 }),
  siteId: Type.String({ maxLength: 18 }),
  title: Type.String({ maxLength: 1000 }),
  /** Content ids of the collection's sheets, first shown first. */
  items: Type.Array(Type.String({ maxLength: 18 }), { maxItems: 100_000 }),
});
export type CollectionOrder = Static<typeof CollectionOrderSchema>;
