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
  /**
   * The reader whose work this one's answers show (the CDN's purges follow the search index: a
   * sheet's page lists related sheets from it). This one reads only what that one has read, so an
   * answer fetched again after this one's work shows that one's too; an entry older than
   * FOLLOW_AT_MOST_MS is read anyway, so a failing reader holds it up that long at most.
   */
  follows?: string;
}

/** How long a reader waits, at most, for the one it follows to read an entry. */
export const FOLLOW_AT_MOST_MS = 10_000;

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
  if ((await readable(db, reader, await listJournalEntries(db, cursor, 1), now())).length === 0) return 'caught-up';
  return retryWhileContended(() =>
    db.transaction().execute(async (trx) => {
      const at = now();
      const claimed = await claimCursor(trx, dialect, reader.name, at);
      if (claimed === null) return 'held';
      const listed = await listJournalEntries(trx, claimed, reader.batch);
      const entries = await readable(trx, reader, listed, at);
      if (entries.length === 0) return 'caught-up';
      await reader.apply(trx, entries, dialect);
      await moveCursor(trx, reader.name, entries.at(-1)!.position, at);
      return entries.length < listed.length || entries.length < reader.batch ? 'caught-up' : 'read';
    }),
  );
}

/** The first of `entries` the reader may read now: for one that follows another, up to where that one has read, and any older than FOLLOW_AT_MOST_MS. */
async function readable(db: ContentStore, reader: JournalReader, entries: JournalEntry[], now: Date): Promise<JournalEntry[]> {
  if (reader.follows === undefined || entries.length === 0) return entries;
  const ahead = (await readCursor(db, reader.follows)) ?? Infinity;
  const waited = now.getTime() - FOLLOW_AT_MOST_MS;
  const stop = entries.findIndex((entry) => entry.position > ahead && Date.parse(entry.at) > waited);
  return stop === -1 ? entries : entries.slice(0, stop);
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

/**
 * Applies what the journal holds after the reader's cursor inside a transaction that will be
 * rolled back (a preview of drafts): the drafts' own entries included, without moving (or holding)
 * the cursor.
 */
export async function applyPending(trx: ContentStore, reader: JournalReader, dialect: Dialect): Promise<void> {
  for (let after = (await readCursor(trx, reader.name)) ?? 0; ;) {
    const entries = await listJournalEntries(trx, after, reader.batch);
    if (entries.length === 0) return;
    await reader.apply(trx, entries, dialect);
    after = entries.at(-1)!.position;
  }
}
