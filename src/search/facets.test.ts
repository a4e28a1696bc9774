/**
 * Facets against the store's own engine (SQLite here; PostgreSQL when the suite runs with
 * TEST_DATABASE_URL), on the demo catalogue: a selection's sheets and every choice's count, with
 * and without a query, against the sheets' topics and values read from the store one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { republishSheet } from '../../tests/helpers/test-content';
import { DEMO_IDS } from '../demo/seed-demo';
import { createSheetSearch, type SheetSearch } from './sheet-search';
import { choiceKey, readEntryFacets, TOPIC_FACET, type Selection } from './facets';
import { listTopics } from '../cms/repositories/topics';
import { search } from './search-query';

let test: TestApp;
let sheets: SheetSearch;
let facetOf: (key: string) => string;
beforeAll(async () => {
  test = await createTestApp();
  sheets = createSheetSearch(test.store);
  const taxonomy = await listTopics(test.store.db, DEMO_IDS.siteId);
  const facets = new Map(taxonomy.map((topic) => [choiceKey(TOPIC_FACET, topic.slug), topic.facet]));
  facetOf = (key) => facets.get(key) ?? key.slice(0, key.indexOf(':'));
  await sheets.results({ siteId: DEMO_IDS.siteId, language: 'en_US', query: 'x', limit: 1, offset: 0 });
});
afterAll(async () => {
  await test.close();
});

/** Each English page entry's content and choices, as the store holds them. */
async function entries(language = 'en_US') {
  const rows = await test.store.db.selectFrom('search_entries').select(['id', 'content_id', 'facets', 'serves']).execute();
  return rows
    .filter((row) => row.serves.includes(` ${language} `))
    .map((row) => ({
      id: Number(row.id),
      contentId: row.content_id,
      keys: new Set(Object.entries(readEntryFacets(row.facets)).flatMap(([facet, values]) => values.map((value) => choiceKey(facet, value)))),
    }));
}

const keeps = (keys: Set<string>, selection: Selection) => selection.every((group) => group.keys.some((key) => keys.has(key)));

/** What choosing `key` would give, as a selection. */
const choosing = (selection: Selection, key: string): Selection =>
  selection.some((group) => group.facet === facetOf(key))
    ? selection.map((group) => (group.facet === facetOf(key) ? { ...group, keys: [key] } : group))
    : [...selection, { facet: facetOf(key), keys: [key] }];

const ALD_OR_CVD_PRECURSORS: Selection = [
  { facet: 'process', keys: ['topic:ald', 'topic:cvd'] },
  { facet: 'kind', keys: ['topic:precursor'] },
];

describe('facets', () => {
  it('lists a selection’s sheets, every one, and counts each choice as the store’s sheets say (no query)', async () => {
    const all = await entries();
    const request = { siteId: DEMO_IDS.siteId, language: 'en_US', query: '', selection: ALD_OR_CVD_PRECURSORS };
    const listed = await sheets.results({ ...request, limit: 100, offset: 0 });
    const expected = all.filter((entry) => keeps(entry.keys, ALD_OR_CVD_PRECURSORS));
    expect(listed.total).toBe(expected.length);
    expect(new Set(listed.hits.map((hit) => hit.contentId))).toEqual(new Set(expected.map((entry) => entry.contentId)));
    const { counts, atLeast } = await sheets.facets({ ...request, facetOf });
    expect(atLeast.size).toBe(0);
    for (const key of new Set(all.flatMap((entry) => [...entry.keys])))
      expect(counts.get(key), key).toBe(all.filter((entry) => keeps(entry.keys, choosing(ALD_OR_CVD_PRECURSORS, key))).length);
    expect(counts.get('topic:precursor')).toBeGreaterThan(0);
    expect(counts.get('form:liquid')).toBeGreaterThan(0);
  });

  it('with a query, lists and counts the query’s matches that the selection keeps', async () => {
    const all = await entries();
    const selection: Selection = [{ facet: 'form', keys: ['form:liquid'] }];
    const request = { siteId: DEMO_IDS.siteId, language: 'en_US', query: 'ald' };
    const matches = new Set((await search(test.store, { ...request, limit: 1000, offset: 0 })).hits.map((hit) => hit.contentId));
    const matching = all.filter((entry) => matches.has(entry.contentId));
    const listed = await sheets.results({ ...request, selection, limit: 100, offset: 0 });
    expect(new Set(listed.hits.map((hit) => hit.contentId))).toEqual(
      new Set(matching.filter((entry) => keeps(entry.keys, selection)).map((entry) => entry.contentId)),
    );
    const { counts } = await sheets.facets({ ...request, selection, facetOf });
    for (const key of ['form:liquid', 'form:solid', 'topic:ald', 'topic:precursor', 'topic:hafnium'])
      expect(counts.get(key) ?? 0, key).toBe(matching.filter((entry) => keeps(entry.keys, choosing(selection, key))).length);
  });

  it('finds by a field value the German page writes in German, and follows a change of a sheet’s topics', async () => {
    const german = await entries('de_DE');
    const { counts } = await sheets.facets({ siteId: DEMO_IDS.siteId, language: 'de_DE', query: '', selection: [], facetOf });
    const forms = [...counts.keys()].filter((key) => key.startsWith('form:'));
    expect(forms.length).toBeGreaterThan(0);
    for (const key of forms) expect(counts.get(key)).toBe(german.filter((entry) => entry.keys.has(key)).length);
    // TEOS becomes an ALD sheet: the next count says so.
    const before = (await sheets.facets({ siteId: DEMO_IDS.siteId, language: 'en_US', query: '', selection: [], facetOf })).counts.get('topic:ald')!;
    const was = await republishSheet(test.store, 'teos', (body) => ({ ...body, topics: [...(body.topics as string[]), 'ald'] }));
    expect(was.topics).not.toContain('ald');
    // A store that cannot tell its changes (the test's PostgreSQL) has its index taken as current for
    // a moment after a sync (sheet-search.ts): waited for.
    const aldCount = async (language: string) =>
      (await sheets.facets({ siteId: DEMO_IDS.siteId, language, query: '', selection: [], facetOf })).counts.get('topic:ald');
    await expect.poll(() => aldCount('en_US'), { timeout: 10_000 }).toBe(before + 1);
    // Every language's entry of it holds its topics.
    expect(await aldCount('fr_FR')).toBe(before + 1);
  });
});
