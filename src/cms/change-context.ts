/**
 * The change a transaction makes, named for the change journal (docs/decisions/038): its rows,
 * written by the public tables' triggers and by the editing model, and the audit entries of the
 * same transaction carry one id. An import applied in steps names its steps by the import's id.
 */
import type { ContentStore } from './database';
import { closeChangeContext, hasChangeEntries, newChangeId, openChangeContext } from './repositories/journal';

const changes = new WeakMap<ContentStore, string>();

/** How many changes this process made that journaled something: what moved, for the process's readers to read. */
let journaled = 0;

/** Runs `work` as the change `changeId` (a new one by default) in the transaction `trx`. */
export async function asChange<T>(trx: ContentStore, work: () => Promise<T>, changeId: string = newChangeId()): Promise<T> {
  await openChangeContext(trx, changeId);
  changes.set(trx, changeId);
  try {
    const result = await work();
    if (await hasChangeEntries(trx, changeId)) journaled += 1;
    await closeChangeContext(trx, changeId);
    return result;
  } finally {
    changes.delete(trx);
  }
}

/**
 * A count that moves whenever a change this process made journaled something (its count may move
 * for a change that then failed to commit): a request that saw it stay made no change to what the
 * site serves (a draft's save), whatever other processes journal meanwhile.
 */
export const journaledChanges = (): number => journaled;

/** The change the transaction is making, or null outside one. */
export const changeIdOf = (trx: ContentStore): string | null => changes.get(trx) ?? null;
