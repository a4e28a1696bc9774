/**
 * The change a transaction makes, named for the change journal (docs/decisions/038): its rows,
 * written by the public tables' triggers and by the editing model, and the audit entries of the
 * same transaction carry one id. An import applied in steps names its steps by the import's id.
 */
import type { ContentStore } from './database';
import { closeChangeContext, newChangeId, openChangeContext } from './repositories/journal';

const changes = new WeakMap<ContentStore, string>();

/** Runs `work` as the change `changeId` (a new one by default) in the transaction `trx`. */
export async function asChange<T>(trx: ContentStore, work: () => Promise<T>, changeId: string = newChangeId()): Promise<T> {
  await openChangeContext(trx, changeId);
  changes.set(trx, changeId);
  try {
    const result = await work();
    await closeChangeContext(trx, changeId);
    return result;
  } finally {
    changes.delete(trx);
  }
}

/** The change the transaction is making, or null outside one. */
export const changeIdOf = (trx: ContentStore): string | null => changes.get(trx) ?? null;
