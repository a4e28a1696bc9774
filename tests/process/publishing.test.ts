/**
 * Publishing as real server processes see it, on SQLite or on the PostgreSQL TEST_DATABASE_URL names:
 * no public request started after a publish is answered gets the old content, with one process or
 * two workers; a schedule fires exactly once with two workers and with two server processes on one
 * store; one that fell due while no server ran fires at the next start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type OpenStore } from '../../src/cms/database';
import { DEMO_IDS, seedDemoContent } from '../../src/demo/seed-demo';
import { listAuditEntries } from '../../src/cms/repositories/audit-log';
import { addAccount } from '../../src/editing/accounts';
import { scheduleSheet } from '../../src/editing/schedules';
import { freeUrlName, newSheetState, sheets } from '../../src/editing/sheets';
import { loadConfig } from '../../src/server/config';
import { buildIfNeeded, freePort, signInOverHttp, startServerProcess, until, type ServerProcess } from '../helpers/server-process';
import { createTestStoreLocation, type TestStoreLocation } from '../helpers/test-store';

const EDITOR = { email: 'publisher@example.com', password: 'correct horse battery staple' };
const COLLECTION = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100`;
const operator = { id: null, label: 'test' };

let location: TestStoreLocation;
let store: OpenStore;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  buildIfNeeded();
  location = await createTestStoreLocation();
  store = openDatabase(loadConfig({ DATABASE_URL: location.databaseUrl }).database, { busyTimeoutMs: 10_000 });
  await migrateToLatest(store);
  await seedDemoContent(store.db, { platformSitesSegment: 'sfsites' });
  await addAccount(store.db, { ...EDITOR, role: 'editor' }, operator);
}, 180_000);

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await store?.close();
  await location?.drop();
});

async function startServer(env: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  const server = startServerProcess({ PORT: String(port), DATABASE_URL: location.databaseUrl, SEED_DEMO_CONTENT: 'false', ...env });
  servers.push(server);
  await server.waitFor(/is serving/);
  return `http://127.0.0.1:${port}`;
}

async function stopServers(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

const titlesAt = async (origin: string) =>
  ((await (await fetch(`${origin}${COLLECTION}`)).json()) as { items: Array<{ name: string }> }).items.map((item) => item.name);

describe.each([1, 2])('WORKERS=%i: a publish is seen by every request started after its answer', (workers) => {
  it('answers no public request started after the publish with the old content', async () => {
    const origin = await startServer({ WORKERS: String(workers) });
    try {
      const headers = await signInOverHttp(origin, EDITOR);
      const title = `Published under load ${workers} ${Date.now()}`;
      const created = (await (await fetch(`${origin}/studio/api/sheets`, { method: 'POST', headers, body: JSON.stringify({ title }) })).json()) as {
        id: string;
        revision: number;
      };

      // Readers on many connections (so both workers serve), each noting when it asked and what it saw.
      let publishedAt = Infinity;
      let running = true;
      const seen: Array<{ startedAt: number; fresh: boolean; status: number; url: string; body: string }> = [];
      const reader = async (index: number) => {
        for (let round = index; running; round += 1) {
          const url = round % 2 === 0 ? `${origin}${COLLECTION}` : `${origin}/?page=10`;
          const startedAt = performance.now();
          const response = await fetch(url, { headers: { connection: round % 5 === 0 ? 'close' : 'keep-alive' } });
          const body = await response.text();
          seen.push({ startedAt, fresh: body.includes(title), status: response.status, url, body: response.status === 200 ? '' : body.slice(0, 400) });
        }
      };
      const readers = Array.from({ length: 6 }, (_, index) => reader(index));
      await until(async () => seen.length >= 60, 'readers warm up the caches');

      const publish = await fetch(`${origin}/studio/api/sheets/${created.id}/publish`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ revision: created.revision }),
      });
      publishedAt = performance.now();
      expect(publish.status).toBe(200);
      await until(async () => seen.filter((request) => request.startedAt > publishedAt).length >= 200, 'readers ask after the publish');
      running = false;
      await Promise.all(readers);

      const before = seen.filter((request) => request.startedAt < publishedAt);
      const after = seen.filter((request) => request.startedAt > publishedAt);
      expect(before.some((request) => !request.fresh)).toBe(true);
      const refused = after.filter((request) => request.status !== 200).map((request) => `${request.status} ${request.url}: ${request.body}`);
      expect(refused).toEqual([]);
      expect(after.filter((request) => !request.fresh)).toEqual([]);
    } finally {
      await stopServers();
    }
  }, 90_000);
});

/** A new draft sheet, written straight into the store, and a schedule to publish it at `dueAt`. */
async function draftScheduledAt(title: string, dueAt: Date): Promise<string> {
  const state = newSheetState({
    siteId: DEMO_IDS.siteId,
    collectionId: DEMO_IDS.collectionId,
    primaryLanguage: 'en_US',
    texts: { title },
    urlName: await freeUrlName(store.db, DEMO_IDS.siteId, title),
  });
  await sheets.create(store.db, state.id, state, operator);
  await scheduleSheet(store.db, state.id, 'publish', dueAt.toISOString(), operator);
  return state.id;
}

async function expectFiredOnce(id: string): Promise<void> {
  const versions = await sheets.versions(store.db, id);
  expect(versions.filter((version) => version.event === 'publish')).toHaveLength(1);
  const entries = await listAuditEntries(store.db, { target: id, limit: 100 });
  expect(entries.filter((entry) => entry.action === 'sheet.publish')).toHaveLength(1);
}

describe('schedules', () => {
  it.each([
    ['two server processes on one store', [{}, {}]],
    ['WORKERS=2', [{ WORKERS: '2' }]],
  ])(
    'fire exactly once with %s',
    async (_name, processes) => {
      try {
        const title = `Scheduled for two ${Date.now()}`;
        // Due shortly after every process is up, so that all of them look for it at about the same time.
        const origins = await Promise.all(processes.map((env) => startServer({ SCHEDULE_CHECK_MS: '20', ...env })));
        const id = await draftScheduledAt(title, new Date(Date.now() + 500));
        await until(async () => (await titlesAt(origins[0]!)).includes(title), 'the schedule publishes the sheet');
        // Every process has looked again since (several checks of 20 ms each), and none fired it a second time.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await expectFiredOnce(id);
      } finally {
        await stopServers();
      }
    },
    90_000,
  );

  it('fires at the next start when it fell due while no server ran', async () => {
    const title = `Due while down ${Date.now()}`;
    const id = await draftScheduledAt(title, new Date(Date.now() - 60_000));
    const origin = await startServer({ SCHEDULE_CHECK_MS: '60000' });
    try {
      await until(async () => (await titlesAt(origin)).includes(title), 'the overdue schedule fires at start');
      await expectFiredOnce(id);
    } finally {
      await stopServers();
    }
  }, 90_000);
});
