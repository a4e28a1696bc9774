/**
 * The content version: a counter that database triggers bump on every change to published
 * content (migration 003). Caches of pages and API responses key on it, so a change is visible
 * on the very next request. And the store's other single values (store_state), such as the stamp
 * of what the search index was last brought up to date with.
 */
import type { ContentStore } from '../database';

const CONTENT_VERSION = 'content_version';

export async function readContentVersion(db: ContentStore): Promise<number> {
  const row = await db.selectFrom('store_state').select('value').where('key', '=', CONTENT_VERSION).executeTakeFirst();
  return row === undefined ? 0 : Number(row.value);
}

const SEARCH_INDEX_STAMP = 'search_index_stamp';

/** What the search index was last brought up to date with, by any process or `search update` (search/search-index.ts); undefined when never. */
export async function readSearchIndexStamp(db: ContentStore): Promise<string | undefined> {
  const row = await db.selectFrom('store_state').select('value').where('key', '=', SEARCH_INDEX_STAMP).executeTakeFirst();
  return row?.value;
}

export async function saveSearchIndexStamp(db: ContentStore, stamp: string): Promise<void> {
  await saveStoreState(db, SEARCH_INDEX_STAMP, stamp);
}

/** Sets one of the store's single values, made if it was never set. */
export async function saveStoreState(db: ContentStore, key: string, value: string): Promise<void> {
  await db
    .insertInto('store_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
