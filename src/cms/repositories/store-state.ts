/**
 * The content version: the change journal's last position (migration 036), which moves with every
 * change to published content, whoever makes it. Caches of pages and API responses key on it, so
 * a change is visible on the very next request. And the store's other single values (store_state),
 * such as the stamp of what the search index was last brought up to date with.
 */
import type { ContentStore } from '../database';
import { readJournalHead } from './journal';

export const readContentVersion = (db: ContentStore): Promise<number> => readJournalHead(db);

const SEARCH_INDEX_STAMP = 'search_index_stamp';

/** What the search index was last brought up to date with, by any process or `search update` (search/search-index.ts); undefined when never. */
export async function readSearchIndexStamp(db: ContentStore): Promise<string | undefined> {
  const row = await db.selectFrom('store_state').select('value').where('key', '=', SEARCH_INDEX_STAMP).executeTakeFirst();
  return row?.value;
}

export async function saveSearchIndexStamp(db: ContentStore, stamp: string): Promise<void> {
  await saveStoreState(db, SEARCH_INDEX_STAMP, stamp);
}

const SEARCH_INDEX_CHANGE = 'search_index_change';

/** When the search entries last changed (a journal position), for the facet indexes made from them; undefined when never. */
export async function readSearchIndexChange(db: ContentStore): Promise<string | undefined> {
  const row = await db.selectFrom('store_state').select('value').where('key', '=', SEARCH_INDEX_CHANGE).executeTakeFirst();
  return row?.value;
}

export async function saveSearchIndexChange(db: ContentStore, position: number): Promise<void> {
  await saveStoreState(db, SEARCH_INDEX_CHANGE, String(position));
}

/** Sets one of the store's single values, made if it was never set. */
export async function saveStoreState(db: ContentStore, key: string, value: string): Promise<void> {
  await db
    .insertInto('store_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
