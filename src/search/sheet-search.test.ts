/**
 * The site's search keeps its index up to date without comparing every entry after every write:
 * a write that changes no content (a visitor's session, the search report) leaves the index as it
 * is, and a change of content is found by the next search.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { republishSheet } from '../../tests/helpers/test-content';
import { DEMO_IDS } from '../demo/seed-demo';
import { indexStampOf, syncSearchIndex } from './search-index';
import { readContentVersion, readSearchIndexStamp, saveSearchIndexStamp } from '../cms/repositories/store-state';
import { buildFacetIndex, createSheetSearch } from './sheet-search';

const queries: string[] = [];
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ onQuery: (sql) => queries.push(sql) });
});
afterAll(async () => {
  await test.close();
});

/** Whether a sync compared the entries (it lists them all) since `from`. */
const synced = (from: number) =>
  queries.slice(from).some((sql) => /^select "id", "content_id", "language", "serves", "published_at" from "search_entries"/.test(sql));
const cardTitles = (html: string) => [...html.matchAll(/<a class="card__link" href="[^"]*">([^<]*)<\/a>/g)].map((match) => match[1]);

it('syncs after a change of content, and not after a write that changes none', async () => {
  expect(cardTitles((await test.app.inject('/?q=dimeric')).body)).toEqual(['Trimethylaluminum (TMA)']);
  const before = queries.length;
  await test.store.db
    .insertInto('search_queries')
    .values({ site_id: 'x', language: 'en_US', query: 'not content', day: '2026-11-28', searches: 1, found: 0 })
    .execute();
  expect(cardTitles((await test.app.inject('/?q=dimeric')).body)).toEqual(['Trimethylaluminum (TMA)']);
  expect(synced(before)).toBe(false);
  // A change of content: the next search syncs, and finds the new words.
  await republishSheet(test.store, 'trimethylaluminum', (body) => ({ ...body, description: 'Now with quokkas.' }));
  const changed = queries.length;
  await expect.poll(async () => cardTitles((await test.app.inject('/?q=quokka')).body).length, { timeout: 10_000 }).toBe(1);
  expect(synced(changed)).toBe(true);
});

it('makes the same facet index reading its entries a few at a time as reading them all at once', async () => {
  await syncSearchIndex(test.store);
  const scope = { siteId: DEMO_IDS.siteId, language: 'en_US' };
  const whole = await buildFacetIndex(test.store, scope, 100_000);
  const parted = await buildFacetIndex(test.store, scope, 7);
  expect(whole.size).toBeGreaterThan(7 * 3);
  const facetOf = (key: string) => key.slice(0, key.indexOf(':'));
  expect(parted.size).toBe(whole.size);
  expect(parted.choices).toEqual(whole.choices);
  expect(parted.count([], facetOf)).toEqual(whole.count([], facetOf));
  expect(parted.select([], 0, 1_000)).toEqual(whole.select([], 0, 1_000));
});

it('compares nothing in a process started on an index some process brought up to date, and shows what another process brings in', async () => {
  await syncSearchIndex(test.store);
  const request = { siteId: DEMO_IDS.siteId, language: 'en_US', limit: 10, offset: 0 };
  const facetRequest = { siteId: DEMO_IDS.siteId, language: 'en_US', query: '', selection: [], facetOf: (key: string) => key.slice(0, key.indexOf(':')) };
  // A process started now (a search of its own, as after a restart): nothing to compare.
  const started = queries.length;
  const first = createSheetSearch(test.store);
  expect((await first.results({ ...request, query: 'dimeric' })).total).toBe(1);
  expect((await first.facets(facetRequest)).counts.get('purity:wombat grade')).toBeUndefined();
  expect(synced(started)).toBe(false);

  // A change, brought into the index by another process: this one compares nothing again, and
  // finds the new words and counts the new facet value.
  await republishSheet(test.store, 'silane', (body) => ({ ...body, description: 'Now with wombats.', purity: 'Wombat grade' }));
  const changed = queries.length;
  const other = createSheetSearch(test.store);
  expect((await other.results({ ...request, query: 'wombats' })).total).toBe(1);
  expect(synced(changed)).toBe(true);
  const after = queries.length;
  expect((await first.results({ ...request, query: 'wombats' })).total).toBe(1);
  // Seen as soon as the store says it changed (on PostgreSQL, once its notice arrives).
  await expect.poll(async () => (await first.facets(facetRequest)).counts.get('purity:wombat grade'), { timeout: 10_000 }).toBe(1);
  expect(synced(after)).toBe(false);
});

it('compares the entries when the store’s migrations are not those its index was stamped with (an upgrade that marks entries out of date)', async () => {
  await syncSearchIndex(test.store);
  const stamp = await readSearchIndexStamp(test.store.db);
  expect(stamp).toBe(indexStampOf(await readContentVersion(test.store.db)));
  // As a store upgraded by an older release's process left it: the same content version, fewer migrations.
  await saveSearchIndexStamp(test.store.db, stamp!.replace(/ \d+$/, ' 1'));
  const before = queries.length;
  expect((await createSheetSearch(test.store).results({ siteId: DEMO_IDS.siteId, language: 'en_US', query: 'dimeric', limit: 10, offset: 0 })).total).toBe(1);
  expect(synced(before)).toBe(true);
  expect(await readSearchIndexStamp(test.store.db)).toBe(stamp);
});
