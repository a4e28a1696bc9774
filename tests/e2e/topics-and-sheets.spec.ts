/**
 * Topics and each sheet's own page as visitors and search engines find them, with and without
 * JavaScript: a topic page from the Topics menu, a query within a topic, a sheet's page with its
 * canonical, hreflang (the same as the sitemap's) and DigitalDocument structured data; axe on each.
 */
import { axe } from './axe';
import { cards, cardTitles, expect, test } from './fixtures';

const HAFNIUM = ['Tetrakis(ethylmethylamido)hafnium (TEMAH)', 'Tetrakis(dimethylamido)hafnium (TDMAH)'];

for (const javaScriptEnabled of [false, true]) {
  test.describe(`topics ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('the Topics menu leads to a topic’s page, where a query searches within the topic', async ({ page }) => {
      await page.goto('/');
      const topics = page.getByRole('navigation', { name: 'Topics' });
      await topics.getByText('Topics').click();
      await topics.getByRole('link', { name: 'Hafnium' }).click();
      await expect(page).toHaveURL(/\/topics\/hafnium$/);
      await expect(page.getByRole('status')).toHaveText(/2 sheets about Hafnium/);
      expect(await cardTitles(page)).toEqual(HAFNIUM);
      await expect(page).toHaveTitle(/^Hafnium – /);

      const field = page.getByRole('searchbox', { name: 'Search the sheets: Hafnium' });
      await field.fill('TDMAH');
      await field.press('Enter');
      await expect(page).toHaveURL(/\/topics\/hafnium\?q=TDMAH$/);
      await expect(page.getByRole('status')).toHaveText(/1 sheet matches “TDMAH”/);
      expect(await cardTitles(page)).toEqual([HAFNIUM[1]]);
      // The combination is for visitors, not for search engines: the topic page is its canonical.
      const served = await page.request.get(page.url());
      expect(served.headers()['x-robots-tag']).toBe('noindex');
      const html = await served.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toMatch(/<link rel="canonical" href="[^"]*\/topics\/hafnium">/);

      // A word of sheets outside the topic finds none of them here.
      await page.goto('/topics/hafnium?q=dimeric');
      await expect(page.getByRole('status')).toHaveText(/No sheet matches “dimeric”/);
      await expect(cards(page)).toHaveCount(0);
    });

    test('a sheet’s page shows its document with size and language, its topics and related sheets', async ({ page }) => {
      await page.goto('/de-DE/sheets/temah');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HAFNIUM[0]!);
      const pdf = page.getByRole('link', { name: 'Datenblatt (PDF)' });
      await expect(pdf).toHaveAttribute('href', /\/c\/file-asset\//);
      await expect(page.getByText(/^PDF, \d+ kB, Englisch, Version 1 vom \d{1,2}\. \S+ \d{4}$/)).toBeVisible();
      await page.getByRole('list', { name: 'Themen' }).getByRole('link', { name: 'Hafnium' }).click();
      await expect(page).toHaveURL(/\/de-DE\/topics\/hafnium$/);
      await page.goBack();
      await page.getByRole('region', { name: 'Verwandte Datenblätter' }).getByRole('link').first().click();
      await expect(page).toHaveURL(/\/de-DE\/sheets\/tdmah$/);
    });
  });
}

test.describe('a topic page on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('keeps the header to one line beside the longest language name, and its first card starts in the first screen', async ({ page }) => {
    await page.goto('/fr-FR/topics/hafnium');
    for (const summary of await page.locator('header summary').all()) expect((await summary.boundingBox())?.height).toBeLessThanOrEqual(48);
    await expect(page.getByRole('heading', { name: 'Hafnium', level: 2 })).toBeVisible();
    expect((await cards(page).first().boundingBox())?.y).toBeLessThan(667);
  });
});

test('a sheet’s page has one canonical, the sitemap’s hreflang in its head, and valid DigitalDocument JSON-LD', async ({ page, request }) => {
  await page.goto('/fr-FR/sheets/trimethylaluminum');
  const canonical = page.locator('link[rel="canonical"]');
  await expect(canonical).toHaveCount(1);
  const own = await canonical.getAttribute('href');
  expect(own).toMatch(/\/fr-FR\/sheets\/trimethylaluminum$/);
  const head = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`));
  expect(head).toHaveLength(4);

  const sitemap = await (await request.get('/sitemap.xml')).text();
  const entry = sitemap.split('<url>').find((block) => block.includes(`<loc>${own}</loc>`));
  expect(entry, 'the sheet is in the sitemap').toBeDefined();
  const listed = [...(entry ?? '').matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((match) => `${match[1]} ${match[2]}`);
  expect(listed).toEqual(head);

  const data = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(data).toHaveLength(1);
  const document = JSON.parse(data[0]!) as Record<string, unknown>;
  expect(document).toMatchObject({ '@context': 'https://schema.org', '@type': 'DigitalDocument', encodingFormat: 'application/pdf', inLanguage: 'en-US' });
  for (const field of ['name', 'description', 'url']) expect(typeof document[field], field).toBe('string');
  // The url is the document itself, and it is there.
  const pdf = await request.get(String(document.url));
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});

test('axe finds no violations on a topic page (menu open), a search within it and a sheet’s page, at phone and desktop widths', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/topics/ald', '/de-DE/topics/precursor?q=hafnium', '/sheets/teos', '/fr-FR/sheets/gas-cabinet']) {
      await page.goto(path);
      if (path === '/topics/ald') await page.getByRole('navigation', { name: 'Topics' }).getByText('Topics', { exact: true }).click();
      await axe(page);
    }
  }
});

test('every sheet’s page is within 3 clicks of /, following the links a visitor without script has', async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  // The pages to reach: every sheet's page the sitemap lists in the default language.
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const sheets = new Set(
    [...sitemap.matchAll(/<loc>([^<]*\/sheets\/[^<]*)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((path) => /^\/sheets\//.test(path)),
  );
  expect(sheets.size).toBeGreaterThan(20);
  const depth = new Map<string, number>([['/', 0]]);
  let frontier = ['/'];
  for (let clicks = 1; clicks <= 3; clicks++) {
    const next: string[] = [];
    for (const path of frontier) {
      const response = await request.get(path);
      if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
      for (const [, href] of (await response.text()).matchAll(/<a [^>]*href="([^"]+)"/g)) {
        const url = new URL(href!.replaceAll('&amp;', '&'), `${origin}${path}`);
        // Pages of this site in its default language, as a visitor clicks them; not its files.
        if (url.origin !== origin || /^\/(sfsites|cdn-cgi|studio|services|[a-z]{2}-[A-Z]{2}\/)/.test(url.pathname)) continue;
        const page = url.pathname + url.search;
        if (depth.has(page)) continue;
        depth.set(page, clicks);
        next.push(page);
      }
    }
    frontier = next;
  }
  expect([...sheets].filter((sheet) => !depth.has(sheet))).toEqual([]);
});
