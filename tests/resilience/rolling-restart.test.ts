/**
 * Rolling restarts under load (npm run test:resilience): WORKERS=2, readers of pages, the API and
 * the studio's sign-in page, and SIGHUP five times over, each restart awaited. Not one request
 * fails, and the log holds no store error.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { buildIfNeeded, freePort, startLoad, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { createTestStoreLocation, type TestStoreLocation } from '../helpers/test-store';

const API = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}`;
const RESTARTS = 5;

let store: TestStoreLocation;
let server: ServerProcess;
let origin: string;

beforeAll(async () => {
  buildIfNeeded();
  store = await createTestStoreLocation();
  const port = await freePort();
  server = startServerProcess({ PORT: String(port), DATABASE_URL: store.databaseUrl, WORKERS: '2', SHUTDOWN_DRAIN_MS: '300' });
  await server.waitFor(/is serving .* with 2 workers/, 60_000);
  origin = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await store?.drop();
});

it(`${RESTARTS} rolling restarts under load fail no request`, async () => {
  const urls = [`${origin}/`, `${origin}/de-DE/`, `${origin}/login`];
  for (let size = 1; size <= 50; size++) urls.push(`${origin}${API}?pageSize=${size}&pageToken=0`);
  const load = startLoad(urls, 8);
  for (let restart = 1; restart <= RESTARTS; restart++) {
    const logged = server.stdout().split('All workers restarted').length - 1;
    server.child.kill('SIGHUP');
    await expect.poll(() => server.stdout().split('All workers restarted').length - 1, { timeout: 60_000, interval: 50 }).toBe(logged + 1);
  }
  const result = await load.stop();
  expect(result.errors).toEqual([]);
  expect([...result.statuses.keys()]).toEqual([200]);
  expect(result.requests).toBeGreaterThan(200);
  expect(server.stdout() + server.stderr()).not.toMatch(/database is locked|content store does not answer/);
}, 240_000);
