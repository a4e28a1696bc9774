/**
 * The server as operators run it: a bad setting stops the start with one clear line, SIGTERM under
 * load fails no request, and with WORKERS=2 a SIGHUP rolling restart fails no request either.
 * Runs against SQLite, or PostgreSQL when TEST_DATABASE_URL names one (several processes, one store).
 */
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { freePort, startLoad, startServerProcess, type LoadResult } from '../helpers/server-process';
import { useBuiltServerStore } from '../helpers/server-store';
import { openDatabase } from '../../src/cms/database';
import { findContentsByKeys } from '../../src/cms/repositories/contents';
import { loadConfig } from '../../src/server/config';

const API_PATH = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?page=1&pageSize=5`;

const testStore = useBuiltServerStore();

function expectNoFailures(result: LoadResult) {
  expect(result.errors).toEqual([]);
  expect([...result.statuses.keys()]).toEqual([200]);
  expect(result.requests).toBeGreaterThan(50);
}

describe('configuration errors', () => {
  it.each([
    ['PORT', 'eighty', /^Configuration error: PORT must be a whole number from 0 to 65535 \(got "eighty"\)$/],
    ['BASE_PATH', 'literature/', /^Configuration error: BASE_PATH must be empty or a path like \/literature/],
    ['DATABASE_URL', 'mysql://root:hunter2@db/site', /^Configuration error: DATABASE_URL must be sqlite:<path>/],
    ['WORKERS', 'many', /^Configuration error: WORKERS must be a whole number from 1 to 64, or auto/],
  ])('%s=%s stops the start with one line naming the variable', async (name, value, expected) => {
    const server = startServerProcess({ DATABASE_URL: testStore().databaseUrl, [name]: value });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
    expect(server.stderr()).not.toContain('hunter2');
  });

  it('an unreachable PostgreSQL server stops the start with one line', async () => {
    const port = await freePort();
    const server = startServerProcess({ DATABASE_URL: `postgres://literature:secret-password@127.0.0.1:${port}/literature` });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Failed to start: the content store does not answer \(connect ECONNREFUSED 127.0.0.1:\d+\)$/);
    expect(server.stderr()).not.toContain('secret-password');
  });
});

describe('the start', () => {
  it('reads what changed while no server ran before it serves, and says so when that is much', async () => {
    const port = await freePort();
    const env = { PORT: String(port), DATABASE_URL: testStore().databaseUrl, JOURNAL_CHECK_MS: '3600000' };
    const first = startServerProcess(env);
    await first.waitFor(/is serving/);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // An operator's SQL while no server runs: a sheet retitled and 1,200 synonyms, journaled and read by no reader yet.
    const store = openDatabase(loadConfig({ DATABASE_URL: testStore().databaseUrl, LOG_LEVEL: 'silent' }).database);
    try {
      const [silane] = await findContentsByKeys(store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey('silane')]);
      const english = await store.db
        .selectFrom('content_translations')
        .select('body')
        .where('content_id', '=', silane!.id)
        .where('language', '=', 'en_US')
        .executeTakeFirstOrThrow();
      const body = { ...(JSON.parse(english.body) as Record<string, unknown>), Title: 'Silane, retitled while no server ran' };
      await store.db
        .updateTable('content_translations')
        .set({ body: JSON.stringify(body) })
        .where('content_id', '=', silane!.id)
        .where('language', '=', 'en_US')
        .execute();
      await store.db
        .insertInto('search_synonyms')
        .values(Array.from({ length: 1_200 }, (_, n) => ({ group_name: `start-${n}`, term: `start term ${n}` })))
        .execute();
    } finally {
      await store.close();
    }
    const second = startServerProcess(env);
    try {
      await second.waitFor(/is serving/, 120_000);
      expect(second.stdout()).toMatch(/Reading 1,2\d\d changes into the read model, the search index and the outboxes…/);
      expect(second.stdout()).toMatch(/Read in \d+\.\d s\./);
      expect(await (await fetch(`http://127.0.0.1:${port}/sheets/silane`)).text()).toContain('Silane, retitled while no server ran');
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 180_000);
});

describe('graceful shutdown', () => {
  it('SIGTERM under load: requests in flight finish, none fails, the process exits 0', async () => {
    const port = await freePort();
    const server = startServerProcess({ PORT: String(port), DATABASE_URL: testStore().databaseUrl, SHUTDOWN_DRAIN_MS: '500' });
    await server.waitFor(/is serving/);
    const origin = `http://127.0.0.1:${port}`;
    const load = startLoad([`${origin}/`, `${origin}${API_PATH}`], 8);
    // Under way before the signal: counted, not timed, as a busy machine answers fewer in a while.
    await load.reached(51);

    server.child.kill('SIGTERM');
    // During the drain the process still answers, with Connection: close, and says it is not ready.
    await expect.poll(async () => (await fetch(`${origin}/readyz`)).status, { interval: 50 }).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await load.stop();

    expect(await server.exited).toBe(0);
    expectNoFailures(result);
  });
});

describe('logs', () => {
  it('are JSON lines, one per request with its id (answered by the framework or from the front cache), and hold no address, cookie, email or password', async () => {
    const port = await freePort();
    const server = startServerProcess({ PORT: String(port), DATABASE_URL: testStore().databaseUrl, LOG_LEVEL: 'info' });
    await server.waitFor(/is serving/);
    const origin = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${origin}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: 'lit_session=secret-cookie-value', 'x-request-id': 'trace-0123456789' },
      body: new URLSearchParams({ email: 'someone.private@example.com', password: 'correct horse battery staple' }),
      redirect: 'manual',
    });
    await signIn.arrayBuffer();
    expect(signIn.headers.get('x-request-id')).toBe('trace-0123456789');
    // The page twice: rendered, then from the front cache (plain: its compressed forms are made in the background).
    for (const id of ['page-rendered-01', 'page-from-cache-01'])
      await (await fetch(`${origin}/`, { headers: { 'x-request-id': id, 'accept-encoding': 'identity' } })).arrayBuffer();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const records = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: unknown; res?: { statusCode: number }; cache?: string });
    const traced = (id: string) => records.filter((record) => record.reqId === id).map(({ req, res, cache }) => ({ req, res, cache }));
    expect(traced('trace-0123456789')).toEqual([{ req: { id: 'trace-0123456789', method: 'POST', url: '/login' }, res: { statusCode: signIn.status } }]);
    expect(traced('page-rendered-01')).toEqual([{ req: { id: 'page-rendered-01', method: 'GET', url: '/' }, res: { statusCode: 200 } }]);
    expect(traced('page-from-cache-01')).toEqual([{ req: { id: 'page-from-cache-01', method: 'GET', url: '/' }, res: { statusCode: 200 }, cache: 'front' }]);
    for (const secret of ['127.0.0.1:', 'remoteAddress', 'secret-cookie-value', 'someone.private', 'correct horse']) {
      expect(lines.filter((line) => line.includes(secret) && !line.includes('Server listening'))).toEqual([]);
    }
  });
});

describe('WORKERS=2', () => {
  it('serves from two processes and a SIGHUP rolling restart fails no request', async () => {
    const port = await freePort();
    const server = startServerProcess({ PORT: String(port), DATABASE_URL: testStore().databaseUrl, WORKERS: '2', SHUTDOWN_DRAIN_MS: '300' });
    await server.waitFor(/is serving .* with 2 workers/);
    const origin = `http://127.0.0.1:${port}`;
    const load = startLoad([`${origin}/`, `${origin}${API_PATH}`], 8);
    // Under way before the signal: counted, not timed, as a busy machine answers fewer in a while.
    await load.reached(51);

    server.child.kill('SIGHUP');
    await server.waitFor(/All workers restarted/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const result = await load.stop();
    expectNoFailures(result);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it('replaces a worker that dies', async () => {
    const port = await freePort();
    const server = startServerProcess({ PORT: String(port), DATABASE_URL: testStore().databaseUrl, WORKERS: '2' });
    await server.waitFor(/with 2 workers/);
    const pids = await workerPids(server.child.pid!);
    expect(pids).toHaveLength(2);

    process.kill(pids[0]!, 'SIGKILL');
    await server.waitFor(/Worker \d+ stopped \(SIGKILL\); starting another/);
    await expect.poll(async () => (await workerPids(server.child.pid!)).filter((pid) => pid !== pids[0]).length, { timeout: 15_000 }).toBe(2);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited, server.stdout() + server.stderr()).toBe(0);
  }, 60_000);
});

async function workerPids(parentPid: number): Promise<number[]> {
  const { readFile } = await import('node:fs/promises');
  const children = await readFile(`/proc/${parentPid}/task/${parentPid}/children`, 'utf8').catch(() => '');
  return children.trim().split(/\s+/).filter(Boolean).map(Number);
}
