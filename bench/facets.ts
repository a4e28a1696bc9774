/**
 * Facet latency on the large collection (docs/search.md, "Facets"): what a faceted page asks of
 * the search, its first page of results and every choice's count together, through the code the
 * pages use (sheet-search.ts), in this process, one after another: p50 and p99 over rounds of
 * selections with and without a query (a facet alone, two of one facet, two facets, a query with
 * one, an identifier with one). The facet index is made by the first (its time is in the details).
 */
import type { OpenStore } from '../src/cms/database';
import { DEMO_IDS } from '../src/demo/seed-demo';
import { createSheetSearch } from '../src/search/sheet-search';
import type { Selection } from '../src/search/facets';
import type { Measurement } from './lib/report';
import { latencyRows, percentile } from './lib/latency';

/** The demo's topic facets (src/demo/topics.ts), as the page groups the choices. */
const TOPIC_FACETS: Record<string, string> = { 'topic:ald': 'process', 'topic:cvd': 'process', 'topic:precursor': 'kind', 'topic:equipment': 'kind' };
const facetOf = (key: string) => TOPIC_FACETS[key] ?? (key.startsWith('topic:') ? 'element' : key.slice(0, key.indexOf(':')));

const ASKS: Array<{ query: string; selection: Selection }> = [
  { query: '', selection: [] },
  { query: '', selection: [{ facet: 'process', keys: ['topic:ald'] }] },
  { query: '', selection: [{ facet: 'element', keys: ['topic:hafnium', 'topic:zirconium'] }] },
  {
    query: '',
    selection: [
      { facet: 'process', keys: ['topic:ald'] },
      { facet: 'form', keys: ['form:liquid'] },
    ],
  },
  { query: 'semiconductor', selection: [] },
  { query: 'semiconductor', selection: [{ facet: 'element', keys: ['topic:hafnium'] }] },
  {
    query: 'MOCVD',
    selection: [
      { facet: 'kind', keys: ['topic:precursor'] },
      { facet: 'form', keys: ['form:liquid'] },
    ],
  },
  { query: '4242-22-2', selection: [{ facet: 'process', keys: ['topic:ald'] }] },
];
const ROUNDS = 40;

const describe = ({ query, selection }: (typeof ASKS)[number]) =>
  [query === '' ? '' : `“${query}”`, ...selection.map((group) => group.keys.join(' or '))].filter((part) => part !== '').join(' + ') || 'nothing chosen';

/** Facet latency rows for a store whose index is up to date. */
export async function measureFacets(store: OpenStore, items: number, engine: string): Promise<Measurement[]> {
  const sheets = createSheetSearch(store);
  const times: number[] = [];
  const byAsk = new Map<string, { found: string; times: number[] }>();
  let building = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const ask of ASKS) {
      const start = performance.now();
      const request = { siteId: DEMO_IDS.siteId, language: 'en_US', ...ask };
      const [result] = await Promise.all([sheets.results({ ...request, limit: 7, offset: 0 }), sheets.facets({ ...request, facetOf })]);
      const took = performance.now() - start;
      // The first round makes the facet index and warms the caches, as a serving process's first pages do.
      if (round === 0) {
        building += took;
        continue;
      }
      times.push(took);
      const seen = byAsk.get(describe(ask)) ?? { found: `${result.total.toLocaleString('en')}${result.more ? '+' : ''}`, times: [] };
      seen.times.push(took);
      byAsk.set(describe(ask), seen);
    }
  }
  const perAsk = [...byAsk]
    .map(
      ([ask, { found, times: own }]) =>
        `${ask}: ${found} found, p50 ${percentile(
          own.sort((a, b) => a - b),
          0.5,
        ).toFixed(1)} ms`,
    )
    .join('; ');
  const details = `${items.toLocaleString('en')} sheets (${engine}); the first round, which makes the facet index, took ${(building / 1000).toFixed(1)} s; ${perAsk}`;
  return latencyRows(times, { name: 'facet latency', what: "faceted pages' results and counts", engine, details });
}
