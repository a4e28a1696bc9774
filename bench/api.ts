/**
 * Delivery API benchmarks (issue "Content-delivery API"): deep page vs first page of a 100,000-item
 * collection, and requests per second of a collection page vs nginx serving the same JSON bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_IDS } from '../src/demo/seed-demo';
import { LARGE_COLLECTION_KEY } from './lib/fixtures';
import { measured, type Measurement } from './lib/report';
import { startNginx, startOurServer } from './lib/servers';
import { runLoad, type LoadOptions } from './lib/wrk';

export interface ApiBenchOptions {
  databasePath: string;
  workDir: string;
  items: number;
  load: Omit<LoadOptions, 'core'>;
  /** Called with our server's peak memory after its load. */
  recordPeak: (label: string, megabytes: number | null, icuDataMb?: number | null) => void;
}

const SERVER_CORE = 0;
const LOAD_CORE = 1;

export async function benchApi({ databasePath, workDir, items, load, recordPeak }: ApiBenchOptions): Promise<Measurement[]> {
  const collectionPath = (key: string, query: string) => `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${key}?${query}`;
  const pageSize = 10;
  const deepToken = Math.floor(items / pageSize) - 1;
  const firstUrl = collectionPath(LARGE_COLLECTION_KEY, `pageSize=${pageSize}&pageToken=0`);
  const deepUrl = collectionPath(LARGE_COLLECTION_KEY, `pageSize=${pageSize}&pageToken=${deepToken}`);
  const pageUrl = collectionPath(DEMO_IDS.collectionKey, 'pageSize=7&pageToken=0');

  const measurements: Measurement[] = [];
  // The depth comparison measures the store, so the response cache is off for it.
  const uncached = await startOurServer({ port: 3401, databasePath, core: SERVER_CORE, env: { RESPONSE_CACHE_ENTRIES: '0' } });
  let uncachedPage;
  try {
    runLoad(uncached.url + firstUrl, { ...load, seconds: 1, core: LOAD_CORE });
    const first = runLoad(uncached.url + firstUrl, { ...load, core: LOAD_CORE });
    const deep = runLoad(uncached.url + deepUrl, { ...load, core: LOAD_CORE });
    measurements.push(
      measured(
        {
          section: 'API',
          name: `collection page ${deepToken + 1} of ${items / pageSize} vs page 1 (${items.toLocaleString('en')} items, response cache off)`,
          comparison: 'deep p50 latency / first p50 latency',
          value: deep.latencyMs.p50 / first.latencyMs.p50,
          unit: '×',
          details: `first ${first.latencyMs.p50.toFixed(2)} ms p50, ${first.requestsPerSecond.toFixed(0)} req/s; deep ${deep.latencyMs.p50.toFixed(2)} ms p50, ${deep.requestsPerSecond.toFixed(0)} req/s`,
        },
        '≤',
        1.5,
      ),
    );
    uncachedPage = runLoad(uncached.url + pageUrl, { ...load, core: LOAD_CORE });
    recordPeak(`API, ${items.toLocaleString('en')}-item collection, uncached`, uncached.peakRssMb(), uncached.residentIcuDataMb());
  } finally {
    await uncached.stop();
  }

  const ours = await startOurServer({ port: 3401, databasePath, core: SERVER_CORE });
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  try {
    // nginx serves exactly the bytes our server sends for the same path.
    const body = Buffer.from(await (await fetch(ours.url + pageUrl)).arrayBuffer());
    const root = join(workDir, 'static');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'page.json'), body);
    nginx = await startNginx({ port: 3402, root, workDir: join(workDir, 'nginx'), core: SERVER_CORE });
    const served = Buffer.from(await (await fetch(`${nginx.url}/page.json`)).arrayBuffer());
    if (!served.equals(body)) throw new Error('nginx does not serve the same JSON as our server');
    const api = runLoad(ours.url + pageUrl, { ...load, core: LOAD_CORE });
    recordPeak('API, cached', ours.peakRssMb());
    const staticJson = runLoad(`${nginx.url}/page.json`, { ...load, core: LOAD_CORE });
    measurements.push(
      measured({
        section: 'API',
        name: `collection page (7 items, ${body.length} bytes) requests per second, response cache on`,
        comparison: 'ours / nginx serving the same JSON',
        value: api.requestsPerSecond / staticJson.requestsPerSecond,
        unit: '×',
        details: `ours ${api.requestsPerSecond.toFixed(0)} req/s (p99 ${api.latencyMs.p99.toFixed(2)} ms, ${api.errors} errors); nginx ${staticJson.requestsPerSecond.toFixed(0)} req/s (p99 ${staticJson.latencyMs.p99.toFixed(2)} ms, ${staticJson.errors} errors)`,
      }),
    );
    measurements.push(
      measured({
        section: 'API',
        name: 'collection page (7 items) with the response cache off',
        comparison: 'ours uncached / nginx serving the same JSON',
        value: uncachedPage.requestsPerSecond / staticJson.requestsPerSecond,
        unit: '×',
        details: `ours ${uncachedPage.requestsPerSecond.toFixed(0)} req/s (p99 ${uncachedPage.latencyMs.p99.toFixed(2)} ms)`,
      }),
    );
  } finally {
    await ours.stop();
    await nginx?.stop();
  }
  return measurements;
}
