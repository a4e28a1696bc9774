import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import robotsParser from 'robots-parser';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { changeSeoRecord } from '../../../tests/helpers/test-content';

const ORIGIN = 'https://lit.example.com';
const LANGUAGES: Array<[string, string, string]> = [
  ['/', 'en-US', 'Literature Sheets - CVD, ALD Precursors'],
  ['/de-DE/', 'de-DE', 'Datenblätter - CVD-, ALD-Präkursoren'],
  ['/fr-FR/', 'fr-FR', 'Fiches techniques - Précurseurs CVD, ALD'],
];

/** The <head> of a document, and everything outside it. */
function split(html: string): { head: string; rest: string } {
  const start = html.indexOf('<head>');
  const end = html.indexOf('</head>');
  return { head: html.slice(start, end), rest: html.slice(0, start) + html.slice(end) };
}
const count = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;
const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`).sort();

let directory: string;
let test: TestApp;
beforeAll(async () => {
  // The shipped pages plus one with a record parameter, to see record data at work.
  directory = mkdtempSync(join(tmpdir(), 'literature-seo-'));
  cpSync('pages', directory, { recursive: true });
  writeFileSync(
    join(directory, 'sheet.json'),
    JSON.stringify({
      name: 'sheet',
      path: '/sheet/:recordId',
      seo: {
        pageTitle: '{!Record._Title} ({!Record._Object}) | Literature Sheets',
        description: 'CAS {!Record.CASNumber}: {!Record.Description}{!Record.Missing}',
        customHeadTags: '<meta property="og:title" content="{!Record.Title}"><meta http-equiv="refresh" content="0;url=https://evil.example">',
      },
      sections: [
        {
          id: 'body',
          columns: [{ name: 'Column 1', width: 12, components: [{ type: 'richTextHeading', id: 'heading', settings: { tag: 'h1', text: 'Sheet' } }] }],
        },
      ],
    }),
  );
  test = await createTestApp({ env: { SITE_URL: ORIGIN, PAGES_DIR: directory } });
  await changeSeoRecord(test.store, 'silane', {
    isSeoIndexed: false,
    canonicalUrl: '/sheet/silane-canonical',
    fields: { Title: 'Silane "SiH4"', Description: "It's a gas", CASNumber: '7803-62-5' },
  });
});
afterAll(async () => {
  await test.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('head tags in the server’s HTML, JavaScript off (spec §2.4)', () => {
  it.each(LANGUAGES)('%s has exactly one title, description and canonical, all in <head>', async (path, lang, title) => {
    const response = await test.app.inject(path);
    expect(response.statusCode).toBe(200);
    const { head, rest } = split(response.body);
    expect(response.body).toContain(`<html lang="${lang}">`);
    expect(count(head, /<title>/g)).toBe(1);
    expect(head).toContain(`<title>${title}</title>`);
    expect(count(head, /<meta name="description"/g)).toBe(1);
    expect(count(head, /<link rel="canonical"/g)).toBe(1);
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}${path}">`);
    // Nothing the assistant owns appears outside <head>.
    expect(count(rest, /<title>|rel="canonical"|rel="alternate"|name="description"|name="robots"|application\/ld\+json"/g)).toBe(0);
    // Indexed: no robots tag.
    expect(count(head, /name="robots"/g)).toBe(0);
  });

  it('falls back to the collection’s description in each language (the page’s own is empty)', async () => {
    expect(split((await test.app.inject('/')).body).head).toContain(
      '<meta name="description" content="Demo data: literature sheets for CVD and ALD precursors and equipment',
    );
    expect(split((await test.app.inject('/de-DE/')).body).head).toContain('<meta name="description" content="Demodaten: Datenblätter');
  });

  it.each(LANGUAGES)('%s has the same hreflang set, with x-default, as the sitemap', async (path) => {
    const head = split((await test.app.inject(path)).body).head;
    const sitemap = (await test.app.inject('/sitemap.xml')).body;
    const entry = sitemap.split('<url>').find((block) => block.includes(`<loc>${ORIGIN}${path}</loc>`)) ?? '';
    const fromSitemap = [...entry.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`).sort();
    expect(alternates(head)).toEqual(fromSitemap);
    expect(alternates(head)).toEqual([`de-DE ${ORIGIN}/de-DE/`, `en-US ${ORIGIN}/`, `fr-FR ${ORIGIN}/fr-FR/`, `x-default ${ORIGIN}/`].sort());
  });

  it('describes the page and its sheets as structured data', async () => {
    const head = split((await test.app.inject('/')).body).head;
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? '';
    const data = JSON.parse(json) as {
      '@type': string;
      mainEntity: { numberOfItems: number; itemListElement: Array<{ item: { url: string; encodingFormat: string } }> };
    };
    expect(data['@type']).toBe('CollectionPage');
    expect(data.mainEntity.numberOfItems).toBe(26);
    expect(data.mainEntity.itemListElement).toHaveLength(7);
    expect(data.mainEntity.itemListElement[0]?.item).toMatchObject({
      url: `${ORIGIN}/sfsites/c/file-asset/literature-sheet-trimethylaluminum?v=1`,
      encodingFormat: 'application/pdf',
    });
  });

  it('says what a shared link to the page or a topic page shows, from the same data as the head', async () => {
    for (const [path, title] of [
      ['/', 'Literature Sheets - CVD, ALD Precursors'],
      ['/topics/ald', 'ALD – Literature Sheets - CVD, ALD Precursors'],
    ] as const) {
      const head = split((await test.app.inject(path)).body).head;
      const property = (name: string) => [...head.matchAll(new RegExp(`<meta property="${name}" content="([^"]*)">`, 'g'))].map((m) => m[1]);
      expect(property('og:type'), path).toEqual(['website']);
      expect(property('og:title'), path).toEqual([title]);
      expect(property('og:url'), path).toEqual([`${ORIGIN}${path}`]);
      expect(property('og:description'), path).toEqual([/<meta name="description" content="([^"]*)">/.exec(head)?.[1]]);
      expect(property('og:locale'), path).toEqual(['en_US']);
      // The first card's image, padded for sharing.
      expect(property('og:image')[0], path).toMatch(new RegExp(`^${ORIGIN}/cdn-cgi/image/format=jpeg,fit=pad,width=1200,height=630/`));
      expect(head, path).toContain(`<meta name="twitter:title" content="${title}">`);
    }
  });

  it('keeps the canonical of ?page=N at the page itself', async () => {
    expect(split((await test.app.inject('/?page=3')).body).head).toContain(`<link rel="canonical" href="${ORIGIN}/">`);
  });

  it('offers the other languages in a language menu', async () => {
    const body = (await test.app.inject('/fr-FR/')).body;
    expect(body).toContain('<nav class="language-menu" aria-label="Langue">');
    expect(body).toMatch(/<a href="\/de-DE\/" hrefLang="de-DE" lang="de-DE">Deutsch \(Deutschland\)<\/a>/);
    expect(body).toMatch(/<a href="\/fr-FR\/" hrefLang="fr-FR" lang="fr-FR" aria-current="page">Français \(France\)<\/a>/);
  });

  it('answers unknown languages with 404 and sends a bare language path to its page', async () => {
    expect((await test.app.inject('/xx-XX/')).statusCode).toBe(404);
    expect((await test.app.inject('/en-US/')).statusCode).toBe(404);
    const redirect = await test.app.inject('/de-DE');
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/de-DE/');
  });
});

describe('record data (spec §3.5, §5.4)', () => {
  it('fills templates from the record found by URL alias or id, and sets robots when not indexed', async () => {
    const response = await test.app.inject('/sheet/silane');
    expect(response.statusCode).toBe(200);
    const { head } = split(response.body);
    expect(head).toContain('<title>Silane (SiH₄) (Literature Sheet) | Literature Sheets</title>');
    expect(head).toContain(`<meta name="description" content="CAS 7803-62-5: It&#39;s a gas">`);
    expect(count(head, /<meta name="robots" content="noindex,nofollow">/g)).toBe(1);
    expect(head).toContain(`<link rel="canonical" href="${ORIGIN}/sheet/silane-canonical">`);
    expect(head).toContain('<meta property="og:title" content="Silane &quot;SiH4&quot;">');
    expect(head).not.toContain('http-equiv');

    const byId = await test.app.inject(`/sheet/${(await changeSeoRecord(test.store, 'teos', {})).recordId}`);
    expect(split(byId.body).head).toContain('<title>Tetraethyl orthosilicate (TEOS) (Literature Sheet) | Literature Sheets</title>');
    expect(count(split(byId.body).head, /name="robots"/g)).toBe(0);
  });

  it('answers 404 for a record that does not exist, and leaves record pages out of the sitemap', async () => {
    expect((await test.app.inject('/sheet/no-such-record')).statusCode).toBe(404);
    expect((await test.app.inject('/sitemap.xml')).body).not.toContain('/sheet/');
  });
});

describe('robots.txt', () => {
  it('points at the sitemap and keeps crawlers out of the API and the resizer, but for the images shared links show', async () => {
    const body = (await test.app.inject('/robots.txt')).body;
    const rules = robotsParser(`${ORIGIN}/robots.txt`, body);
    expect(rules.getSitemaps()).toEqual([`${ORIGIN}/sitemap.xml`]);
    const head = split((await test.app.inject('/sheets/trimethylaluminum')).body).head;
    const shared = /<meta property="og:image" content="([^"]*)">/.exec(head)?.[1] ?? '';
    const twitter = /<meta name="twitter:image" content="([^"]*)">/.exec(head)?.[1] ?? '';
    expect(shared).toContain('/cdn-cgi/image/');
    expect(twitter).toBe(shared);
    // X's crawler obeys robots.txt: a disallowed image is a link without a preview.
    for (const agent of ['Twitterbot', 'facebookexternalhit', 'LinkedInBot', 'Googlebot'])
      expect(rules.isAllowed(shared.replace(/&amp;/g, '&'), agent), agent).toBe(true);
    expect(rules.isAllowed(`${ORIGIN}/`, 'Googlebot')).toBe(true);
    expect(rules.isAllowed(`${ORIGIN}/services/data/v65.0/connect/sites`, 'Googlebot')).toBe(false);
    expect(rules.isAllowed(`${ORIGIN}/cdn-cgi/image/format=auto,width=640/sfsites/c/cms/delivery/media/x`, 'Googlebot')).toBe(false);
  });

  it('shows a shared link the whole image, padded with white to 1200×630 rather than cropped', async () => {
    const head = split((await test.app.inject('/sheets/trimethylaluminum')).body).head;
    const shared = new URL((/<meta property="og:image" content="([^"]*)">/.exec(head)?.[1] ?? '').replace(/&amp;/g, '&'));
    const response = await test.app.inject(shared.pathname + shared.search);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const image = sharp(response.rawPayload);
    expect(await image.metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The demo's pictures are not 1.91:1: the whole picture is in, and the sides are the padding's white.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    for (const [x, y] of [
      [2, 315],
      [1197, 315],
    ] as const)
      for (const channel of pixel(x, y)) expect(channel, `(${x}, ${y})`).toBeGreaterThan(245);
  });
});
