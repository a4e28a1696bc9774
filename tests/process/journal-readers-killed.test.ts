/**
 * Each reader of the change journal killed with SIGKILL in the middle of a batch (its work done,
 * its transaction not yet committed) resumes with nothing applied twice and nothing skipped
 * (docs/decisions/038): the read model then equals what a rebuild makes, the search index what a whole comparison makes, the purge
 * outbox holds exactly the keys the journal's entries name, and each event is one delivery per
 * webhook. On SQLite, or PostgreSQL when TEST_DATABASE_URL names one.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore } from '../helpers/test-app';
import { catchUp } from '../../src/cms/journal-readers';
import { listJournalEntries, readCursor } from '../../src/cms/repositories/journal';
import { keysOfEntries } from '../../src/cdn/purge-reader';
import { commandLineActor } from '../../src/editing/audit';
import { sheets } from '../../src/editing/sheets';
import { addWebhook } from '../../src/editing/webhooks';
import { searchIndexReader } from '../../src/search/index-reader';
import { publishedReader, rebuildPublished } from '../../src/published/published-reader';
import { sheetsOf } from '../../src/published/sheets';
import { syncSearchIndex } from '../../src/search/search-index';
import { readJournalOnce } from '../../src/server/journal-follower';
import type { SheetState } from '../../src/sheet/shape';

const ROOT = join(import.meta.dirname, '..', '..');
const operator = commandLineActor();
let test: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => {
  test = await openTestStore();
});
afterAll(async () => {
  await test.close();
});

/** Publishes new titles of three demo sheets, a webhook listening: entries for every reader, none read yet. */
async function changeThreeSheets(tag: string): Promise<string[]> {
  const ids = (await test.store.db.selectFrom('contents').select('id').where('url_name', 'in', ['silane', 'teos', 'tdmat']).orderBy('id').execute()).map(
    (row) => row.id,
  );
  for (const id of ids) {
    const view = (await sheets.view(test.store.db, id))!;
    const state: SheetState = structuredClone(view.draft);
    state.translations[state.primaryLanguage]!.title = `${view.label.split(' —')[0]} — ${tag}`;
    const saved = await sheets.save(test.store.db, id, state, view.revision, operator);
    await sheets.publish(test.store.db, id, saved.revision, operator);
  }
  return ids;
}

/** How long a reader's process may take to be inside its batch (a busy machine's start of tsx included), below the test's timeout. */
const INSIDE_WITHIN_MS = 40_000;

/** Runs the reader in a process of its own until it is inside a batch, then kills it with SIGKILL. */
async function killMidBatch(reader: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'tests', 'process', 'children', 'stop-in-journal-batch.ts'), reader], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: test.config.database.dialect === 'sqlite' ? `sqlite:${test.config.database.path}` : test.config.database.url,
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      // Ended before the test's own timeout, so that the child is killed below whatever happens.
      const late = setTimeout(
        () => reject(new Error(`the reader's process was not inside a batch within ${INSIDE_WITHIN_MS} ms: ${output}`)),
        INSIDE_WITHIN_MS,
      );
      child.once('close', () => clearTimeout(late));
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('applied')) {
          clearTimeout(late);
          resolve();
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('close', (status) => reject(new Error(`the reader's process ended (${status}) before it was inside a batch: ${output}`)));
    });
  } finally {
    child.kill('SIGKILL');
    await closed;
  }
}

describe('a journal reader killed mid-batch', () => {
  it.each(['published', 'search', 'cdn', 'webhooks'])('%s resumes with nothing applied twice and nothing skipped', async (reader) => {
    const { db } = test.store;
    await readJournalOnce(test.store);
    await db.deleteFrom('cdn_purges').execute();
    await db.deleteFrom('webhook_deliveries').execute();
    await db.deleteFrom('webhooks').execute();
    await addWebhook(db, { url: 'https://hooks.example.com/literature', events: ['sheet.published'] }, operator);
    const from = (await readCursor(db, reader))!;
    const ids = await changeThreeSheets(reader);
    // The index follows the read model, and the CDN's purges the index: each reads what the one before has read.
    if (reader === 'search' || reader === 'cdn') await catchUp(test.store, publishedReader);
    if (reader === 'cdn') await catchUp(test.store, searchIndexReader);

    await killMidBatch(reader);
    // Nothing of the killed batch stayed: the cursor is where it was.
    expect(await readCursor(db, reader)).toBe(from);
    await readJournalOnce(test.store);

    const entries = await listJournalEntries(db, from, 100_000);
    if (reader === 'published') {
      // What the reader made is what a rebuild from scratch makes: it finds nothing to write.
      expect(await rebuildPublished(test.store)).toEqual({ written: 0, removed: 0 });
      const titles = (await sheetsOf(db, 'en_US', ids)).map((sheet) => sheet.title);
      expect(titles.filter((title) => title.endsWith(' — published'))).toHaveLength(3);
    }
    if (reader === 'search') {
      // What the reader made is what a whole comparison would make: it finds nothing to do.
      expect(await syncSearchIndex(test.store)).toEqual({ written: 0, removed: 0 });
      const titles = await db.selectFrom('search_texts').select('title').where('title', 'like', '% — search').execute();
      expect(titles).toHaveLength(3);
    }
    if (reader === 'cdn') {
      const queued = (await db.selectFrom('cdn_purges').select('key').orderBy('key').execute()).map((row) => row.key);
      expect(queued).toEqual(await keysOfEntries(db, entries));
    }
    if (reader === 'webhooks') {
      const events = entries
        .filter((entry) => entry.subject === 'event' && entry.target === 'sheet.published')
        .map((entry) => (JSON.parse(entry.detail) as { id: string }).id);
      const delivered = (await db.selectFrom('webhook_deliveries').select('body').execute()).map((row) => (JSON.parse(row.body) as { id: string }).id);
      expect(events).toHaveLength(3);
      expect(delivered.sort()).toEqual(events.sort());
    }
  });
});
