/**
 * Reading the change journal (docs/decisions/038): each reader (the search index, the CDN's
 * purges, the webhooks' deliveries) follows the journal with a cursor of its own. A batch is read,
 * applied and the cursor moved past it in one transaction, so a reader stopped at any point (a
 * crash, kill -9) applies nothing twice and skips nothing: the next run reads the same batch again.
 * Several processes share a reader: one claims its cursor for a batch (PostgreSQL: `FOR UPDATE
 * SKIP LOCKED`, the others pass; SQLite: the write lock, the others wait their turn and then
 * find the batch read).
 */
import type { ContentStore, OpenStore } from './database';
import type { Dialect } from './dialect';
import { addCursor, claimCursor, listJournalEntries, moveCursor, readCursor, readJournalHead, type JournalEntry } from './repositories/journal';
import { retryWhileContended } from './store-guard';

export interface JournalReader {
  /** Its cursor's name. */
  name: string;
  /** Entries read and applied in one transaction, at most. */
  batch: number;
  /** Applies what the entries say, in the transaction that moves the cursor past them: idempotent, as an entry may be read again after a failure. */
  apply(trx: ContentStore, entries: JournalEntry[], dialect: Dialect): Promise<void>;
}

type Store = Pick<OpenStore, 'db' | 'dialect'>;

/** read: a batch was applied, more may wait; caught-up: nothing waits; held: another process holds the cursor. */
export type BatchOutcome = 'read' | 'caught-up' | 'held';

/** Reads and applies one batch. */
export async function readBatch(store: Store, reader: JournalReader, now: () => Date = () => new Date()): Promise<BatchOutcome> {
  const { db, dialect } = store;
  // A look first, without a write: on SQLite a claim is a write, which every cache would notice.
  const [cursor, head] = await Promise.all([readCursor(db, reader.name), readJournalHead(db)]);
  if (cursor === undefined) {
    // A reader new to this store starts where the journal is: what came before it is not its to tell.
    await addCursor(db, reader.name, head, now());
    return 'caught-up';
  }
  if (cursor >= head) return 'caught-up';
  return retryWhileContended(() =>
    db.transaction().execute(async (trx) => {
      const at = now();
      const claimed = await claimCursor(trx, dialect, reader.name, at);
      if (claimed === null) return 'held';
      const entries = await listJournalEntries(trx, claimed, reader.batch);
      if (entries.length === 0) return 'caught-up';
      await reader.apply(trx, entries, dialect);
      await moveCursor(trx, reader.name, entries.at(-1)!.position, at);
      return entries.length < reader.batch ? 'caught-up' : 'read';
    }),
  );
}

/** How long a catch-up waits for another process that holds a reader's cursor, between looks. */
const HELD_PAUSE_MS = 20;

/**
 * Reads until the reader has read everything up to the journal's head as it was when this began
 * (what was committed before the caller's change was answered), or `timeoutMs` passed while
 * another process held the cursor. Answers whether it got there.
 */
export async function catchUp(store: Store, reader: JournalReader, timeoutMs = 5000): Promise<boolean> {
  const target = await readJournalHead(store.db);
  const started = Date.now();
  for (;;) {
    const outcome = await readBatch(store, reader);
    if (outcome === 'read') continue;
    if (outcome === 'caught-up' || ((await readCursor(store.db, reader.name)) ?? 0) >= target) return true;
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, HELD_PAUSE_MS));
  }
}
