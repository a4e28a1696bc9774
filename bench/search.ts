/**
 * Search latency on the large collection (docs/search.md): the index made as `search update`
 * makes it, then visitors' queries through the code the results page uses (search-query.ts), in
 * this process, one after another: p50 and p99 over rounds of a mix of queries as common as a
 * catalogue's (a lot number, a grade, a process, a use, a synonym, a word being typed), words
 * that are in every sheet's document, and identifiers (a CAS number, a product code, a formula). A search counts no further than it lists (1,000+). On SQLite, and on PostgreSQL too when
 * BENCH_DATABASE_URL names a server (a database is made there for the run, and dropped).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseSettings } from '../src/cms/database';
import { createBenchStore } from './lib/fixtures';
import { DEMO_IDS } from '../src/demo/seed-demo';
import { syncSearchIndex } from '../src/search/search-index';
import { search } from '../src/search/search-query';
import type { Measurement } from './lib/report';
import { latencyRows, percentile } from './lib/latency';
import { measureFacets } from './facets';

const QUERIES = [
  'lot 4242',
  'semiconductor',
  'MOCVD',
  'interconnects',
  'aluminium',
  'ultra-high',
  'epitaxy LEDs',
  'dimeric',
  // Identifiers (fixtures.ts identifiersOf): a CAS number with and without hyphens, a product code, one being typed, a formula every sheet has.
  '4242-22-2',
  '4242222',
  'LS-B4242-5N',
  'LS-B424',
  'Al(CH3)3',
];
const ROUNDS = 40;

/** How long `search update` took to index the store (and how many entries it wrote). */
export interface Indexing {
  written: number;
  seconds: number;
}

/**
 * Indexes a new store as an operator does after a large import (`search update`, docs/search.md),
 * so that no serving process measured afterwards builds the whole index on its first request.
 */
export async function indexForSearch(settings: DatabaseSettings): Promise<Indexing> {
  const store = openDatabase(settings);
  try {
    const started = performance.now();
    const { written } = await syncSearchIndex(store);
    return { written, seconds: (performance.now() - started) / 1000 };
  } finally {
    await store.close();
  }
}

/** `indexing`: how the SQLite store at `databasePath` was indexed (indexForSearch). */
export async function benchSearch({ databasePath, items, indexing }: { databasePath: string; items: number; indexing: Indexing }): Promise<Measurement[]> {
  const rows = await measureSearch({ dialect: 'sqlite', path: databasePath }, items, 'SQLite', indexing);
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl === undefined || !serverUrl.startsWith('postgres')) return rows;
  const name = `bench_search_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const settings: DatabaseSettings = { dialect: 'postgres', url: url.toString() };
    await createBenchStore(settings, items);
    return [...rows, ...(await measureSearch(settings, items, 'PostgreSQL', await indexForSearch(settings)))];
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function measureSearch(settings: DatabaseSettings, items: number, engine: string, indexing: Indexing): Promise<Measurement[]> {
  // As a serving process opens it (run-server.ts): told of changes, it reads the synonyms once per change.
  const store = openDatabase(settings, { listenForChanges: true });
  try {
    // What a serving process does first: compare the index with the store (nothing to make).
    await syncSearchIndex(store);
    const times: number[] = [];
    const byQuery = new Map<string, { found: string; times: number[] }>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const query of QUERIES) {
        const start = performance.now();
        const result = await search(store, { siteId: DEMO_IDS.siteId, language: 'en_US', query, limit: 7, offset: 0 });
        const took = performance.now() - start;
        // The first round warms the caches, as a serving process's first searches do.
        if (round === 0) continue;
        times.push(took);
        const seen = byQuery.get(query) ?? { found: `${result.total.toLocaleString('en')}${result.more ? '+' : ''}`, times: [] };
        seen.times.push(took);
        byQuery.set(query, seen);
      }
    }
    const perQuery = [...byQuery]
      .map(
        ([query, { found, times: own }]) =>
          `“${query}” ${found} found, p50 ${percentile(
            own.sort((a, b) => a - b),
            0.5,
          ).toFixed(1)} ms`,
      )
      .join('; ');
    const details = `${items.toLocaleString('en')} sheets, ${indexing.written.toLocaleString('en')} entries indexed in ${indexing.seconds.toFixed(1)} s (${engine}, as “search update” makes them); ${perQuery}`;
    return [...latencyRows(times, { name: 'search latency', what: 'queries', engine, details }), ...(await measureFacets(store, items, engine))];
  } finally {
    await store.close();
  }
}
