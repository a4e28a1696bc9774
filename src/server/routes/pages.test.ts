import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEMO_CATALOGUE } from '../../demo/catalogue';
import { renderIllustration } from '../../demo/illustrations';
import { DEMO_IDS } from '../../demo/seed-demo';
import { saveFileAsset } from '../../cms/repositories/files';
import { LITERATURE_PAGE } from '../../../tests/helpers/pages';
import { type PageBoot } from '../../site/page-data';
import { gridsOf } from '../../page-model/page-definition';

/** Text of every match of a pattern's first group. */
const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);
/** The rendered page without the page-data JSON (which carries the definition's settings too). */
const rendered = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');
const cardTitles = (html: string) => all(html, /<h1 class="card__title heading-large"><a class="card__link" href="[^"]*">([^<]*)<\/a><\/h1>/g);

it('the page definition shows the collection the demo seeds', () => {
  expect(gridsOf(LITERATURE_PAGE)[0]?.input).toEqual({ channelOrSiteId: DEMO_IDS.siteId, collectionKeyOrId: DEMO_IDS.collectionKey });
});

describe('the literature page without JavaScript', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('is served at / with the title, the heading and the first 7 cards', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(all(html, /<title>([^<]*)<\/title>/g)).toEqual(['Literature Sheets - CVD, ALD Precursors']);
    expect(html).toContain('<h2 class="rich-text-heading pc-page-heading is-bold">Literature Sheets - CVD, ALD Precursors and Equipment</h2>');
    expect(html).toMatch(/<html lang="en-US">/);
    expect(cardTitles(html)).toEqual(DEMO_CATALOGUE.slice(0, 7).map((entry) => entry.title.replace('&', '&amp;')));
    expect(all(html, /<img class="card__image" src="([^"]*)"/g)).toHaveLength(7);
    expect(all(html, /<img class="card__image" src="[^"]*"[^>]* alt="([^"]*)"/g)).toEqual(DEMO_CATALOGUE.slice(0, 7).map((entry) => entry.altText));
    // The demo's images are photos as an editor uploads them: each has sources from the resizer.
    const srcSets = all(html, /<img class="card__image" src="[^"]*" srcSet="([^"]*)"/g);
    expect(srcSets).toHaveLength(7);
    expect(srcSets.every((srcSet) => srcSet?.startsWith('/cdn-cgi/image/format=auto,'))).toBe(true);
    const readMore = all(html, /<a class="button button--primary" href="([^"]*)">Read More/g);
    expect(readMore).toEqual(DEMO_CATALOGUE.slice(0, 7).map((entry) => `/sfsites/c/file-asset/literature-sheet-${entry.slug}?v=1`));
    expect(html).toMatch(/<a class="button button--secondary" href="\?page=2#item-8">Show More<\/a>/);
    expect(rendered(html)).not.toContain('Contact Us');
  });

  it('labels each card as a focusable group by its position', async () => {
    const html = (await test.app.inject({ method: 'GET', url: '/' })).body;
    expect(all(html, /role="group" aria-label="([^"]*)" tabindex="-1" id="item-\d+"/g)).toEqual(['1', '2', '3', '4', '5', '6', '7'].map((n) => `Item ${n}`));
  });

  it('shows one more page of items per Show More link, then no link', async () => {
    const pages = Math.ceil(DEMO_CATALOGUE.length / 7);
    for (let page = 2; page <= pages; page++) {
      const html = (await test.app.inject({ method: 'GET', url: `/?page=${page}` })).body;
      expect(cardTitles(html)).toHaveLength(Math.min(page * 7, DEMO_CATALOGUE.length));
      if (page < pages) expect(html).toContain(`href="?page=${page + 1}#item-${page * 7 + 1}"`);
      else expect(rendered(html)).not.toContain('Show More');
    }
  });

  it('treats a bad page parameter as the first page', async () => {
    for (const value of ['abc', '-1', '0', '1.5', '99999999']) {
      const response = await test.app.inject({ method: 'GET', url: `/?page=${value}` });
      expect(response.statusCode).toBe(200);
    }
    expect(cardTitles((await test.app.inject({ method: 'GET', url: '/?page=abc' })).body)).toHaveLength(7);
  });

  it('hands the browser its data once, as non-executable JSON, without what the markup carries', async () => {
    const html = (await test.app.inject({ method: 'GET', url: '/' })).body;
    const scripts = all(html, /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/g);
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0]!) as PageBoot;
    expect(data.grids['literature-grid']?.preload?.ids).toHaveLength(7);
    expect(data.grids['literature-grid']?.preload?.nextPageToken).toBe(1);
    // The cards' words are in the markup only.
    const title = DEMO_CATALOGUE[0]!.title;
    expect(html).toContain(title);
    expect(scripts[0]).not.toContain(title);
  });

  it('answers with an ETag and 304 on a matching If-None-Match', async () => {
    const first = await test.app.inject({ method: 'GET', url: '/' });
    const second = await test.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': first.headers.etag as string } });
    expect(second.statusCode).toBe(304);
  });

  it('sends security headers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses addresses holding NUL before they reach the store', async () => {
    for (const url of ['/%00', '/?page=%00', '/sfsites/c/file-asset/a%00b', '/login?returnTo=%00']) {
      expect((await test.app.inject(url)).statusCode, url).toBe(400);
    }
  });

  it('answers unknown pages with an HTML 404', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('CMS files', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('serves every literature sheet as a PDF', async () => {
    for (const entry of DEMO_CATALOGUE) {
      const response = await test.app.inject({ method: 'GET', url: `/sfsites/c/file-asset/literature-sheet-${entry.slug}?v=1` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      // The newest version, kept a day (a version may be withdrawn once superseded: docs/decisions/003).
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('sandboxes every document but a PDF opened on its own, whatever it was stored as', async () => {
    const pdf = await test.app.inject({ method: 'GET', url: '/sfsites/c/file-asset/literature-sheet-teos?v=1' });
    expect(pdf.headers['content-security-policy']).not.toContain('sandbox');
    await saveFileAsset(test.store.db, {
      assetId: 'stored-as-html',
      version: 1,
      fileName: 'page.html',
      mimeType: 'text/html',
      bytes: Buffer.from('<script>alert(1)</script>'),
      createdAt: new Date().toISOString(),
    });
    const html = await test.app.inject({ method: 'GET', url: '/sfsites/c/file-asset/stored-as-html?v=1' });
    expect(html.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox");
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the latest version without v, revalidated', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/sfsites/c/file-asset/literature-sheet-teos' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=0, stale-while-revalidate=0, stale-if-error=86400');
  });

  it('answers 404 for unknown assets and versions', async () => {
    for (const url of [
      '/sfsites/c/file-asset/nope?v=1',
      '/sfsites/c/file-asset/literature-sheet-teos?v=2',
      '/sfsites/c/file-asset/literature-sheet-teos?v=x',
    ]) {
      expect((await test.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('serves images immutable when the version matches, and an SVG one sandboxed', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/' });
    const src = /<img class="card__image" src="([^"]*)"/.exec(page.body)?.[1] ?? '';
    const response = await test.app.inject({ method: 'GET', url: src.replace(/&amp;/g, '&') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // An SVG (an import may bring one) could carry script: it is served under a policy that runs none.
    const key = DEMO_IDS.imageKey('capacitance-manometer');
    const drawing = renderIllustration(DEMO_CATALOGUE.find((entry) => entry.slug === 'capacitance-manometer')!);
    await sql`UPDATE media SET bytes = ${Buffer.from(drawing)}, mime_type = 'image/svg+xml' WHERE content_id IN (SELECT id FROM contents WHERE content_key = ${key})`.execute(
      test.store.db,
    );
    const svg = await test.app.inject({ method: 'GET', url: `/sfsites/c/cms/delivery/media/${key}` });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-security-policy']).toContain('sandbox');
    expect(svg.body).toContain('<svg');
    expect(svg.body).not.toMatch(/<script|on\w+=/i);
  });
});

describe('BASE_PATH', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({ env: { BASE_PATH: '/literature' } });
  });
  afterAll(async () => {
    await test.close();
  });

  it('serves the page under the base path and prefixes its links', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/literature/' });
    expect(response.statusCode).toBe(200);
    expect(all(response.body, /<a class="button button--primary" href="([^"]*)"/g)[0]).toBe(
      '/literature/sfsites/c/file-asset/literature-sheet-trimethylaluminum?v=1',
    );
    expect(all(response.body, /<img class="card__image" src="([^"]*)"/g)[0]).toMatch(/^\/literature\/sfsites\/c\/cms\/delivery\/media\//);
  });

  it('redirects the bare base path and the root to the page', async () => {
    const bare = await test.app.inject({ method: 'GET', url: '/literature?page=2' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/literature/?page=2');
    const root = await test.app.inject({ method: 'GET', url: '/' });
    expect(root.headers.location).toBe('/literature/');
  });

  it('serves the API and files under the base path only', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/literature/sfsites/c/file-asset/literature-sheet-teos?v=1' });
    expect(page.statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/sfsites/c/file-asset/literature-sheet-teos?v=1' })).statusCode).toBe(404);
    const data = await test.app.inject({ method: 'GET', url: '/literature/services/data/v65.0/nothing' });
    expect(data.statusCode).toBe(404);
    expect(data.json()).toEqual([{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
  });
});

describe('an empty store', () => {
  it('answers 503 with a hint instead of crashing', async () => {
    const test = await createTestApp({ seed: false });
    try {
      const response = await test.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('npm run cli -- seed');
    } finally {
      await test.close();
    }
  });
});
