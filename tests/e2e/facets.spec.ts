/**
 * Facets as a visitor uses them (docs/search.md, "Facets"), with and without JavaScript: choices
 * with counts, two facets combined with a query, each page's results and counts the ones the
 * catalogue says; in place with script (the page is not loaded again); axe on faceted pages at
 * phone and desktop widths.
 */
import type { Page } from '@playwright/test';
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';
import { demoTopicsOf } from '../../src/demo/topics';
import { axe } from './axe';
import { cardTitles, expect, test } from './fixtures';

/** The demo's sheets (English titles) having every one of these topics. */
const withTopics = (...topics: string[]) =>
  DEMO_CATALOGUE.filter((entry) => topics.every((topic) => demoTopicsOf(entry).includes(topic))).map((entry) => entry.title);

const facets = (page: Page) => page.locator('[data-facets]');
/** A facet's choice, by its label and count ("ALD (18)"), the facets opened first if they are closed. */
async function choice(page: Page, label: string, count: number) {
  const disclosure = facets(page);
  if ((await disclosure.getAttribute('open')) === null) await disclosure.locator('summary').click();
  return disclosure.getByRole('link', { name: new RegExp(`^${label} \\(${count}\\)`) });
}

/** Every card's title of the results, past the grid's first page (their pages are links). */
async function allTitles(page: Page): Promise<string[]> {
  const url = new URL(page.url());
  url.searchParams.set('page', '50');
  const all = await page.context().newPage();
  await all.goto(url.toString());
  const titles = await cardTitles(all);
  await all.close();
  return titles;
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`facets ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test('two facets combined with a query give the counts and results the catalogue says', async ({ page }) => {
      await page.goto('/');
      if (javaScriptEnabled) await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
      // A page loaded again would lose this mark; in place, it stays.
      if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { inPlace: boolean }).inPlace = true));
      await (await choice(page, 'ALD', withTopics('ald').length)).click();
      await expect(page).toHaveURL(/\/topics\/ald$/);
      await expect(page.getByRole('status')).toHaveText(new RegExp(`^${withTopics('ald').length} sheets about ALD`));
      await (await choice(page, 'Hafnium', withTopics('ald', 'hafnium').length)).click();
      await expect(page).toHaveURL(/\/topics\/ald\?topic=hafnium$/);
      await expect(page.getByRole('status')).toHaveText(new RegExp(`^${withTopics('ald', 'hafnium').length} sheets about ALD, Hafnium`));
      expect(new Set(await cardTitles(page))).toEqual(new Set(withTopics('ald', 'hafnium')));
      await expect(facets(page).getByRole('link', { name: /^Hafnium \(\d+\) ?, chosen$/ })).toBeVisible();
      // A query within the two: the choices stay made.
      await page.getByRole('searchbox').fill('dimethylamido');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/topics\/ald\?q=dimethylamido&topic=hafnium$/);
      await expect(page.getByRole('status')).toHaveText(/^1 sheet matches “dimethylamido”/);
      expect(await cardTitles(page)).toEqual(['Tetrakis(dimethylamido)hafnium (TDMAH)']);
      // What the other choices would give with the query: Titanium's TDMAT, in place of Hafnium.
      await (await choice(page, 'Titanium', 1)).click();
      await expect(page).toHaveURL(/\/topics\/ald\?q=dimethylamido&topic=hafnium&topic=titanium$/);
      expect(new Set(await allTitles(page))).toEqual(new Set(['Tetrakis(dimethylamido)hafnium (TDMAH)', 'Tetrakis(dimethylamido)titanium (TDMAT)']));
      // Unmade, the choice leaves; a physical form joins (AND).
      await facets(page)
        .getByRole('link', { name: /^Hafnium \(\d+\) ?, chosen$/ })
        .click();
      await expect(page).toHaveURL(/\/topics\/ald\?q=dimethylamido&topic=titanium$/);
      await (await choice(page, 'Liquid', 1)).click();
      await expect(page).toHaveURL(/\/topics\/ald\?q=dimethylamido&topic=titanium&form=liquid$/);
      expect(await cardTitles(page)).toEqual(['Tetrakis(dimethylamido)titanium (TDMAT)']);
      if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { inPlace?: boolean }).inPlace)).toBe(true);
    });
  });
}

test('with script, a choice made from the keyboard keeps the focus, names the page it shows, and Back takes it back', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await facets(page).locator('summary').click();
  const ald = facets(page).locator('[data-choice="topic:ald"]');
  await ald.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/topics\/ald$/);
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^${withTopics('ald').length} sheets about ALD`));
  // The same choice, now chosen, has the focus; the page says which topic it shows.
  await expect(facets(page).locator('[data-choice="topic:ald"]')).toBeFocused();
  await expect(page.locator('.collection-search__topic')).toHaveText('ALD');
  await expect(page).toHaveTitle(/^ALD – /);
  await (await choice(page, 'Hafnium', withTopics('ald', 'hafnium').length)).click();
  await expect(page).toHaveURL(/\/topics\/ald\?topic=hafnium$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/topics\/ald$/);
  await expect(page.getByRole('status')).toHaveText(new RegExp(`^${withTopics('ald').length} sheets about ALD`));
  expect(new Set(await cardTitles(page))).toEqual(new Set(withTopics('ald').slice(0, 7)));
});

test('axe finds no violations on faceted pages, the facets open, at phone and desktop widths', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/topics/ald?topic=hafnium', '/de-DE/topics/precursor?q=hafnium&form=fl%C3%BCssig']) {
      await page.goto(path);
      const disclosure = facets(page);
      if ((await disclosure.getAttribute('open')) === null) await disclosure.locator('summary').click();
      await expect(disclosure.locator('.facets__choices').first()).toBeVisible();
      await axe(page);
    }
  }
});
