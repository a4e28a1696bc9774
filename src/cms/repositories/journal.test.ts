/**
 * The change journal's rows on a real store (SQLite, or PostgreSQL with TEST_DATABASE_URL): a change
 * from anywhere, SQL included, is journaled with its subject; a change the editing model makes is
 * named by its id, which its audit entry carries too; positions only grow; pruning keeps what a
 * reader has not read and the last row (the content version).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore } from '../../../tests/helpers/test-app';
import { commandLineActor } from '../../editing/audit';
import { sheets } from '../../editing/sheets';
import { readJournalOnce } from '../../server/journal-follower';
import { listChangeEntries, listJournalEntries, pruneJournal, readJournalHead } from './journal';

let test: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => {
  test = await openTestStore();
});
afterAll(async () => {
  await test.close();
});

const silaneId = async () => (await test.store.db.selectFrom('contents').select('id').where('url_name', '=', 'silane').executeTakeFirstOrThrow()).id;

describe('the change journal', () => {
  it('journals SQL from outside the app, without a change id, and nothing for an update that changes nothing', async () => {
    const { db } = test.store;
    const id = await silaneId();
    const head = await readJournalHead(db);
    await sql`UPDATE contents SET url_name = url_name WHERE id = ${id}`.execute(db);
    expect(await readJournalHead(db)).toBe(head);
    await sql`UPDATE contents SET updated_at = '2031-01-01T00:00:00.000Z' WHERE id = ${id}`.execute(db);
    const [entry] = await listJournalEntries(db, head, 10);
    expect(entry).toMatchObject({ changeId: null, subject: 'content', target: id, detail: '' });
    expect(entry!.position).toBeGreaterThan(head);
  });

  it('names an editing change’s rows and its audit entry by one id', async () => {
    const { db } = test.store;
    const id = await silaneId();
    const view = (await sheets.view(db, id))!;
    const state = structuredClone(view.draft);
    state.translations.en_US!.title = 'Silane, journaled';
    const saved = await sheets.save(db, id, state, view.revision, commandLineActor());
    const head = await readJournalHead(db);
    await sheets.publish(db, id, saved.revision, commandLineActor());
    const [first] = await listJournalEntries(db, head, 1);
    expect(first!.changeId).toMatch(/^chg-/);
    const entries = await listChangeEntries(db, first!.changeId!);
    expect(entries.map((entry) => `${entry.subject} ${entry.subject === 'event' ? entry.target : entry.detail}`)).toEqual(
      expect.arrayContaining(['content en_US', 'event sheet.published']),
    );
    const [audit] = await db.selectFrom('audit_log').select(['action', 'change_id']).where('change_id', '=', first!.changeId).execute();
    expect(audit).toEqual({ action: 'sheet.publish', change_id: first!.changeId });
    // Never seen outside its transaction: the store holds no change context after it.
    expect(await db.selectFrom('journal_context').selectAll().execute()).toEqual([]);
  });

  it('prunes what every reader has read, never what one has not nor its last row', async () => {
    const { db } = test.store;
    await readJournalOnce(test.store);
    const head = await readJournalHead(db);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await pruneJournal(db, future);
    expect(await listJournalEntries(db, 0, 10)).toEqual([expect.objectContaining({ position: head })]);
    expect(await readJournalHead(db)).toBe(head);
    // A change no reader has read stays, whatever its age.
    await sql`UPDATE contents SET updated_at = '2032-01-01T00:00:00.000Z' WHERE url_name = 'teos'`.execute(db);
    await pruneJournal(db, future);
    expect((await listJournalEntries(db, head, 10)).map((entry) => entry.subject)).toContain('content');
  });
});
