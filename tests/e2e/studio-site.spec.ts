/**
 * The studio's site screens in Chromium, on a server and database of this spec's own: the
 * collection reordered by keyboard and published, the page heading changed and published (the
 * public page shows both on the next request), the grid's search field switched off and on again
 * (the public page follows each publish), an old version of a sheet restored as its draft,
 * a sheet moved to the trash and restored; axe on each screen at phone and desktop widths.
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_IDS } from '../../src/demo/seed-demo';
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

async function signIn(page: Page) {
  await page.goto(`${server.origin}/studio`);
  await page.getByLabel('Email').fill('ana@example.com');
  await page.getByLabel('Password').fill(OWN_SERVER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sheets', level: 1 })).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name, exact: true });
const collectionUrl = () =>
  `${server.origin}/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100`;
const publicOrder = async (page: Page) =>
  ((await (await page.request.get(collectionUrl())).json()) as { items: Array<{ name: string }> }).items.map((item) => item.name);

async function tabTo(page: Page, target: Locator, { backwards = false, most = 80 } = {}) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

test('the collection reordered by keyboard alone and published; the site shows the new order', async ({ page }) => {
  await signIn(page);
  const before = await publicOrder(page);
  expect(before.slice(0, 3)).toEqual(['Trimethylaluminum (TMA)', 'Trimethylgallium (TMGa)', 'Triethylgallium (TEGa)']);
  await tabTo(page, section(page, 'Order'));
  await page.keyboard.press('Enter');
  const handle = page.getByRole('button', { name: /^Drag Trimethylgallium \(TMGa\)/ });
  await tabTo(page, handle);
  // dnd-kit's own announcements say where the sheet is at each key; each is waited for.
  const live = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('Space');
  await expect(live).toContainText('Picked up Trimethylgallium (TMGa), position 2');
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('over position 3');
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('over position 4');
  await page.keyboard.press('Space');
  await expect(live).toContainText('Trimethylgallium (TMGa) dropped at position 4');
  await expect(page.getByText('Changed since publish: visitors still see the order as it was.')).toBeVisible();
  expect(await publicOrder(page)).toEqual(before);

  // The same with the buttons: TEGa (now second) up to the top.
  await tabTo(page, page.getByRole('button', { name: 'Move Triethylgallium (TEGa) up' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.locator('.studio-order__title').first()).toHaveText('Triethylgallium (TEGa)');
  await expect(page.getByRole('status').filter({ hasText: 'Triethylgallium (TEGa) moved to position 1 of' })).toBeAttached();

  await tabTo(page, page.getByRole('button', { name: 'Publish this order' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Published. Visitors see this order on their next visit.')).toBeVisible();
  expect((await publicOrder(page)).slice(0, 4)).toEqual([
    'Triethylgallium (TEGa)',
    'Trimethylaluminum (TMA)',
    'Trimethylindium (TMIn)',
    'Trimethylgallium (TMGa)',
  ]);
  await page.goto(`${server.origin}/`);
  await expect(page.locator('.collection-grid .card__title').first()).toHaveText('Triethylgallium (TEGa)');
});

test('the page heading changed and published; the site shows it', async ({ page }) => {
  await signIn(page);
  await section(page, 'Page').click();
  const heading = page.getByRole('textbox', { name: 'Page heading', exact: true });
  await expect(heading).toHaveValue('Literature Sheets - CVD, ALD Precursors and Equipment');
  await heading.fill('Precursor and equipment literature');
  await page.getByRole('textbox', { name: 'Custom head tags' }).fill('<meta name="google-site-verification" content="abc"><script>alert(1)</script>');
  await expect(page.getByText('Kept: <meta name="google-site-verification" content="abc">')).toBeVisible();
  await expect(page.getByText(/Dropped: <script>/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  expect(await (await page.request.get(`${server.origin}/`)).text()).not.toContain('Precursor and equipment literature');
  await page.getByRole('button', { name: 'Publish the page' }).click();
  await expect(page.getByText('Published. Visitors see it on their next visit.')).toBeVisible();
  const html = await (await page.request.get(`${server.origin}/`)).text();
  expect(html).toContain('Precursor and equipment literature');
  expect(html).toContain('google-site-verification');
  // Kept as written in the page's data (never run), but never as an element of the page.
  expect(html).not.toContain('<script>alert(1)');
});

test('the search field above the grid switched off and on again, each published; the site follows', async ({ page }) => {
  // This spec's own server: the field is back on at the end, and a failure here starts the
  // tests after it on a fresh server (serial mode), so no other test sees the page without it.
  const searchField = page.getByRole('search');
  await page.goto(`${server.origin}/`);
  await expect(searchField).toHaveCount(1);
  await signIn(page);
  await section(page, 'Page').click();
  const checkbox = page.getByRole('checkbox', { name: 'Search field above the grid' });
  await expect(checkbox).toBeChecked();
  await expect(checkbox).toHaveAccessibleDescription(/topic pages/);

  // Off by keyboard, saved as a draft: the site keeps its search field until published.
  await tabTo(page, checkbox);
  await page.keyboard.press('Space');
  await expect(checkbox).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(page.getByText('Changed since publish: visitors still see the settings as they were.')).toBeVisible();
  expect(await (await page.request.get(`${server.origin}/`)).text()).toContain('role="search"');
  await axe(page);
  await page.getByRole('button', { name: 'Publish the page' }).click();
  await expect(page.getByText('Published: visitors see these settings.')).toBeVisible();
  await page.goto(`${server.origin}/`);
  await expect(page.locator('.collection-grid .card__title').first()).toBeVisible();
  await expect(searchField).toHaveCount(0);
  expect((await page.request.get(`${server.origin}/topics/hafnium`)).status()).toBe(404);

  // On again by mouse, published: the field and the topic pages are back.
  await page.goto(`${server.origin}/studio`);
  await section(page, 'Page').click();
  await expect(checkbox).not.toBeChecked();
  // The label is what a person clicks (the input itself is visually hidden).
  await page.locator('label').filter({ hasText: 'Search field above the grid' }).click();
  await expect(checkbox).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(page.getByText('Changed since publish: visitors still see the settings as they were.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish the page' }).click();
  await expect(page.getByText('Published: visitors see these settings.')).toBeVisible();
  await page.goto(`${server.origin}/`);
  await expect(searchField).toHaveCount(1);
  await expect(searchField.getByRole('searchbox')).toBeVisible();
  expect((await page.request.get(`${server.origin}/topics/hafnium`)).status()).toBe(200);
});

test('an earlier version of a sheet restored as its draft', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Diethylzinc (DEZ)' }).click();
  const title = page.getByRole('group', { name: 'American English' }).getByRole('textbox', { name: 'Title', exact: true });
  await title.fill('Diethylzinc (DEZ), renamed');
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await page.getByRole('button', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Versions, newest first' });
  await expect(versions.getByText('Version 1: As it was before editing began')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Title (American English)' })).toBeVisible();
  await page.getByRole('button', { name: 'Restore version 1 as the draft' }).click();
  await expect(page.getByText('Version 1 is the draft now. Publish it to show it to visitors.')).toBeVisible();
  await expect(title).toHaveValue('Diethylzinc (DEZ)');
  await expect(page.getByText('Published: visitors see this version.')).toBeVisible();
});

test('a sheet moved to the trash leaves the site, and comes back from the trash', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'Silane (SiH₄)' }).click();
  await page.getByRole('button', { name: 'Move to the trash' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Move Silane (SiH₄) to the trash?' });
  await expect(confirm).toBeVisible();
  await axe(page);
  await confirm.getByRole('button', { name: 'Move to the trash' }).click();
  await expect(page.getByRole('heading', { name: 'Trash and imports', level: 1 })).toBeVisible();
  await expect(page.getByText(/it was on the site and goes back on when restored/)).toBeVisible();
  expect(await publicOrder(page)).not.toContain('Silane (SiH₄)');
  await page.getByRole('button', { name: 'Restore Silane (SiH₄)' }).click();
  await expect(page.getByText('Silane (SiH₄) is back.')).toBeVisible();
  await expect(page.getByText('The trash is empty.')).toBeVisible();
  expect(await publicOrder(page)).toContain('Silane (SiH₄)');
});

test.describe('search engines', () => {
  // An http:// canonical address is refused by the save, on purpose.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('a sheet’s search-engine record, previewed as typed and published; the delivery API shows it', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: 'Tetraethyl orthosilicate (TEOS)' }).click();
    await page.getByRole('button', { name: 'Search engines' }).click();
    const panel = page.locator('.studio-seo');
    await panel.getByRole('textbox', { name: 'Record name' }).fill('TEOS for CVD of SiO2');
    await expect(panel.locator('.studio-snippet__title')).toHaveText('TEOS for CVD of SiO2');
    await panel
      .getByRole('textbox', { name: 'Head tags of this record' })
      .fill('<meta name="author" content="Applications"><meta http-equiv="refresh" content="0">');
    await expect(panel.getByText('Kept:')).toContainText('<meta name="author" content="Applications">');
    await expect(panel.getByText(/^Dropped: <meta>/)).toBeVisible();
    const canonical = panel.getByRole('textbox', { name: 'Canonical address' });
    await canonical.fill('http://example.com/teos');
    await expect(panel.getByText(/This address cannot be used: "http:\/\/example.com\/teos" is an http:\/\/ address/)).toBeVisible();
    await canonical.fill('/sheet/teos-canonical');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await axe(page);
    await page.setViewportSize({ width: 375, height: 900 });
    await axe(page);

    const properties = `${server.origin}/services/data/v65.0/connect/communities/${DEMO_IDS.communityId}/seo/properties/teos`;
    expect(((await (await page.request.get(properties)).json()) as { recordName: string }).recordName).toBe('Tetraethyl orthosilicate (TEOS)');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByText('Published: visitors see this version.')).toBeVisible();
    expect(await (await page.request.get(properties)).json()).toMatchObject({ recordName: 'TEOS for CVD of SiO2', canonicalUrl: '/sheet/teos-canonical' });
  });
});

for (const width of [375, 1280]) {
  test(`axe finds no violations on Order, Page, Import and Trash at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await section(page, 'Order').click();
    await expect(page.locator('.studio-order__item').first()).toBeVisible();
    await axe(page);
    await section(page, 'Page').click();
    await expect(page.getByRole('textbox', { name: 'Page heading', exact: true })).toBeVisible();
    await axe(page);
    await section(page, 'Import').click();
    await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible();
    await axe(page);
    await section(page, 'Trash').click();
    await expect(page.getByRole('heading', { name: 'Last imports' })).toBeVisible();
    await expect(page.getByText('No import yet.')).toBeVisible();
    await expect(page.getByText('Loading…')).toHaveCount(0);
    await axe(page);
  });
}
