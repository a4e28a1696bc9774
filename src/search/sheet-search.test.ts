/**
 * The site's search reads the index as the change journal's index reader keeps it: a visitor's
 * search never compares or writes entries; a change of content is found once the journal is read
 * (by the process that made it, before it answers, and by every serving process within a moment);
 * a write that changes no content (a visitor's session, the search report) journals nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, openTestStore, type TestApp } from '../../tests/helpers/test-app';
import type { OpenStore } from '../cms/database';
import { DEMO_IDS } from '../demo/seed-demo';
import { republishSheet } from '../../tests/helpers/test-content';
import { readJournalHead } from '../cms/repositories/journal';
import { readSearchIndexStamp, saveSearchIndexStamp } from '../cms/repositories/store-state';
import { readJournalOnce } from '../server/journal-follower';
import { indexStampOf, syncSearchIndex } from './search-index';
import { journalIndexChange } from './index-reader';
import { buildFacetIndex, createSheetSearch } from './sheet-search';

const queries: string[] = [];
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ onQuery: (sql) => queries.push(sql) });
});
afterAll(async () => {
  await test.close();
});

const request = { siteId: DEMO_IDS.siteId, language: 'en_US', limit: 10, offset: 0 };
const facetRequest = { siteId: DEMO_IDS.siteId, language: 'en_US', query: '', selection: [], facetOf: (key: string) => key.slice(0, key.indexOf(':')) };

/** Publishes the English text of a demo sheet again, changed, as an import or SQL would: no process is told. */
const changeQuietly = (store: OpenStore, urlName: string, change: (body: Record<string, unknown>) => Record<string, unknown>) =>
  republishSheet(store, urlName, change, new Date().toISOString(), { quietly: true });

it('journals nothing for a write that changes no content', async () => {
  await readJournalOnce(test.store);
  const head = await readJournalHead(test.store.db);
  await test.store.db
    .insertInto('search_queries')
    .values({ site_id: 'x', language: 'en_US', query: 'not content', day: '2026-11-28', searches: 1, found: 0 })
    .execute();
  expect(await readJournalHead(test.store.db)).toBe(head);
});

it('answers a visitor from the index as it is, and finds a change once the journal is read, without the search doing that work', async () => {
  // A store no server follows: only this test reads its journal.
  const own = await openTestStore();
  const seen: string[] = [];
  const store = {
    ...own.store,
    db: own.store.db.withPlugin({ transformQuery: (args) => (seen.push(String(args.node.kind)), args.node), transformResult: async (args) => args.result }),
  };
  try {
    await readJournalOnce(own.store);
    const search = createSheetSearch(store);
    await changeQuietly(own.store, 'silane', (body) => ({ ...body, description: 'Now with wombats.', purity: 'Wombat grade' }));
    seen.length = 0;
    expect((await search.results({ ...request, query: 'wombats' })).total).toBe(0);
    expect((await search.facets(facetRequest)).counts.get('purity:wombat grade')).toBeUndefined();
    // A visitor's search only reads.
    expect(seen.filter((kind) => kind !== 'SelectQueryNode' && kind !== 'RawNode')).toEqual([]);

    await readJournalOnce(own.store);
    expect((await search.results({ ...request, query: 'wombats' })).total).toBe(1);
    expect((await search.facets(facetRequest)).counts.get('purity:wombat grade')).toBe(1);
  } finally {
    await own.close();
  }
});

it('is found through the server within a moment of a change made elsewhere (its journal is followed)', async () => {
  const cardTitles = (html: string) => [...html.matchAll(/<a class="card__link" href="[^"]*">([^<]*)<\/a>/g)].map((match) => match[1]);
  await changeQuietly(test.store, 'trimethylaluminum', (body) => ({ ...body, description: 'Now with quokkas.' }));
  await expect.poll(async () => cardTitles((await test.app.inject('/?q=quokka')).body), { timeout: 10_000 }).toEqual(['Trimethylaluminum (TMA)']);
});

it('makes the same facet index reading its entries a few at a time as reading them all at once', async () => {
  await readJournalOnce(test.store);
  const scope = { siteId: DEMO_IDS.siteId, language: 'en_US' };
  const { index: whole } = await buildFacetIndex(test.store, scope, undefined, 100_000);
  const { index: parted } = await buildFacetIndex(test.store, scope, undefined, 7);
  expect(whole.size).toBeGreaterThan(7 * 3);
  const facetOf = (key: string) => key.slice(0, key.indexOf(':'));
  expect(parted.size).toBe(whole.size);
  expect(parted.choices).toEqual(whole.choices);
  expect(parted.count([], facetOf)).toEqual(whole.count([], facetOf));
  expect(parted.select([], 0, 1_000)).toEqual(whole.select([], 0, 1_000));
});

it('makes its facet index again from the one before and the entries of the sheets a change touched, as one made afresh would be', async () => {
  const read: string[] = [];
  const own = await openTestStore({ onQuery: (sql) => read.push(sql) });
  const store = own.store;
  const scope = { siteId: DEMO_IDS.siteId, language: 'en_US' };
  const fresh = async () => (await buildFacetIndex(own.store, scope, undefined)).index;
  try {
    await readJournalOnce(own.store);
    const search = createSheetSearch(store);
    await search.facets(facetRequest);
    await changeQuietly(own.store, 'silane', (body) => ({ ...body, purity: 'Wombat grade' }));
    await changeQuietly(own.store, 'teos', (body) => ({ ...body, purity: 'Wombat grade', topics: [] }));
    await readJournalOnce(own.store);
    read.length = 0;
    const counts = await search.facets(facetRequest);
    // Only the two sheets' entries were read again, not every entry.
    expect(read.filter((query) => /from search_entries e/i.test(query))).toEqual([expect.stringMatching(/e\.content_id IN \((?:\?|\$\d+), (?:\?|\$\d+)\)/)]);
    expect(counts.counts.get('purity:wombat grade')).toBe(2);
    expect(counts.counts).toEqual((await fresh()).count([], facetRequest.facetOf));
    expect(counts.choices).toEqual((await fresh()).choices);

    // A whole rebuild of the index (as `search rebuild` makes it) gives every entry a new id: the next index is made afresh.
    await changeQuietly(own.store, 'silane', (body) => ({ ...body, purity: 'Quokka grade' }));
    await syncSearchIndex(own.store, { rebuild: true });
    await journalIndexChange(own.store.db, true, { written: 1, removed: 0 });
    const rebuilt = await search.facets(facetRequest);
    expect(rebuilt.counts.get('purity:quokka grade')).toBe(1);
    expect(rebuilt.counts).toEqual((await fresh()).count([], facetRequest.facetOf));
  } finally {
    await own.close();
  }
});

it('compares every sheet when the store’s migrations are not those its index was stamped with (an upgrade that marks entries out of date)', async () => {
  await readJournalOnce(test.store);
  const stamp = await readSearchIndexStamp(test.store.db);
  expect(stamp).toBe(indexStampOf(await readJournalHead(test.store.db)));
  // As a store upgraded by an older release's process left it: fewer migrations.
  const before = queries.length;
  await saveSearchIndexStamp(test.store.db, stamp!.replace(/ \d+$/, ' 1'));
  await changeQuietly(test.store, 'teos', (body) => ({ ...body, description: `${String(body.description)} Again.` }));
  await readJournalOnce(test.store);
  // Every sheet compared: the entries listed by range, not by the one sheet changed.
  expect(queries.slice(before).some((sql) => /from "search_entries" where "content_id" > /.test(sql))).toBe(true);
  expect(await readSearchIndexStamp(test.store.db)).toMatch(/ \d+$/);
  expect((await readSearchIndexStamp(test.store.db))?.endsWith(' 1')).toBe(false);
});
