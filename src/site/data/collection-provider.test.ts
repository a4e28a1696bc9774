import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createListeningApp, type ListeningApp } from '../../../tests/helpers/listening-app';
import { DEMO_CATALOGUE } from '../../demo/catalogue';
import { DEMO_IDS } from '../../demo/seed-demo';
import { FetchError } from '../../shared/delivery-client';
import { CollectionProvider, type CollectionConfig, type CollectionResult } from './collection-provider';
import { DataStore } from './data-store';

let test: ListeningApp;
beforeAll(async () => {
  test = await createListeningApp({ env: { BASE_PATH: '/lit' } });
});
afterAll(async () => {
  await test.close();
});
beforeEach(() => {
  test.requests.length = 0;
});

const config: CollectionConfig = { siteId: DEMO_IDS.siteId, collectionKeyOrId: DEMO_IDS.collectionKey, language: 'en_US', pageSize: 7 };

function provider(store = new DataStore()) {
  const results: CollectionResult[] = [];
  return { provider: new CollectionProvider(store, test.client, '/lit', (result) => results.push(result)), results, store };
}

describe('CollectionProvider', () => {
  it('connects and emits the first page as grid items with site URLs', async () => {
    const { provider: p, results } = provider();
    expect(p.state).toBe('disconnected');
    await p.connect(config);
    expect(p.state).toBe('connected');
    const page = results[0]?.page;
    expect(page?.items.map((item) => item.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(page?.items[0]).toMatchObject({ key: page?.items[0]?.id, id: page?.items[0]?.data.id });
    expect(page?.items[0]?.data.body.contentBody.url).toBe('/lit/sfsites/c/file-asset/literature-sheet-trimethylaluminum?v=1');
    expect((page?.items[0]?.data.body.contentBody.image as { url: string }).url).toMatch(/^\/lit\/sfsites\/c\/cms\/delivery\/media\//);
    expect(page).toMatchObject({ total: DEMO_CATALOGUE.length, pageToken: 0, nextPageToken: 1, previousPageToken: null });
  });

  it('loads further pages positioned after the ones before them, from the store the second time', async () => {
    const { provider: p } = provider();
    await p.connect(config);
    const last = await p.loadPage(3);
    expect(last.items.map((item) => item.index)).toEqual([21, 22, 23, 24, 25]);
    expect(last).toMatchObject({ nextPageToken: null, previousPageToken: 2 });
    const before = test.requests.length;
    await p.loadPage(3);
    expect(test.requests.length).toBe(before);
  });

  it('resumes after pages the server rendered: only the next page is requested', async () => {
    const { provider: p, results } = provider();
    p.resume(config);
    expect(p.state).toBe('connected');
    expect(test.requests).toEqual([]);
    const next = await p.loadPage(1);
    expect(next.items.map((item) => item.index)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(test.requests).toHaveLength(1);
    expect(results).toEqual([]);
  });

  it('reloads once for a burst of configuration changes (150 ms debounce)', async () => {
    const { provider: p, results } = provider();
    await p.connect(config);
    const before = test.requests.length;
    p.update({ ...config, pageSize: 5 });
    expect(p.state).toBe('update');
    p.update({ ...config, pageSize: 4 });
    p.update({ ...config, pageSize: 3 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(test.requests.length - before).toBe(1);
    expect(results.at(-1)?.page?.items).toHaveLength(3);
    expect(p.state).toBe('connected');
  });

  it('sorts each page by sortBy and sortOrder', async () => {
    const { provider: p, results } = provider();
    await p.connect({ ...config, sortBy: 'Title', sortOrder: 'Descending' });
    const titles = results[0]?.page?.items.map((item) => item.data.body.contentBody.Title as string) ?? [];
    expect(titles).toEqual([...titles].sort((a, b) => b.localeCompare(a)));
    expect(results[0]?.page?.items.map((item) => item.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('keeps the error with the result', async () => {
    const { provider: p, results } = provider();
    await p.connect({ ...config, collectionKeyOrId: 'MC0000000000000000000000000A' });
    expect(results[0]?.page).toBeNull();
    expect(results[0]?.error).toBeInstanceOf(FetchError);
    expect(results[0]?.error).toMatchObject({ status: 404 });
  });

  it('refuses an invalid configuration with INVALID_CONFIG', () => {
    const { provider: p } = provider();
    expect(() => p.connect({ ...config, pageSize: 0 })).toThrow('INVALID_CONFIG');
    expect(() => p.connect({ ...config, siteId: '' })).toThrow('INVALID_CONFIG');
    expect(() => p.connect({ ...config, sortOrder: 'Sideways' as never })).toThrow('INVALID_CONFIG');
  });

  it('stops emitting once disconnected', async () => {
    const { provider: p, results } = provider();
    await p.connect(config);
    p.update({ ...config, pageSize: 2 });
    p.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(p.state).toBe('disconnected');
    expect(results).toHaveLength(1);
  });
});
