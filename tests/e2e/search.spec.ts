/**
 * Searching the literature page as a visitor does, with and without JavaScript: a word only in
 * one sheet's PDF, a British spelling, an abbreviation, a formula without subscripts, German
 * stemming; the passage marked; the results accessible.
 */
import type { Page } from '@playwright/test';
import { axe } from './axe';
import { cards, expect, test } from './fixtures';

const titles = (page: Page) => page.locator('.collection-grid .card__title').allTextContents();

for (const javaScriptEnabled of [false, true]) {
  test.describe(`search ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('a word that is only inside one sheet’s PDF finds that sheet, its passage marked', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('searchbox', { name: 'Search the sheets' }).fill('dimeric');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\?q=dimeric$/);
      await expect(page.getByRole('status')).toHaveText(/1 sheet matches “dimeric”/);
      expect(await titles(page)).toEqual(['Trimethylaluminum (TMA)']);
      await expect(cards(page).first().locator('mark')).toHaveText('dimeric');
    });

    test('a British spelling, an abbreviation and a formula without subscripts each find their sheet', async ({ page }) => {
      for (const [query, title] of [
        ['vaporiser', 'Direct Liquid Injection Vaporizer'],
        ['TEMAH', 'Tetrakis(ethylmethylamido)hafnium (TEMAH)'],
        ['Al(CH3)3', 'Trimethylaluminum (TMA)'],
      ]) {
        await page.goto(`/?q=${encodeURIComponent(query!)}`);
        expect(await titles(page), query).toContain(title);
      }
    });

    test('a CAS number with and without hyphens, a product code and a formula each find their sheet first', async ({ page }) => {
      for (const [path, query, title] of [
        ['/', '75-24-1', 'Trimethylaluminum (TMA)'],
        ['/', '75241', 'Trimethylaluminum (TMA)'],
        ['/de-DE/', '1445790', 'Trimethylgallium (TMGa)'],
        ['/', 'LSTMA5N', 'Trimethylaluminum (TMA)'],
        ['/fr-FR/', 'Ga(C₂H₅)₃', 'Triéthylgallium (TEGa)'],
      ]) {
        await page.goto(path!);
        await page.getByRole('searchbox').fill(query!);
        await page.keyboard.press('Enter');
        // The results say what was searched for (the page before them showed every sheet, the same one first).
        await expect(page.getByRole('status')).toContainText(query!);
        await expect(page.locator('.collection-grid .card__title').first(), query).toHaveText(title!);
      }
    });

    test('German words are found by their stem on the German page', async ({ page }) => {
      await page.goto('/de-DE/');
      await page.getByRole('searchbox', { name: 'Datenblätter durchsuchen' }).fill('Legierung');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status')).toContainText('zu „Legierung“');
      expect(await titles(page)).toContain('Trimethylgallium (TMGa)');
      await expect(page.locator('mark', { hasText: 'Legierungen' }).first()).toBeVisible();
    });

    test('Show all sheets leads back to the collection', async ({ page }) => {
      await page.goto('/?q=silane');
      await page.getByRole('link', { name: 'Show all sheets' }).click();
      await expect(page.getByRole('searchbox', { name: 'Search the sheets' })).toHaveValue('');
      await expect(cards(page)).toHaveCount(7);
    });
  });
}

test('axe finds no violations on a results page, at phone and desktop widths', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/?q=precursor');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await axe(page);
  }
});

test('more results come by a link that keeps the query', async ({ page }) => {
  await page.goto('/?q=precursor');
  await expect(cards(page)).toHaveCount(7);
  await page.getByRole('link', { name: 'Show More' }).click();
  await expect(page).toHaveURL(/\?q=precursor&page=2/);
  await expect(cards(page)).toHaveCount(14);
  await expect(page.getByRole('searchbox', { name: 'Search the sheets' })).toHaveValue('precursor');
});

test('with JavaScript, results follow the typing: one request 150 ms after the last key, the address follows, an emptied field brings the collection back', async ({
  page,
}) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'fetch' && new URL(request.url()).pathname === '/') searches.push(new URL(request.url()).search);
  });
  await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  // Marks this document: a page load would lose it.
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  const box = page.getByRole('searchbox', { name: 'Search the sheets' });
  const searchCode = page.waitForResponse((response) => /\/search-box-[^/]*\.js$/.test(response.url()));
  await box.click();
  await searchCode;
  // From here the page's clock moves only when the test says: the keys come at no interval, however busy the machine.
  await page.clock.pauseAt(new Date('2026-01-01T01:00:00Z'));
  await box.pressSequentially('trimethylgal');
  await page.clock.runFor(140);
  expect(searches).toEqual([]);
  await page.clock.runFor(20);
  await expect(page.getByRole('status')).toHaveText(/1 sheet matches “trimethylgal”/);
  await expect(page).toHaveURL(/\?q=trimethylgal$/);
  expect(await titles(page)).toEqual(['Trimethylgallium (TMGa)']);
  expect(searches).toEqual(['?q=trimethylgal']);

  await box.fill('');
  await page.clock.runFor(160);
  await expect(cards(page)).toHaveCount(7);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status')).toHaveText('');
  // The collection's Show More appends in place, as on a page that was never searched.
  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(cards(page)).toHaveCount(14);
  await expect(cards(page).nth(7)).toBeFocused();
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
});
