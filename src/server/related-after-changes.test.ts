/**
 * A sheet's page lists its related sheets from the search index, which the journal's index reader
 * keeps (issue 61, P2): a page served before the index has a change must never be what stays. On
 * a real store:
 * - at start, a change made while no server ran is read before the first request: the page lists
 *   its related sheets and carries their keys;
 * - after a sheet is published again or restored from the trash by another process, the CDN's
 *   purge of its page waits for the index (the purge reader follows the index reader, which
 *   follows the read model's), so the page fetched again once purged lists its related sheets,
 *   whatever a visitor fetched in between;
 * - a visitor's request does none of the readers' work;
 * - a failing index reader holds the purges up for FOLLOW_AT_MOST_MS at most.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestStore, type TestApp } from '../../tests/helpers/test-app';
import { buildApp } from './app';
import { catchUp, FOLLOW_AT_MOST_MS, readBatch } from '../cms/journal-readers';
import { findContentsByKeys } from '../cms/repositories/contents';
import { readCursor } from '../cms/repositories/journal';
import { purgeReader } from '../cdn/purge-reader';
import { listQueuedKeys } from '../cdn/outbox';
import { DEMO_IDS } from '../demo/seed-demo';
import { commandLineActor } from '../editing/audit';
import { sheets } from '../editing/sheets';
import { searchIndexReader } from '../search/index-reader';
import { publishedReader } from '../published/published-reader';
import { cdnKeys } from '../shared/cdn-keys';
import { readJournalOnce } from './journal-follower';

const actor = commandLineActor();
const relatedOf = (page: string) =>
  [...(/<section class="sheet-related"[^]*?<\/section>/.exec(page)?.[0] ?? '').matchAll(/href="\/sheets\/([^"]+)"/g)].map((m) => m[1]!);
const keysOf = (answer: { headers: Record<string, unknown> }) => String(answer.headers['surrogate-key'] ?? '').split(' ');

describe('a sheet page’s related sheets', () => {
  it('are read at start from a change made while no server ran', async () => {
    const store = await openTestStore();
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      await readJournalOnce(store.store);
      const [silane] = await findContentsByKeys(store.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey('silane')]);
      // Taken off and put back with no server running, and no reader reading it.
      await sheets.unpublish(store.store.db, silane!.id, undefined, actor);
      await readJournalOnce(store.store);
      await sheets.publish(store.store.db, silane!.id, undefined, actor);
      app = await buildApp({ config: { ...store.config, cdn: { ...store.config.cdn, keyHeaders: ['Surrogate-Key'] } }, store: store.store, clientDir: null });
      await app.ready();
      const answer = await app.inject('/sheets/silane');
      expect(relatedOf(answer.body).length, 'related sheets listed at start').toBeGreaterThan(0);
      expect(keysOf(answer).filter((key) => key.startsWith('s-')).length, 'their keys carried').toBeGreaterThan(1);
    } finally {
      await app?.close();
      await store.close();
    }
  });

  describe('after another process publishes', () => {
    let test: TestApp;
    beforeAll(async () => {
      // This process's own follower looks once an hour: the test is the other processes, reading in the order it says.
      test = await createTestApp({ env: { CDN_KEY_HEADERS: 'Surrogate-Key', JOURNAL_CHECK_MS: '3600000' } });
      // Started: its read of the journal at start is done before any visitor comes.
      await test.app.ready();
      await readJournalOnce(test.store);
    });
    afterAll(async () => {
      await test.close();
    });

    const idOf = async (slug: string) => (await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;
    const queued = async () => new Set((await listQueuedKeys(test.store.db, 10_000)).map((row) => row.key));

    /** A change made as another process makes it: committed, with no reader of this one having read it yet. */
    async function elsewhere(change: () => Promise<unknown>, id: string, slug: string) {
      await test.store.db.deleteFrom('cdn_purges').execute();
      await change();
      // A visitor first: their request does no reader's work (the cursors stay where they are), and
      // gets the site as the readers have it: the sheet is not back before the read model has read that.
      const cursors = async () => Promise.all(['published', 'search', 'cdn', 'webhooks'].map((name) => readCursor(test.store.db, name)));
      const before = await cursors();
      expect((await test.app.inject(`/sheets/${slug}`)).statusCode).toBe(404);
      expect(await cursors(), 'a visitor’s request reads nothing of the journal').toEqual(before);
      // The purge reader runs first (as another process's might): it waits for the index, which waits for the read model.
      await catchUp(test.store, purgeReader);
      await catchUp(test.store, searchIndexReader);
      expect(await queued(), 'no purge before the index has the change').not.toContain(cdnKeys.sheet(id));
      expect(await readCursor(test.store.db, 'search'), 'the index has not read past the read model').toEqual(before[1]);
      await catchUp(test.store, publishedReader);
      expect((await test.app.inject(`/sheets/${slug}`)).statusCode, 'the sheet is back once the read model has it').toBe(200);
      await catchUp(test.store, searchIndexReader);
      await catchUp(test.store, purgeReader);
      expect(await queued(), 'purged once the index has it').toContain(cdnKeys.sheet(id));
      // What a visitor gets once the CDN is purged lists the related sheets.
      const answer = await test.app.inject(`/sheets/${slug}`);
      expect(relatedOf(answer.body).length).toBeGreaterThan(0);
      expect(keysOf(answer).filter((key) => key.startsWith('s-')).length).toBeGreaterThan(1);
    }

    it('the page purged after a re-publish lists them', async () => {
      const id = await idOf('teos');
      await sheets.unpublish(test.store.db, id, undefined, actor);
      await readJournalOnce(test.store);
      await elsewhere(() => sheets.publish(test.store.db, id, undefined, actor), id, 'teos');
    });

    it('the page purged after a restore from the trash lists them', async () => {
      const id = await idOf('dichlorosilane');
      await sheets.remove(test.store.db, id, undefined, actor);
      await readJournalOnce(test.store);
      await elsewhere(
        async () => {
          await sheets.restoreFromTrash(test.store.db, id, actor);
          await sheets.publish(test.store.db, id, undefined, actor);
        },
        id,
        'dichlorosilane',
      );
    });

    it('is purged anyway once the index has failed to read it for FOLLOW_AT_MOST_MS', async () => {
      const id = await idOf('tdmah');
      await test.store.db.deleteFrom('cdn_purges').execute();
      const view = (await sheets.view(test.store.db, id))!;
      const draft = structuredClone(view.draft);
      draft.translations.en_US!.title = 'TDMAH, while the index reader fails';
      await sheets.save(test.store.db, id, draft, view.revision, actor);
      await sheets.publish(test.store.db, id, undefined, actor);
      expect(await readBatch(test.store, purgeReader)).toBe('caught-up');
      expect(await queued()).not.toContain(cdnKeys.sheet(id));
      const later = () => new Date(Date.now() + FOLLOW_AT_MOST_MS + 1000);
      await readBatch(test.store, purgeReader, later);
      expect(await queued()).toContain(cdnKeys.sheet(id));
      await readJournalOnce(test.store);
    });
  });
});
