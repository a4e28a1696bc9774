/**
 * The purge outbox (migration 031): the surrogate keys changes touched and nobody has purged yet.
 * The triggers write it; a sender marks what it takes as sending, purges it, and deletes each key
 * still marked so: a key a change touched meanwhile was marked to be sent again, and stays.
 */
import type { ContentStore } from '../cms/database';

export interface QueuedKey {
  key: string;
  queuedAt: string;
}

/** The oldest keys waiting, at most `limit`. */
export async function listQueuedKeys(db: ContentStore, limit: number): Promise<QueuedKey[]> {
  const rows = await db.selectFrom('cdn_purges').select(['key', 'queued_at']).orderBy('queued_at').orderBy('key').limit(limit).execute();
  return rows.map((row) => ({ key: row.key, queuedAt: row.queued_at }));
}

/** Marks keys as being sent: a change to one from now on queues it again. */
export async function markSending(db: ContentStore, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.updateTable('cdn_purges').set({ sending: 1 }).where('key', 'in', keys).execute();
}

/** Keys sent: each leaves the outbox unless a change touched it after it was marked as being sent. */
export async function deleteSentKeys(db: ContentStore, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('cdn_purges').where('key', 'in', keys).where('sending', '=', 1).execute();
}

/** How many keys wait. */
export async function countQueuedKeys(db: ContentStore): Promise<number> {
  const row = await db
    .selectFrom('cdn_purges')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
