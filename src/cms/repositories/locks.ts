import type { ContentStore } from '../database';

/** Kinds of change that must not interleave; each has a row in `locks` (migration 008). */
export type LockName = 'accounts' | 'editing';

/**
 * Serialises the calling transaction with every other that takes the same lock: writing the row
 * holds its row lock (PostgreSQL) or the write lock (SQLite) until the transaction ends, so what
 * it reads afterwards cannot change under it.
 */
export async function takeLock(trx: ContentStore, name: LockName): Promise<void> {
  await trx.updateTable('locks').set({ taken_at: new Date().toISOString() }).where('name', '=', name).execute();
}
