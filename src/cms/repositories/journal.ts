/**
 * The change journal (migration 036, docs/decisions/038): what committed changes touched, in commit
 * order; the change a transaction is making (its context, which the journal's triggers read); and
 * how far each reader has read.
 */
import { randomUUID } from 'node:crypto';
import type { ContentStore } from '../database';
import type { Dialect } from '../dialect';

export interface JournalEntry {
  position: number;
  changeId: string | null;
  subject: string;
  target: string;
  detail: string;
  at: string;
}

/** An entry the application writes itself (the triggers write the rest). */
export type NewJournalEntry = Pick<JournalEntry, 'subject' | 'target'> & { detail?: string };

const entryOf = (row: { position: number | string; change_id: string | null; subject: string; target: string; detail: string; at: string }): JournalEntry => ({
  position: Number(row.position),
  changeId: row.change_id,
  subject: row.subject,
  target: row.target,
  detail: row.detail,
  at: row.at,
});

/** The journal's last position: the content version, which every cache of answers is keyed on. */
export async function readJournalHead(db: ContentStore): Promise<number> {
  const row = await db.selectFrom('change_journal').select('position').orderBy('position', 'desc').limit(1).executeTakeFirst();
  return row === undefined ? 0 : Number(row.position);
}

/** Up to `limit` entries after a position, in order. */
export async function listJournalEntries(db: ContentStore, after: number, limit: number): Promise<JournalEntry[]> {
  const rows = await db.selectFrom('change_journal').selectAll().where('position', '>', after).orderBy('position').limit(limit).execute();
  return rows.map(entryOf);
}

/** Every entry of one change, in order. */
export async function listChangeEntries(db: ContentStore, changeId: string): Promise<JournalEntry[]> {
  const rows = await db.selectFrom('change_journal').selectAll().where('change_id', '=', changeId).orderBy('position').execute();
  return rows.map(entryOf);
}

/** Whether a change has journaled anything (so far, in its own transaction). */
export async function hasChangeEntries(db: ContentStore, changeId: string): Promise<boolean> {
  return (await db.selectFrom('change_journal').select('position').where('change_id', '=', changeId).limit(1).executeTakeFirst()) !== undefined;
}

/** Appends entries of the application's own, as part of the transaction's change. */
export async function appendJournalEntries(trx: ContentStore, entries: readonly NewJournalEntry[], changeId: string | null, at: Date): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('change_journal')
    .values(entries.map((entry) => ({ change_id: changeId, subject: entry.subject, target: entry.target, detail: entry.detail ?? '', at: at.toISOString() })))
    .execute();
}

/** A new change's id. */
export const newChangeId = (): string => `chg-${randomUUID()}`;

/**
 * Names the change this transaction makes, for the journal's triggers; `closeChangeContext` takes
 * it away again before the commit, so it is never seen outside (a row per connection: the
 * holder is the PostgreSQL backend, or SQLite's one writer).
 */
export async function openChangeContext(trx: ContentStore, changeId: string): Promise<void> {
  await trx
    .insertInto('journal_context')
    .values({ change_id: changeId })
    .onConflict((oc) => oc.column('holder').doUpdateSet({ change_id: changeId }))
    .execute();
}

export async function closeChangeContext(trx: ContentStore, changeId: string): Promise<void> {
  await trx.deleteFrom('journal_context').where('change_id', '=', changeId).execute();
}

/**
 * Claims a reader's cursor for this transaction and answers where it stands, or null when another
 * process holds it (PostgreSQL; SQLite's write lock is taken by the first statement, so a second
 * process waits its turn and then reads the cursor as the first left it).
 */
export async function claimCursor(trx: ContentStore, dialect: Dialect, reader: string, at: Date): Promise<number | null> {
  if (dialect === 'sqlite') {
    await trx.updateTable('journal_cursors').set({ read_at: at.toISOString() }).where('reader', '=', reader).execute();
    const row = await trx.selectFrom('journal_cursors').select('position').where('reader', '=', reader).executeTakeFirst();
    return row === undefined ? null : Number(row.position);
  }
  const row = await trx.selectFrom('journal_cursors').select('position').where('reader', '=', reader).forUpdate().skipLocked().executeTakeFirst();
  return row === undefined ? null : Number(row.position);
}

/** Makes a reader's cursor if it has none, at `position` (a new reader starts where the journal is). */
export async function addCursor(db: ContentStore, reader: string, position: number, at: Date): Promise<void> {
  await db
    .insertInto('journal_cursors')
    .values({ reader, position, read_at: at.toISOString() })
    .onConflict((oc) => oc.column('reader').doNothing())
    .execute();
}

export async function moveCursor(trx: ContentStore, reader: string, position: number, at: Date): Promise<void> {
  await trx.updateTable('journal_cursors').set({ position, read_at: at.toISOString() }).where('reader', '=', reader).execute();
}

/** Where a reader stands, read without claiming it; undefined when it has no cursor. */
export async function readCursor(db: ContentStore, reader: string): Promise<number | undefined> {
  const row = await db.selectFrom('journal_cursors').select('position').where('reader', '=', reader).executeTakeFirst();
  return row === undefined ? undefined : Number(row.position);
}

/** How many entries the slowest reader has still to read. */
export async function countUnread(db: ContentStore): Promise<number> {
  const slowest = await db
    .selectFrom('journal_cursors')
    .select((eb) => eb.fn.min('position').as('position'))
    .executeTakeFirst();
  return Math.max(0, (await readJournalHead(db)) - Number(slowest?.position ?? 0));
}

/** Entries every reader has read and that are older than `before`, but the last: the journal keeps its head. */
export async function pruneJournal(db: ContentStore, before: string): Promise<number> {
  const slowest = await db
    .selectFrom('journal_cursors')
    .select((eb) => eb.fn.min('position').as('position'))
    .executeTakeFirst();
  const head = await readJournalHead(db);
  const upTo = Math.min(Number(slowest?.position ?? 0), head - 1);
  const result = await db.deleteFrom('change_journal').where('position', '<=', upTo).where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
