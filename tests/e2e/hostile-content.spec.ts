/**
 * Content cannot reach another host or break the page (docs/seo.md, "Custom head tags";
 * docs/content-format.md, "Limits"): rows written straight into the store, around every input's
 * checks, with head tags of every relation that makes a browser fetch, off-site images and
 * links, and a lone surrogate in a title. Rendered in Chromium with the Content-Security-Policy
 * bypassed (so only our filtering stands in the way), with JavaScript on and off.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';

const EVIL = 'https://evil.example';
const FETCHING_RELATIONS = [
  'icon',
  'shortcut icon',
  'apple-touch-icon',
  'dictionary',
  'compression-dictionary',
  'search',
  'pingback',
  'preload',
  'prefetch',
  'modulepreload',
  'preconnect',
  'dns-prefetch',
  'stylesheet',
  'manifest',
  'prerender',
  'next',
];
const HEAD_TAGS = [
  ...FETCHING_RELATIONS.map((relation) => `<link rel="${relation}" href="${EVIL}/${relation.replace(' ', '-')}" as="image">`),
  `<link rel="canonical" href="${EVIL}/canonical">`,
  `<link rel="alternate" hreflang="de" href="${EVIL}/de">`,
  '<meta name="referrer" content="unsafe-url">',
  `<meta http-equiv="refresh" content="0; url=${EVIL}/">`,
  `<meta property="og:image" content="${EVIL}/og.png">`,
  '<meta name="keywords" content="kept">',
].join('');

const RECORD_PAGE = {
  name: 'record',
  path: '/record/:recordId',
  seo: { pageTitle: '{!Record._Title}', description: '', customHeadTags: '{!Record.Body.sfdc_cms:seoProperties.headTags}' },
  sections: [
    {
      id: 'body',
      columns: [{ name: 'Column 1', width: 12, components: [{ type: 'richTextHeading', id: 'heading', settings: { tag: 'h1', text: 'Record' } }] }],
    },
  ],
};

let server: OwnServer;
test.describe.configure({ mode: 'serial' });
test.use({ bypassCSP: true });

test.beforeAll(async () => {
  server = await startOwnServer({
    pages: { 'record.json': RECORD_PAGE },
    prepare(db) {
      const site = db.prepare('SELECT id FROM sites ORDER BY id LIMIT 1').get() as { id: string };
      db.prepare(
        'INSERT INTO seo_records (site_id, record_id, url_alias, record_name, object_name, fields, href_lang_urls, canonical_url, is_seo_indexed) VALUES (?, ?, NULL, ?, ?, ?, ?, ?, 1)',
      ).run(
        site.id,
        'hostile-head',
        'Hostile head',
        'Literature Sheet',
        JSON.stringify({ 'Body.sfdc_cms:seoProperties.headTags': HEAD_TAGS }),
        JSON.stringify({ en_US: '#top', de_DE: `${EVIL}/de` }),
        '#canonical',
      );
      // The first sheet: a lone surrogate in its title (as a JSON escape), an off-site image and link.
      const first = db.prepare('SELECT content_id FROM collection_items ORDER BY collection_id, position LIMIT 1').get() as { content_id: string };
      db.prepare("UPDATE content_translations SET title = ?, body = ? WHERE content_id = ? AND language = 'en_US'").run(
        'Lone surrogate',
        `{"Title":"Lone \\ud800 surrogate","description":"Image from elsewhere","url":"${EVIL}/sheet.pdf","image":{"url":"${EVIL}/image.png","altText":"x"}}`,
        first.content_id,
      );
      // The second: a field nested 10,000 deep, in every language.
      const second = db.prepare('SELECT content_id FROM collection_items ORDER BY collection_id, position LIMIT 1 OFFSET 1').get() as { content_id: string };
      db.prepare('UPDATE content_translations SET body = ? WHERE content_id = ?').run(
        `{"Title":"Deep sheet","extra":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
        second.content_id,
      );
    },
  });
});
test.afterAll(() => server?.stop());

/** Requests the page makes to any host but its own. */
function watchOffSite(page: Page): string[] {
  const offSite: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.origin) && !/^(data|blob|about):/.test(request.url())) offSite.push(request.url());
  });
  return offSite;
}

/** What in <head> could make the browser fetch or change its behaviour. */
async function fetchingHeadTags(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const safe = new Set(['canonical', 'alternate', 'author', 'help', 'license', 'me', 'privacy-policy', 'terms-of-service']);
    const found: string[] = [];
    for (const link of document.head.querySelectorAll('link')) {
      const fetching = [...link.relList].some((relation) => !safe.has(relation.toLowerCase()));
      if (fetching && new URL(link.href, location.href).origin !== location.origin) found.push(link.outerHTML);
    }
    for (const meta of document.head.querySelectorAll('meta[http-equiv], meta[name="referrer" i]')) found.push(meta.outerHTML);
    return found;
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('a record’s head tags reach no other host and add no second canonical or hreflang link', async ({ page }) => {
      const offSite = watchOffSite(page);
      await page.goto(`${server.origin}/record/hostile-head`);
      if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      await page.waitForLoadState('networkidle');
      expect(offSite).toEqual([]);
      expect(await fetchingHeadTags(page)).toEqual([]);
      await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${server.origin}/record/hostile-head`);
      await expect(page.locator('head link[rel="alternate"][hreflang]')).toHaveCount(4);
      for (const href of await page.locator('head link[hreflang]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))
        expect(href).toMatch(/^(https?:\/\/[^#]+)$/);
      await expect(page.locator('head meta[name="keywords"]')).toHaveAttribute('content', 'kept');
    });

    test('a sheet with an off-site image and a lone surrogate in its title: no request elsewhere, no hydration error', async ({ page }) => {
      const offSite = watchOffSite(page);
      await page.goto(server.origin);
      if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      await page.waitForLoadState('networkidle');
      expect(offSite).toEqual([]);
      await expect(page.locator('.card__title').first()).toHaveText('Lone \ufffd surrogate');
      await expect(page.locator('.card').first().locator('img')).toHaveCount(0);
    });

    test('a sheet nested 10,000 deep is left out, and Show More still reaches every other sheet', async ({ page }) => {
      await page.goto(server.origin);
      if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      const cards = page.locator('.collection-grid [role="group"]');
      // A button with script, a link to the next page without.
      const showMore = page.getByRole(javaScriptEnabled ? 'button' : 'link', { name: 'Show More' });
      await expect(cards).toHaveCount(6);
      for (let shown = 6; shown < 25; shown += 7) {
        await showMore.click();
        await expect(cards).toHaveCount(Math.min(25, shown + 7));
      }
      await expect(showMore).toHaveCount(0);
      await expect(page.getByText('Deep sheet')).toHaveCount(0);
    });
  });
}
