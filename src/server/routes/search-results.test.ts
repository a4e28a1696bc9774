/**
 * The literature page's search without JavaScript: results at ?q=, in the page's language, paged
 * by links that keep the query, kept out of the caches and out of search engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEMO_CATALOGUE } from '../../demo/catalogue';

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);
const cardTitles = (html: string) => all(html, /<a class="card__link" href="[^"]*">([^<]*)<\/a>/g);

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const get = (url: string) => test.app.inject({ method: 'GET', url });

describe('search results at ?q=', () => {
  it('shows the search field on the page, empty, and the collection below it', async () => {
    const html = (await get('/')).body;
    expect(html).toContain('<label for="literature-grid-q">Search the sheets</label>');
    expect(html).toMatch(/<input id="literature-grid-q" type="search"[^>]* name="q" value=""\/>/);
    // The status line is there, empty, for what a search as-you-type will say.
    expect(html).toContain('<p class="collection-search__status" role="status"></p>');
    expect(cardTitles(html)).toHaveLength(7);
  });

  it('shows the sheets that match, with the query in the field, the count, the passage marked, and noindex', async () => {
    const response = await get('/?q=dimeric');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const html = response.body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toMatch(/name="q" value="dimeric"/);
    expect(html).toContain('1 sheet matches “dimeric”');
    expect(cardTitles(html)).toEqual(['Trimethylaluminum (TMA)']);
    expect(html).toMatch(/<p class="card__passage">[^<]*<mark>dimeric<\/mark>/);
    // The one canonical is the page's own, without the query.
    expect(all(html, /<link rel="canonical" href="([^"]*)">/g)).toEqual(['http://localhost:80/']);
  });

  it('escapes the query wherever it is shown', async () => {
    const html = (await get(`/?q=${encodeURIComponent('<script>alert(1)</script> "x')}`)).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('No sheet matches “&lt;script&gt;alert(1)&lt;/script&gt; &quot;x”.');
  });

  it('says so when nothing matches, instead of the empty collection’s message', async () => {
    const html = (await get('/?q=quokka')).body;
    expect(html).toContain('No sheet matches “quokka”.');
    // Only in the page's data (the grid's settings), not on the page.
    expect(html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '')).not.toContain('There are no literature sheets to show yet.');
    expect(cardTitles(html)).toEqual([]);
  });

  it('pages through many results by links that keep the query', async () => {
    const first = (await get('/?q=precursor')).body;
    const total = Number(/(\d+) sheets match/.exec(first)?.[1]);
    expect(total).toBeGreaterThan(7);
    expect(cardTitles(first)).toHaveLength(7);
    expect(first).toContain('href="/?q=precursor&amp;page=2#item-8"');
    const second = (await get('/?q=precursor&page=2')).body;
    expect(cardTitles(second)).toHaveLength(Math.min(14, total));
    expect(cardTitles(second).slice(0, 7)).toEqual(cardTitles(first));
  });

  it('searches in the page’s language, and says so in it', async () => {
    const html = (await get('/de-DE/?q=Legierung')).body;
    expect(html).toMatch(/\d+ Datenbl(att passt|ätter passen) zu „Legierung“/);
    expect(cardTitles(html)).toContain('Trimethylgallium (TMGa)');
  });

  it('keeps results out of the caches, so they never push a page out', async () => {
    await get('/');
    const before = test.app.frontCache.size.entries;
    for (const query of ['a', 'b', 'c', 'precursor', 'silane']) await get(`/?q=${query}`);
    expect(test.app.frontCache.size.entries).toBe(before);
  });

  it('shows the collection for an empty query', async () => {
    const html = (await get('/?q=%20%20')).body;
    expect(cardTitles(html)).toEqual(DEMO_CATALOGUE.slice(0, 7).map((entry) => entry.title.replace('&', '&amp;')));
  });
});
