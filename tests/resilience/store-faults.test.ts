/**
 * The store taken away in the middle of load (npm run test:resilience), on SQLite (another process
 * holds the WAL-index lock) and, when TEST_DATABASE_URL names a server, PostgreSQL (every
 * connection cut and new ones refused, as a stopped server looks). Meanwhile:
 * - pages and API answers already cached keep answering 200 with their last good bytes;
 * - anything else answers a clean 503 with Retry-After, within 2 s;
 * - the process never exits;
 * and once the store is back it serves fresh answers within 10 s, having sent the store a probe
 * at a time rather than a burst of queries.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { buildIfNeeded, freePort, startLoad, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { holdStoreDown, type StoreFault } from '../helpers/store-faults';
import { createTestStoreLocation, type TestStoreLocation } from '../helpers/test-store';

const API = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}`;
const CACHED = ['/', '/de-DE/', `${API}?pageSize=7&pageToken=0`, `${API}?pageSize=7&pageToken=1`];
const OUTAGE_MS = 6000;

beforeAll(() => buildIfNeeded(), 180_000);

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

interface Health {
  store: { available: boolean; queries: number };
}

async function health(origin: string): Promise<Health> {
  return (await fetch(`${origin}/healthz`)).json() as Promise<Health>;
}

/** A request nothing has cached: a page size no one asked for before. */
let uncachedSize = 20;
async function uncachedRequest(origin: string) {
  const started = performance.now();
  const response = await fetch(`${origin}${API}?pageSize=${uncachedSize++}&pageToken=0`);
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), ms: performance.now() - started };
}

async function scenario(engine: string, store: TestStoreLocation): Promise<void> {
  const fault: StoreFault = await holdStoreDown(store.databaseUrl);
  cleanup.push(() => fault.release());
  const port = await freePort();
  const server: ServerProcess = startServerProcess({ PORT: String(port), DATABASE_URL: fault.databaseUrl });
  cleanup.push(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });
  await server.waitFor(/is serving/);
  const origin = `http://127.0.0.1:${port}`;

  // Before: the cached answers, as they are while the store is up.
  const before = new Map<string, string>();
  for (const path of CACHED) before.set(path, await (await fetch(origin + path)).text());

  const load = startLoad(
    CACHED.map((path) => origin + path),
    8,
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await fault.down();
  const downAt = performance.now();

  // During: cached answers unchanged, everything else a quick 503.
  const uncached: Awaited<ReturnType<typeof uncachedRequest>>[] = [];
  const checks: Promise<void>[] = [];
  while (performance.now() - downAt < OUTAGE_MS) {
    uncached.push(await uncachedRequest(origin));
    for (const path of CACHED) {
      checks.push(
        fetch(origin + path).then(async (response) => {
          expect(response.status, path).toBe(200);
          expect(await response.text(), path).toBe(before.get(path));
        }),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await Promise.all(checks);
  const duringLoad = await load.stop();
  const queriesDuringOutage = (await health(origin)).store.queries;
  expect(server.child.exitCode).toBeNull();

  expect(duringLoad.errors).toEqual([]);
  expect([...duringLoad.statuses.keys()]).toEqual([200]);
  expect(uncached.length).toBeGreaterThan(5);
  for (const answer of uncached.slice(1)) {
    expect(answer.status).toBe(503);
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    expect(answer.ms).toBeLessThan(2000);
  }
  expect(uncached[0]!.ms).toBeLessThan(2000);
  expect((await health(origin)).store.available).toBe(false);

  // After: back within 10 s, with a probe at a time rather than a burst.
  await fault.up();
  const upAt = performance.now();
  const recoveryLoad = startLoad(
    CACHED.map((path) => origin + path),
    8,
  );
  let recovered = false;
  while (performance.now() - upAt < 10_000) {
    if ((await uncachedRequest(origin)).status === 200) {
      recovered = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const recoveredMs = performance.now() - upAt;
  // However fast the recovery was, the load goes on until enough requests came for the query count to mean something.
  if (recovered) await recoveryLoad.reached(200);
  const afterRecovery = await recoveryLoad.stop();
  const queriesToRecover = (await health(origin)).store.queries - queriesDuringOutage;
  console.log(
    `${engine}: recovered in ${Math.round(recoveredMs)} ms with ${queriesToRecover} store queries; ${duringLoad.requests} cached answers during the outage`,
  );
  expect(recovered, 'fresh answers within 10 s of the store coming back').toBe(true);
  expect(afterRecovery.errors).toEqual([]);
  expect([...afterRecovery.statuses.keys()]).toEqual([200]);
  // Thousands of requests arrived meanwhile; the store saw a handful of queries.
  expect(afterRecovery.requests).toBeGreaterThan(100);
  expect(queriesToRecover).toBeLessThan(40);
  expect((await health(origin)).store.available).toBe(true);
  expect(server.child.exitCode).toBeNull();
}

describe('the store goes away under load', () => {
  it(`SQLite: the file locked by another process`, async () => {
    const previous = process.env.TEST_DATABASE_URL;
    delete process.env.TEST_DATABASE_URL;
    const store = await createTestStoreLocation();
    if (previous !== undefined) process.env.TEST_DATABASE_URL = previous;
    cleanup.push(() => store.drop());
    await scenario('SQLite', store);
  }, 90_000);

  it.runIf(process.env.TEST_DATABASE_URL?.startsWith('postgres'))(
    'PostgreSQL: the server stopped',
    async () => {
      const store = await createTestStoreLocation();
      cleanup.push(() => store.drop());
      await scenario('PostgreSQL', store);
    },
    90_000,
  );
});
