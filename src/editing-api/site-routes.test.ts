/**
 * The page settings and the collection order in the editing API, on a real store: drafts the
 * public page does not show until they are published; which head tags the site keeps; the store
 * as the pages' source once it has them (PAGES_DIR only seeds an empty one).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { LITERATURE_PAGE } from '../../tests/helpers/pages';
import { listStoredPages, savePage } from '../cms/repositories/pages';
import { DEMO_IDS } from '../demo/seed-demo';
import { seedPagesIfEmpty } from '../server/pages';
import { problemLine } from '../shared/problems';

const PAGE = '/studio/api/pages/literature-sheets';
const collectionUrl = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100`;

let test: TestApp;
let editor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
});
afterAll(async () => {
  await test.close();
});

const home = async () => (await test.app.inject('/')).body;
const publicTitles = async () => ((await test.app.inject(collectionUrl)).json() as { items: Array<{ name: string }> }).items.map((item) => item.name);

describe('page settings', () => {
  it('keeps a new heading and SEO title in the draft until published, then shows them on the next request', async () => {
    expect((await editor.request('GET', '/pages')).json()).toEqual([{ name: 'literature-sheets', path: '/', status: 'published', revision: 0 }]);
    const saved = await editor.request('PUT', '/pages/literature-sheets/settings', {
      revision: 0,
      heading: 'Precursors, reorganised',
      seo: { pageTitle: 'Precursor literature' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'literature-sheets', status: 'changed', heading: 'Precursors, reorganised' });
    expect(await home()).not.toContain('Precursors, reorganised');

    const published = await editor.request('POST', `${PAGE.replace('/studio/api', '')}/publish`, { revision: saved.json().revision });
    expect(published.json()).toMatchObject({ status: 'published' });
    const page = await home();
    expect(page).toContain('Precursors, reorganised');
    expect(page).toContain('<title>Precursor literature</title>');
    const versions = (await editor.request('GET', '/pages/literature-sheets/versions')).json();
    expect(versions.map((version: { event: string }) => version.event)).toEqual(['publish', 'save', 'original']);
  });

  it('switches the grid’s search field (and the topic pages) off and on as a draft, on the site once published', async () => {
    const hasSearchField = async () => (await home()).includes('role="search"');
    const topicStatus = async () => (await test.app.inject('/topics/hafnium')).statusCode;
    const current = (await editor.request('GET', '/pages/literature-sheets')).json();
    expect(current.searchable).toBe(true);

    const off = await editor.request('PUT', '/pages/literature-sheets/settings', { revision: current.revision, searchable: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'changed', searchable: false, heading: current.heading });
    expect(off.json().draft.sections[1].columns[0].components[0].settings).toMatchObject({ searchable: false, pageSize: 7, autoScroll: false });
    expect(await hasSearchField()).toBe(true);
    const offPublished = await editor.request('POST', '/pages/literature-sheets/publish', { revision: off.json().revision });
    expect(await hasSearchField()).toBe(false);
    expect(await topicStatus()).toBe(404);

    const on = await editor.request('PUT', '/pages/literature-sheets/settings', { revision: offPublished.json().revision, searchable: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ status: 'changed', searchable: true });
    const published = await editor.request('POST', '/pages/literature-sheets/publish', { revision: on.json().revision });
    expect(published.json()).toMatchObject({ status: 'published', searchable: true });
    expect(await hasSearchField()).toBe(true);
    expect(await topicStatus()).toBe(200);

    const refused = await editor.request('PUT', '/pages/literature-sheets/settings', { revision: published.json().revision, searchable: 'yes' });
    expect(refused.statusCode).toBe(400);
  });

  it('says which custom head tags the site keeps and which it drops, and why', async () => {
    const current = (await editor.request('GET', '/pages/literature-sheets')).json();
    const saved = await editor.request('PUT', '/pages/literature-sheets/settings', {
      revision: current.revision,
      seo: { customHeadTags: '<meta name="author" content="Applications team"><script>alert(1)</script>' },
    });
    const tags = saved.json().headTags as Array<{ kept: boolean; reason?: string }>;
    expect(tags.filter((tag) => tag.kept)).toHaveLength(1);
    expect(tags.filter((tag) => !tag.kept)).toEqual([expect.objectContaining({ kept: false, reason: expect.any(String) })]);
  });

  it('refuses a page that breaks its rules, with every problem, and keeps the draft as it was', async () => {
    const current = (await editor.request('GET', '/pages/literature-sheets')).json();
    const broken = { ...current.draft, path: '/elsewhere', seo: { ...current.draft.seo, pageTitle: ' ' } };
    const refused = await editor.request('PUT', '/pages/literature-sheets', { revision: current.revision, state: broken });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0].problems.map(problemLine)).toEqual(expect.arrayContaining([expect.stringMatching(/^seo\.pageTitle/)]));
    expect((await editor.request('GET', '/pages/literature-sheets')).json().revision).toBe(current.revision);
  });
});

describe('a page the site could not load', () => {
  it('is refused when saved, so the site stays up', async () => {
    const current = (await editor.request('GET', '/pages/literature-sheets')).json();
    let deep: unknown = 'bottom';
    for (let level = 0; level < 40; level++) deep = [deep];
    const tooDeep = { ...current.draft, seo: { ...current.draft.seo, extra: deep } };
    const tooLong = { ...current.draft, seo: { ...current.draft.seo, extra: 'a'.repeat(100_001) } };
    for (const state of [tooDeep, tooLong]) {
      const refused = await editor.request('PUT', '/pages/literature-sheets', { revision: current.revision, state });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()[0].problems.map(problemLine)[0]).toMatch(/^seo\.extra|^\(page\)/);
    }
    expect((await test.app.inject('/')).statusCode).toBe(200);
  });

  it('keeps an older stylesheet name answering, with the current styles, after the page’s styles change', async () => {
    const href = /href="\/(assets\/pages\/literature-sheets-[0-9a-f]{10}\.css)"/.exec(await home())![1]!;
    const current = (await editor.request('GET', '/pages/literature-sheets')).json();
    const restyled = structuredClone(current.draft);
    restyled.sections[0].columns[0].components[0].settings.fontSize = '40px';
    const saved = await editor.request('PUT', '/pages/literature-sheets', { revision: current.revision, state: restyled });
    expect(saved.statusCode, saved.body).toBe(200);
    await editor.request('POST', '/pages/literature-sheets/publish', { revision: saved.json().revision });
    const newHref = /href="\/(assets\/pages\/literature-sheets-[0-9a-f]{10}\.css)"/.exec(await home())![1]!;
    expect(newHref).not.toBe(href);
    const old = await test.app.inject(`/${href}`);
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('no-cache');
    expect(old.body).toContain('40px');
    expect((await test.app.inject(`/${newHref}`)).headers['cache-control']).toContain('immutable');
  });
});

describe('the collection order', () => {
  it('keeps a new order in the draft until it is published', async () => {
    const before = await publicTitles();
    const order = (await editor.request('GET', `/collections/${DEMO_IDS.collectionId}/order`)).json();
    expect(order.sheets.map((sheet: { title: string }) => sheet.title)).toEqual(before);
    const reversed = { ...order.draft, items: [...order.draft.items].reverse() };
    const saved = await editor.request('PUT', `/collections/${DEMO_IDS.collectionId}/order`, { revision: order.revision, state: reversed });
    expect(saved.json()).toMatchObject({ status: 'changed' });
    expect(await publicTitles()).toEqual(before);

    const published = await editor.request('POST', `/collections/${DEMO_IDS.collectionId}/order/publish`, { revision: saved.json().revision });
    expect(published.json()).toMatchObject({ status: 'published' });
    expect(await publicTitles()).toEqual([...before].reverse());

    // A draft that names a sheet the collection no longer has, and misses one it has since, is
    // published over the sheets it has now; the status then reads "published".
    const now = (await editor.request('GET', `/collections/${DEMO_IDS.collectionId}/order`)).json();
    const [first, second, ...rest] = now.draft.items as string[];
    const odd = { ...now.draft, items: ['20Y000000000000ZZZ', second, first, ...rest.slice(0, -1)] };
    const oddSaved = await editor.request('PUT', `/collections/${DEMO_IDS.collectionId}/order`, { revision: now.revision, state: odd });
    const oddPublished = await editor.request('POST', `/collections/${DEMO_IDS.collectionId}/order/publish`, { revision: oddSaved.json().revision });
    expect(oddPublished.json()).toMatchObject({ status: 'published' });
    expect(oddPublished.json().draft.items).toEqual([second, first, ...rest]);
  });
});

describe('where pages come from', () => {
  it('takes PAGES_DIR only into a store without pages', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'literature-pages-'));
    try {
      writeFileSync(join(folder, 'other.json'), JSON.stringify({ ...LITERATURE_PAGE, name: 'other', path: '/other' }));
      expect(await seedPagesIfEmpty(test.store.db, folder)).toBe(0);
      expect((await listStoredPages(test.store.db)).map((page) => page.name)).toEqual(['literature-sheets']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a page broken in the store by hand', () => {
  it('is left out and logged; the site does not fail with it', async () => {
    const [page] = await listStoredPages(test.store.db);
    try {
      await savePage(test.store.db, { ...page!, definition: JSON.stringify({ ...JSON.parse(page!.definition), sections: 'not a list' }) });
      expect((await test.app.inject('/')).statusCode).toBe(404);
      expect((await test.app.inject(collectionUrl)).statusCode).toBe(200);
    } finally {
      await savePage(test.store.db, page!);
    }
    expect((await test.app.inject('/')).statusCode).toBe(200);
  });
});
