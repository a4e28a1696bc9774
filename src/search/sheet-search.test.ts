/**
 * The site's search keeps its index up to date without comparing every entry after every write:
 * a write that changes no content (a visitor's session, the search report) leaves the index as it
 * is, and a change of content is found by the next search.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { republishSheet } from '../../tests/helpers/test-content';
import { DEMO_IDS } from '../demo/seed-demo';
import { syncSearchIndex } from './search-index';
import { buildFacetIndex } from './sheet-search';

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
