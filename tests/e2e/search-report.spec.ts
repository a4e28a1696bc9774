/**
 * What visitors searched for, as an editor sees it (docs/search.md, "What searches found nothing"),
 * on a server and database of this spec's own: a visitor's search that found nothing and a result
 * opened from another are in the studio's Searches screen; a synonym added there in one step makes
 * the next search find the sheet. Axe on the screen at phone and desktop widths.
 */
import type { Page } from '@playwright/test';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { OWN_SERVER_PASSWORD, startOwnServer, type OwnServer } from './own-server';

let server: OwnServer;
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer({ accounts: [{ email: 'ana@example.com', role: 'editor' }] });
});
test.afterAll(async () => {
  await server?.stop();
});

async function openSearches(page: Page) {
  await page.goto(`${server.origin}/studio/searches`);
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Password').fill(OWN_SERVER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Searches', level: 1 })).toBeVisible();
}

const englishQueries = (page: Page) => page.getByRole('table', { name: 'Queries on the English pages' });

test('a search that found nothing is in the report; a synonym added from it makes the next search find the sheet', async ({ page, browser }) => {
  // A visitor, in a browser of their own: a query that finds nothing, and a result opened from another.
  const visitor = await browser.newPage();
  await visitor.goto(`${server.origin}/?q=quokkafish`);
  await expect(visitor.getByRole('status')).toContainText('quokkafish');
  await visitor.goto(`${server.origin}/?q=dimeric`);
  await visitor.getByRole('link', { name: /^Details ?: Trimethylaluminum \(TMA\)$/ }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Trimethylaluminum (TMA)' })).toBeVisible();
  await visitor.close();

  await openSearches(page);
  const row = englishQueries(page).getByRole('row', { name: /quokkafish/ });
  await expect(row.getByRole('cell').nth(0)).toHaveText('1');
  await expect(row.getByRole('cell').nth(1)).toHaveText('none');
  await expect(page.getByRole('listitem').filter({ hasText: 'Trimethylaluminum (TMA)' })).toContainText('opened 1 time, from “dimeric”');

  await row.getByRole('textbox', { name: 'What “quokkafish” means' }).fill('dimeric');
  await row.getByRole('button', { name: /Add synonym/ }).click();
  await expect(page.getByRole('status')).toHaveText('“quokkafish” now finds what “dimeric” finds.');

  await page.goto(`${server.origin}/?q=quokkafish`);
  await expect(page.locator('.collection-grid .card__title').first()).toHaveText('Trimethylaluminum (TMA)');
});

for (const width of [375, 1280])
  test(`axe finds no violations on the Searches screen at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openSearches(page);
    await expect(englishQueries(page)).toBeVisible();
    await axe(page);
  });
