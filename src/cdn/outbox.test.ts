/**
 * The purge outbox on a real store (SQLite, or PostgreSQL with TEST_DATABASE_URL): each kind of
 * change queues, once the journal's readers have read it, exactly the surrogate keys of what it
 * changed, and nothing for what it left alone; a key sent leaves the outbox unless a later change
 * touched it again.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { findContentsByKeys } from '../cms/repositories/contents';
import { saveTopics, listTopics } from '../cms/repositories/topics';
import { DEMO_IDS } from '../demo/seed-demo';
import { readJournalOnce } from '../server/journal-follower';
import type { SheetState } from '../sheet/shape';
import { ALL, cdnKeys, CONTENT_LISTS } from '../shared/cdn-keys';
import { claimQueuedKeys, countQueuedKeys, deleteSentKeys, listQueuedKeys } from './outbox';

let test: TestApp;
let ana: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  ana = await signInAs(test, 'editor', 'ana@example.com');
});
afterAll(async () => {
  await test.close();
});
/** What the journal holds is read (the server reads it after each change, and every quarter of a second). */
const read = () => readJournalOnce(test.store);
beforeEach(async () => {
  await read();
  await test.store.db.deleteFrom('cdn_purges').execute();
});

let touches = 0;
/** A time no row has yet: an update to it changes the row (an update that changes nothing queues nothing). */
const nextTime = () => new Date(Date.UTC(2031, 0, 1, 0, 0, ++touches)).toISOString();

/** A change to every content row. */
async function touchAll(db: TestApp['store']['db']): Promise<void> {
  await db.updateTable('contents').set({ updated_at: nextTime() }).execute();
}

const queued = async () => {
  await read();
  return (await listQueuedKeys(test.store.db, 1000)).map((entry) => entry.key).sort();
};
const idOf = async (slug: string) => (await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;
const ok = async (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) => {
  const answer = await ana.request(method, path, body);
  expect(answer.statusCode, `${method} ${path}: ${answer.body}`).toBeLessThan(300);
  return answer.json() as { revision: number; draft: SheetState };
};

describe('the purge outbox', () => {
  it('queues a published sheet’s own key and its collection’s, nothing while it is a draft', async () => {
    const id = await idOf('silane');
    const view = await ok('GET', `/sheets/${id}`);
    const saved = await ok('PUT', `/sheets/${id}/translations/en_US`, {
      revision: view.revision,
      texts: { ...view.draft.translations.en_US, title: 'Silane, queued' },
    });
    expect(await queued()).toEqual([]);
    await ok('POST', `/sheets/${id}/publish`, { revision: saved.revision });
    expect(await queued()).toEqual([cdnKeys.collection(DEMO_IDS.collectionId), CONTENT_LISTS, cdnKeys.sheet(id)].sort());
  });

  it('queues a topic’s key when the search index follows a change of its sheets, and none for a change that keeps the topics', async () => {
    const id = await idOf('teos');
    const topicKeys = async () => (await queued()).filter((key) => key.startsWith('t-'));
    /** Publishes the sheet changed so, once the queue is empty; the search index follows it (the journal's first reader). */
    const publishWith = async (change: (draft: SheetState) => SheetState) => {
      await read();
      await test.store.db.deleteFrom('cdn_purges').execute();
      const view = await ok('GET', `/sheets/${id}`);
      const saved = await ok('PUT', `/sheets/${id}`, { revision: view.revision, state: change(view.draft) });
      await ok('POST', `/sheets/${id}/publish`, { revision: saved.revision });
    };
    const topics = (await ok('GET', `/sheets/${id}`)).draft.topics ?? [];
    expect(topics.length).toBeGreaterThan(1);
    const [dropped, ...kept] = topics;

    // A new title: the sheet's sheets-by-topic are the same, so no topic's key.
    await publishWith((draft) => ({ ...draft, translations: { ...draft.translations, en_US: { ...draft.translations.en_US!, title: 'TEOS, queued' } } }));
    expect(await queued()).toContain(cdnKeys.sheet(id));
    expect(await topicKeys()).toEqual([]);
    // One topic fewer, then back: that topic's key alone, each time.
    await publishWith((draft) => ({ ...draft, topics: kept }));
    expect(await topicKeys()).toEqual([cdnKeys.topic(dropped!)]);
    await publishWith((draft) => ({ ...draft, topics }));
    expect(await topicKeys()).toEqual([cdnKeys.topic(dropped!)]);
  });

  it('queues the collection alone for a new order, and the page alone for a new heading', async () => {
    const order = (await ana.request('GET', `/collections/${DEMO_IDS.collectionId}/order`)).json() as { revision: number; draft: { items: string[] } };
    const moved = (
      await ana.request('PUT', `/collections/${DEMO_IDS.collectionId}/order`, {
        revision: order.revision,
        state: { ...order.draft, items: [...order.draft.items].reverse() },
      })
    ).json() as { revision: number };
    await ok('POST', `/collections/${DEMO_IDS.collectionId}/order/publish`, { revision: moved.revision });
    expect(await queued()).toEqual([cdnKeys.collection(DEMO_IDS.collectionId)]);

    await test.store.db.deleteFrom('cdn_purges').execute();
    const page = await ok('GET', '/pages/literature-sheets');
    const headed = await ok('PUT', '/pages/literature-sheets/settings', { revision: page.revision, heading: 'A queued heading' });
    await ok('POST', '/pages/literature-sheets/publish', { revision: headed.revision });
    expect(await queued()).toEqual([cdnKeys.page('literature-sheets')]);
  });

  it('queues every answer for a change to the taxonomy, and nothing for a write that changes nothing', async () => {
    const db = test.store.db;
    await db.transaction().execute(async (trx) => {
      await sql`UPDATE contents SET url_name = url_name`.execute(trx);
      await sql`UPDATE collection_items SET position = position`.execute(trx);
    });
    await read();
    expect(await countQueuedKeys(db)).toBe(0);
    const [first, ...rest] = await listTopics(db, DEMO_IDS.siteId);
    await saveTopics(db, DEMO_IDS.siteId, [{ ...first!, labels: { ...first!.labels, en_US: 'Chemical vapour deposition' } }, ...rest]);
    expect(await queued()).toContain(ALL);
  });

  it('keeps nothing of a change rolled back', async () => {
    const id = await idOf('tdmat');
    await expect(
      test.store.db.transaction().execute(async (trx) => {
        await trx.updateTable('contents').set({ updated_at: nextTime() }).where('id', '=', id).execute();
        expect(await trx.selectFrom('change_journal').select('position').where('target', '=', id).execute()).not.toEqual([]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await read();
    expect(await countQueuedKeys(test.store.db)).toBe(0);
  });

  it('lets go of a key sent, but keeps one a change touched while it was being sent', async () => {
    const db = test.store.db;
    const [silane, teos] = [await idOf('silane'), await idOf('teos')];
    const touch = (id: string) => db.updateTable('contents').set({ updated_at: nextTime() }).where('id', '=', id).execute();
    await touch(silane);
    await touch(teos);
    await read();
    const sent = await claimQueuedKeys(test.store, 1000);
    await touch(teos);
    await read();
    await deleteSentKeys(db, sent);
    expect(await queued()).toEqual([cdnKeys.collection(DEMO_IDS.collectionId), CONTENT_LISTS, cdnKeys.sheet(teos)].sort());
  });

  it('writes a key queued already once, however many rows touch it', async () => {
    const db = test.store.db;
    await touchAll(db);
    await read();
    const first = await listQueuedKeys(db, 1000);
    await touchAll(db);
    await read();
    expect(await listQueuedKeys(db, 1000)).toEqual(first);
  });
});
