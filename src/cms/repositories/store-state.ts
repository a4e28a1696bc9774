/**
 * The content version: a counter bumped by every change to published content. Caches of pages
 * and API responses key on it, so a change is visible on the very next request.
 */
import type { ContentStore } from '../database';

const CONTENT_VERSION = 'content_version';

export async function readContentVersion(db: ContentStore): Promise<number> {
  const row = await db.selectFrom('store_state').select('value').where('key', '=', CONTENT_VERSION).executeTakeFirst();
  return row === undefined ? 0 : Number(row.value);
}

export async function bumpContentVersion(db: ContentStore): Promise<number> {
  const next = (await readContentVersion(db)) + 1;
  await db
    .insertInto('store_state')
    .values({ key: CONTENT_VERSION, value: String(next) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(next) }))
    .execute();
  return next;
}
