/**
 * A bounded load run against the built server (npm run test:resilience): the literature page and a
 * delivery API page at a fixed rate each, at the same time, for LOAD_SECONDS (30 by default).
 * Zero errors and zero non-2xx answers; p50/p99 latencies go to test-results/load.json and the log.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { buildIfNeeded, freePort, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { createTestStoreLocation, TEST_ENGINE, type TestStoreLocation } from '../helpers/test-store';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const RATE = Number(process.env.LOAD_RATE ?? 500);
const TARGETS = {
  page: '/',
  api: `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=7&pageToken=1`,
};

let store: TestStoreLocation;
let server: ServerProcess;
let origin: string;

beforeAll(async () => {
  buildIfNeeded();
  store = await createTestStoreLocation();
  const port = await freePort();
  server = startServerProcess({ PORT: String(port), DATABASE_URL: store.databaseUrl });
  await server.waitFor(/is serving/);
  origin = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await store?.drop();
});

function run(path: string): Promise<autocannon.Result> {
  return autocannon({ url: origin + path, connections: 10, overallRate: RATE, duration: SECONDS });
}

it(
  `${SECONDS} s at ${RATE} requests/s on the page and ${RATE} on the API: no errors, latencies reported`,
  async () => {
    const [page, api] = await Promise.all([run(TARGETS.page), run(TARGETS.api)]);
    const summary = Object.fromEntries(
      Object.entries({ page, api }).map(([name, result]) => [
        name,
        {
          requests: result.requests.total,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          maxMs: result.latency.max,
        },
      ]),
    );
    const report = { engine: TEST_ENGINE, seconds: SECONDS, ratePerTarget: RATE, ...summary };
    mkdirSync('test-results', { recursive: true });
    writeFileSync(join('test-results', 'load.json'), JSON.stringify(report, null, 2) + '\n');
    console.log(`load (${TEST_ENGINE}): ${JSON.stringify(summary)}`);

    for (const result of [page, api]) {
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      // The fixed rate was held (within a tenth): the server kept up.
      expect(result.requests.total).toBeGreaterThan(RATE * SECONDS * 0.9);
    }
    expect(server.child.exitCode).toBeNull();
  },
  (SECONDS + 60) * 1000,
);
