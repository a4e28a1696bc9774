/**
 * A release in Chromium, on a server and database of this spec's own (its scheduler looking every
 * 300 ms): three sheet changes, an order change and a heading change gathered into a release from
 * their screens, previewed (and walked in the preview: a search, a topic page, German), scheduled a few seconds ahead and published by the server, with the
 * public page read over and over meanwhile (every answer shows all of the release or none of it),
 * then undone together. axe on the Releases screen at phone and desktop widths.
 */
import type { Page } from '@playwright/test';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { openSheet, saved, signIn, titleField } from './studio-steps';

let server: OwnServer;
test.describe.configure({ mode: 'serial' });
// Publishing a sheet of the release alone is refused (409), which Chromium reports in the console.
test.use({ expectedConsoleErrors: [/status of 409/] });

test.beforeAll(async () => {
  server = await startOwnServer({ accounts: [{ email: 'ana@example.com', role: 'editor' }], env: { SCHEDULE_CHECK_MS: '300' } });
});
test.afterAll(async () => {
  await server?.stop();
});

const TITLES: Array<[string, string]> = [
  ['Silane (SiH₄)', 'Silane (SiH₄), launch grade'],
  ['Diethylzinc (DEZ)', 'Diethylzinc (DEZ), launch grade'],
  ['Trimethylindium (TMIn)', 'Trimethylindium (TMIn), launch grade'],
];
const HEADING = 'Launch: precursors and equipment';
const releasePanel = (page: Page) => page.getByRole('region', { name: 'Release' });
const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name, exact: true });

/** How much of the release the public page shows: each new title and the heading, and whether TEGa comes first. */
async function shownOfRelease(page: Page): Promise<number> {
  const html = await (await page.request.get(`${server.origin}/?page=10`)).text();
  const texts = [...TITLES.map(([, title]) => title), HEADING].filter((text) => html.includes(text)).length;
  return texts + (html.indexOf('Triethylgallium (TEGa)') < html.indexOf('Trimethylaluminum (TMA)') ? 1 : 0);
}

async function addToRelease(page: Page) {
  await releasePanel(page).getByRole('button', { name: 'Add to the release' }).click();
  await expect(releasePanel(page)).toContainText('In the release Launch: it is published with the release, not alone.');
}

test('three sheets, the order and the heading released together at a time, all or nothing at every request, and undone together', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, server.origin, 'ana@example.com', '/studio/releases');
  await page.getByRole('textbox', { name: 'Name' }).fill('Launch');
  await page.getByRole('button', { name: 'Make the release' }).click();
  await expect(page.getByText('Made the release “Launch”.', { exact: false })).toBeVisible();

  for (const [before, after] of TITLES) {
    await openSheet(page, server.origin, before);
    await titleField(page).fill(after);
    await saved(page);
    await addToRelease(page);
  }
  // A sheet in the release is not published alone.
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText(/is in the release “Launch”: publish the release, or take it out of the release first/)).toBeVisible();

  await section(page, 'Order').click();
  await page.getByRole('button', { name: 'Move Triethylgallium (TEGa) up' }).click();
  await page.getByRole('button', { name: 'Move Triethylgallium (TEGa) up' }).click();
  await expect(page.locator('.studio-order__title').first()).toHaveText('Triethylgallium (TEGa)');
  await addToRelease(page);

  await section(page, 'Page').click();
  await page.getByRole('textbox', { name: 'Page heading', exact: true }).fill(HEADING);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await addToRelease(page);

  await section(page, 'Releases').click();
  const launch = page.getByRole('region', { name: /^Launch/ });
  await expect(launch.getByRole('list', { name: 'In Launch' }).getByRole('listitem')).toHaveCount(5);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page);
  }

  // The preview shows the site with all of it; the site shows none of it.
  const opened = page.context().waitForEvent('page');
  await launch.getByRole('link', { name: 'Preview the site with it' }).click();
  const preview = await opened;
  await expect(preview.getByRole('heading', { name: HEADING })).toBeVisible();
  // Walked as a visitor walks the site, every step in the preview: a search, a topic page, the German site.
  await preview.getByRole('searchbox').fill('launch grade');
  await preview.getByRole('searchbox').press('Enter');
  await expect(preview).toHaveURL(/\/preview\/\?q=launch\+grade/);
  for (const [, title] of TITLES) await expect(preview.getByText(title).first()).toBeVisible();
  await preview.locator('summary', { hasText: 'Topics' }).click();
  await preview.getByRole('link', { name: 'Silicon', exact: true }).first().click();
  await expect(preview).toHaveURL(/\/preview\/topics\/silicon$/);
  await expect(preview.getByText('Silane (SiH₄), launch grade').first()).toBeVisible();
  await preview.locator('summary', { hasText: 'American English' }).click();
  await preview.getByRole('link', { name: 'Deutsch (Deutschland)' }).click();
  await expect(preview).toHaveURL(/\/preview\/de-DE\//);
  await expect(preview.locator('html')).toHaveAttribute('lang', 'de-DE');
  await preview.close();
  expect(await shownOfRelease(page)).toBe(0);

  // Scheduled a few seconds ahead; the page is read over and over until it shows the release: never a part of it.
  const due = new Date(Date.now() + 4000);
  const local = new Date(due.getTime() - due.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  await launch.getByRole('textbox', { name: 'Date and time' }).fill(local);
  await launch.getByRole('button', { name: 'Publish it at this time' }).click();
  await expect(launch).toContainText('Publishes on');
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        seen.push(await shownOfRelease(page));
        return seen.at(-1);
      },
      { timeout: 20_000, intervals: [50] },
    )
    .toBe(5);
  expect(
    seen.every((count) => count === 0 || count === 5),
    `each answer showed all or none of the release: ${seen.join(',')}`,
  ).toBe(true);
  await page.reload();
  await expect(page.getByRole('region', { name: /^Launch/ })).toContainText('Published');

  // Undone together: the site shows what it did before.
  await page.getByRole('button', { name: 'Undo the release' }).click();
  await page.getByRole('alertdialog', { name: 'Undo “Launch”?' }).getByRole('button', { name: 'Undo the release' }).click();
  await expect(page.getByText('Undone: the site shows again what it showed before the release.', { exact: false })).toBeVisible();
  expect(await shownOfRelease(page)).toBe(0);
});
