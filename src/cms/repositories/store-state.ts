/**
 * The content version: a counter that database triggers bump on every change to published
 * content (migration 003). Caches of pages and API responses key on it, so a change is visible
 * on the very next request.
 */
import type { ContentStore } from '../database';

const CONTENT_VERSION = 'content_version';

export async function readContentVersion(db: ContentStore): Promise<number> {
  const row = await db.selectFrom('store_state').select('value').where('key', '=', CONTENT_VERSION).executeTakeFirst();
  return row === undefined ? 0 : Number(row.value);
}
