import type { ContentStore } from '../database';
import type { CollectionsTable, CollectionTranslationsTable, ContentsTable } from '../schema';
import { normalizeText } from '../../shared/normalize-text';
import { readStoredMap } from '../stored-json';

export type Collection = CollectionsTable;

/** A collection of a site by its key or its id (spec §7.1 {collectionKeyOrId}). */
export async function findCollection(db: ContentStore, siteId: string, keyOrId: string): Promise<Collection | undefined> {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('collection_key', '=', keyOrId), eb('id', '=', keyOrId)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * How many items a collection holds. Positions run from 0 without gaps (setCollectionItems keeps
 * them so), so this is the last position + 1: one index lookup however large the collection.
 */
export async function countCollectionItems(db: ContentStore, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('collection_items')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * The contents at positions [offset, offset + limit) in collection order. Positions are contiguous
 * from 0, so this is a range scan on the primary key: its cost does not grow with the page's depth.
 */
export async function listCollectionContents(db: ContentStore, collectionId: string, offset: number, limit: number): Promise<ContentsTable[]> {
  return db
    .selectFrom('collection_items')
    .innerJoin('contents', 'contents.id', 'collection_items.content_id')
    .selectAll('contents')
    .where('collection_items.collection_id', '=', collectionId)
    .where('collection_items.position', '>=', offset)
    .where('collection_items.position', '<', offset + limit)
    .orderBy('collection_items.position')
    .execute();
}

/** Replaces a collection's items with the given contents, in order, numbered from 0. */
export async function setCollectionItems(db: ContentStore, collectionId: string, contentIds: string[]): Promise<void> {
  await db.deleteFrom('collection_items').where('collection_id', '=', collectionId).execute();
  // Batches keep each statement well under SQLite's bound-parameter limit.
  for (let start = 0; start < contentIds.length; start += 200) {
    await db
      .insertInto('collection_items')
      .values(contentIds.slice(start, start + 200).map((contentId, index) => ({ collection_id: collectionId, position: start + index, content_id: contentId })))
      .execute();
  }
}

export interface LocalizedCollection {
  title: string;
  metadata: Record<string, unknown>;
  /** The language these texts are in. */
  language: string;
}

/** A collection's title and metadata in the first of `languages` it has, else its own language. */
export async function localizeCollection(db: ContentStore, collection: Collection, languages: string[]): Promise<LocalizedCollection> {
  const translations = await db
    .selectFrom('collection_translations')
    .selectAll()
    .where('collection_id', '=', collection.id)
    .where('language', 'in', languages)
    .orderBy('language')
    .execute();
  for (const language of languages) {
    const translation = translations.find((row) => row.language === language);
    if (translation)
      return {
        title: normalizeText(translation.title),
        metadata: readStoredMap(translation.metadata, `collection ${collection.collection_key} (${language})`, 'metadata') ?? {},
        language,
      };
  }
  return {
    title: normalizeText(collection.title),
    metadata: readStoredMap(collection.metadata, `collection ${collection.collection_key}`, 'metadata') ?? {},
    language: collection.primary_language,
  };
}

export interface CollectionRecord {
  id: string;
  collectionKey: string;
  siteId: string;
  itemType: string;
  urlName: string;
  title: string;
  metadata: Record<string, unknown>;
  primaryLanguage: string;
  publishedAt: string;
  translations: Array<{ language: string; title: string; metadata: Record<string, unknown> }>;
}

/** The id of the collection with this key, if it is stored. */
export async function findCollectionIdByKey(db: ContentStore, collectionKey: string): Promise<string | undefined> {
  const row = await db.selectFrom('collections').select('id').where('collection_key', '=', collectionKey).executeTakeFirst();
  return row?.id;
}

/**
 * Creates or updates a collection by id, the translations given (each created or replaced; others
 * stay), and its items: the given contents, in order.
 */
export async function saveCollection(db: ContentStore, collection: CollectionRecord, contentIds: string[]): Promise<void> {
  const values = {
    site_id: collection.siteId,
    item_type: collection.itemType,
    url_name: collection.urlName,
    title: collection.title,
    metadata: JSON.stringify(collection.metadata),
    primary_language: collection.primaryLanguage,
    published_at: collection.publishedAt,
  };
  await db
    .insertInto('collections')
    .values({ id: collection.id, collection_key: collection.collectionKey, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
  for (const translation of collection.translations) {
    const text = { title: translation.title, metadata: JSON.stringify(translation.metadata) };
    await db
      .insertInto('collection_translations')
      .values({ collection_id: collection.id, language: translation.language, ...text })
      .onConflict((oc) => oc.columns(['collection_id', 'language']).doUpdateSet(text))
      .execute();
  }
  await setCollectionItems(db, collection.id, contentIds);
}

/** Collections whose items are of a type, optionally only the one with a key or id. */
export async function listCollectionsOfType(db: ContentStore, itemType: string, keyOrId?: string): Promise<Collection[]> {
  let query = db.selectFrom('collections').selectAll().where('item_type', '=', itemType);
  if (keyOrId !== undefined) query = query.where((eb) => eb.or([eb('collection_key', '=', keyOrId), eb('id', '=', keyOrId)]));
  return query.orderBy('id').execute();
}

/** Every collection row, by key (for exports). */
export async function listAllCollections(db: ContentStore): Promise<Collection[]> {
  return db.selectFrom('collections').selectAll().orderBy('collection_key').execute();
}

/** Every collection translation as stored, metadata as JSON text. */
export async function listStoredCollectionTranslations(db: ContentStore, collectionId?: string): Promise<CollectionTranslationsTable[]> {
  let query = db.selectFrom('collection_translations').selectAll();
  if (collectionId !== undefined) query = query.where('collection_id', '=', collectionId);
  return query.orderBy('collection_id').orderBy('language').execute();
}

/** The content keys of every collection's items (or one collection's), in collection order. */
export async function listCollectionItemKeys(db: ContentStore, collectionId?: string): Promise<Array<{ collectionId: string; contentKey: string }>> {
  let query = db
    .selectFrom('collection_items')
    .innerJoin('contents', 'contents.id', 'collection_items.content_id')
    .select(['collection_items.collection_id', 'contents.content_key']);
  if (collectionId !== undefined) query = query.where('collection_items.collection_id', '=', collectionId);
  const rows = await query.orderBy('collection_items.collection_id').orderBy('collection_items.position').execute();
  return rows.map((row) => ({ collectionId: row.collection_id, contentKey: row.content_key }));
}

/** The contents of a collection by id, in collection order. */
export async function listCollectionContentIds(db: ContentStore, collectionId: string): Promise<string[]> {
  const rows = await db.selectFrom('collection_items').select('content_id').where('collection_id', '=', collectionId).orderBy('position').execute();
  return rows.map((row) => row.content_id);
}

/** The collections a content is an item of, with its position in each. */
export async function listPlacesOfContent(db: ContentStore, contentId: string): Promise<Array<{ collectionId: string; position: number }>> {
  const rows = await db
    .selectFrom('collection_items')
    .select(['collection_id', 'position'])
    .where('content_id', '=', contentId)
    .orderBy('collection_id')
    .execute();
  return rows.map((row) => ({ collectionId: row.collection_id, position: Number(row.position) }));
}

/** Takes a content out of every collection; the items after it move up, so positions stay contiguous. */
export async function removeFromCollections(db: ContentStore, contentId: string): Promise<void> {
  for (const { collectionId, position } of await listPlacesOfContent(db, contentId)) {
    await db.deleteFrom('collection_items').where('collection_id', '=', collectionId).where('position', '=', position).execute();
    await shiftPositions(db, collectionId, position + 1, -1);
  }
}

/**
 * Puts a content into a collection at `position` (past the end: at the end), unless it is there.
 * One indexed lookup and one insert at the end: a sheet put on the site costs the same in a
 * collection of 20 or of 20,000 (an import or its undo puts thousands, one after another).
 */
export async function placeInCollection(db: ContentStore, collectionId: string, contentId: string, position = Number.MAX_SAFE_INTEGER): Promise<void> {
  const placed = await db
    .selectFrom('collection_items')
    .select('position')
    .where('collection_id', '=', collectionId)
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  if (placed !== undefined) return;
  const count = await countCollectionItems(db, collectionId);
  const at = Math.min(position, count);
  await shiftPositions(db, collectionId, at, 1);
  await db.insertInto('collection_items').values({ collection_id: collectionId, position: at, content_id: contentId }).execute();
}

/**
 * Moves the items at `from` and after by `by` places. In two steps through negative positions:
 * the primary key (collection, position) is checked row by row, and a row moved straight onto
 * its neighbour's place would clash with it. Nothing to move (the end of the list) costs nothing.
 */
async function shiftPositions(db: ContentStore, collectionId: string, from: number, by: number): Promise<void> {
  const moved = await db
    .updateTable('collection_items')
    .set((eb) => ({ position: eb.neg(eb.parens('position', '+', by + 1)) }))
    .where('collection_id', '=', collectionId)
    .where('position', '>=', from)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return;
  await db
    .updateTable('collection_items')
    .set((eb) => ({ position: eb(eb.neg(eb.ref('position')), '-', 1) }))
    .where('collection_id', '=', collectionId)
    .where('position', '<', 0)
    .execute();
}

export async function findCollectionById(db: ContentStore, id: string): Promise<Collection | undefined> {
  return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}
