import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEMO_IDS } from '../../demo/seed-demo';
import { findPrimarySite } from '../../cms/repositories/sites';
import { LITERATURE_PAGE } from '../../../tests/helpers/pages';
import type { PageDefinition } from '../../page-model/page-definition';
import { renderPageBody, renderPreloads } from '../../site/entry-server';
import { bootDataOf } from '../../site/page-boot';
import { loadPageData } from './load-page-data';
import { readPagesShown } from '../page-kinds/page-kind';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

function source(warnings: string[]) {
  return {
    db: test.store.db,
    settings: { basePath: '', platformSitesSegment: 'sfsites', siteUrl: null },
    origin: 'http://localhost',
    log: { warn: (message: string) => warnings.push(message) },
  };
}

function withCollectionKey(key: string): PageDefinition {
  return JSON.parse(JSON.stringify(LITERATURE_PAGE).replaceAll(DEMO_IDS.collectionKey, key)) as PageDefinition;
}

describe('loadPageData', () => {
  it('preloads the shown pages and the token Show More fetches next', async () => {
    const site = (await findPrimarySite(test.store.db))!;
    const data = await loadPageData(source([]), LITERATURE_PAGE, site, 'en_US', 2);
    expect(data.collections['literature-grid']).toMatchObject({ pageSize: 7, pageToken: 0, nextPageToken: 2, previousPageToken: null, total: 26 });
    expect(data.collections['literature-grid']?.items).toHaveLength(14);
  });

  it('gives the browser only what the markup does not carry: the grid, its paging, the ids shown and its words', async () => {
    const site = (await findPrimarySite(test.store.db))!;
    const data = await loadPageData(source([]), LITERATURE_PAGE, site, 'en_US', 2);
    const boot = bootDataOf(data);
    expect(Object.keys(boot).sort()).toEqual(['basePath', 'gridText', 'grids', 'language', 'pageName']);
    // The grid's words in the page's language only.
    expect(boot.gridText.item).toBe('Item {position}');
    expect(bootDataOf({ ...data, language: 'de_DE' }).gridText.item).toBe('Eintrag {position}');
    const grid = boot.grids['literature-grid'];
    expect(grid?.grid.settings.pageSize).toBe(7);
    expect(grid?.preload).toEqual({
      pageSize: 7,
      pageToken: 0,
      nextPageToken: 2,
      previousPageToken: null,
      total: 26,
      ids: data.collections['literature-grid']?.items.map((item) => item.id),
    });
    // Neither the cards' data, the rich text nor the head tags: the markup has them.
    expect(JSON.stringify(boot)).not.toContain(data.collections['literature-grid']?.items[0]?.body.title);
  });

  it('renders a page from cards prepared once as from scratch, and uses the prepared markup as it is', async () => {
    const site = (await findPrimarySite(test.store.db))!;
    const loaded = await loadPageData(source([]), LITERATURE_PAGE, site, 'en_US', 1);
    const data = { ...loaded, languages: [], seo: { title: '', description: '', canonical: '/', robots: null, alternates: [], headTags: [], jsonLd: [] } };
    const prepared = renderPreloads(data);
    expect(await renderPageBody(data, prepared)).toBe(await renderPageBody(data));
    const grid = prepared['literature-grid']!;
    const marked = { ...prepared, 'literature-grid': { ...grid, items: grid.items.map((item) => ({ ...item, html: `<p>prepared ${item.id}</p>` })) } };
    const html = await renderPageBody(data, marked);
    expect(html).toContain(`<li class="collection-grid__item"><p>prepared ${data.collections['literature-grid']?.items[0]?.id}</p></li>`);
  });

  it('says so when a search found more sheets than it lists', async () => {
    const site = (await findPrimarySite(test.store.db))!;
    const loaded = await loadPageData(source([]), LITERATURE_PAGE, site, 'en_US', 1);
    const grid = loaded.collections['literature-grid']!;
    const found = { ...grid, total: 1000, search: { query: 'precursor', address: '?q=precursor&', passages: {}, more: true } };
    const data = {
      ...loaded,
      collections: { 'literature-grid': found },
      languages: [],
      seo: { title: '', description: '', canonical: '/', robots: null, alternates: [], headTags: [], jsonLd: [] },
    };
    expect(await renderPageBody(data)).toContain('More than 1,000 sheets match “precursor”; the first 1,000 are listed');
    const exact = { ...data, collections: { 'literature-grid': { ...found, search: { query: 'precursor', address: '?q=precursor&', passages: {} } } } };
    expect(await renderPageBody(exact)).toContain('1,000 sheets match “precursor”');
  });

  it('warns with the spec text and renders the error state when the collection is missing', async () => {
    const site = (await findPrimarySite(test.store.db))!;
    const warnings: string[] = [];
    const missing = 'MC0000000000000000000000000A';
    const loaded = await loadPageData(source(warnings), withCollectionKey(missing), site, 'en_US', 1);
    expect(loaded.collections['literature-grid']).toMatchObject({ items: [], total: 0, nextPageToken: null, failed: true });
    expect(warnings).toEqual([`CmsCollectionDataProvider failed to fetch collection with collectionKeyOrId: ${missing} and SiteId: ${DEMO_IDS.siteId}`]);
    const data = { ...loaded, languages: [], seo: { title: '', description: '', canonical: '/', robots: null, alternates: [], headTags: [], jsonLd: [] } };
    const html = await renderPageBody(data);
    expect(html).toContain('role="alert"');
    expect(html).not.toContain('data-placeholder');
    expect(html).not.toContain('paginator');
    expect(bootDataOf(data).grids['literature-grid']?.preload).toMatchObject({ ids: [], failed: true });
  });
});

describe('readPagesShown', () => {
  it('reads 1–100 and treats anything else as the first page', () => {
    expect(readPagesShown('3')).toBe(3);
    expect(readPagesShown('1000')).toBe(100);
    for (const value of [undefined, '', '0', '-2', 'x', '1.5', ['2', '3']]) expect(readPagesShown(value)).toBe(1);
  });
});
