/**
 * The studio's journeys in Chromium, on a server and database of this spec's own (the public page's
 * specs never see what these publish): PDFs dropped on the Sheets screen become drafts, one is
 * fixed, previewed at phone width and published, and the public page and the delivery API show it
 * on the next request; two editors change the same sheet and the second keeps one field of each;
 * a publish scheduled a few seconds ahead happens on the server; every journey again by keyboard
 * alone; a sheet's topics ticked and unticked, published and still so after a reload, and one the
 * site does not have shown under Other until unticked; axe on the sheet screen (its topics
 * included), its preview and its dialogs.
 */
import type { Browser, Locator, Page, Route } from '@playwright/test';
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';
import { renderLiteraturePdf } from '../../src/demo/literature-pdf';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { OWN_SERVER_PASSWORD, startOwnServer, type OwnServer } from './own-server';
import { descriptionField, dropFiles, saved, titleField } from './studio-steps';

let server: OwnServer;
test.describe.configure({ mode: 'serial' });
// A save that lost to another editor's is answered 409, which Chromium reports in the console.
test.use({ expectedConsoleErrors: [/status of 409/] });

test.beforeAll(async () => {
  server = await startOwnServer({
    accounts: [
      { email: 'ana@example.com', role: 'editor' },
      { email: 'ben@example.com', role: 'editor' },
    ],
    env: { SCHEDULE_CHECK_MS: '300' },
    // A topic the site's taxonomy does not have, as an operator's SQL (or an old import) could leave it.
    prepare: (db) =>
      db
        .prepare(
          `UPDATE content_translations SET body = json_set(body, '$.topics', json('["cvd","ald","equipment","heaters"]'))
           WHERE content_id = (SELECT id FROM contents WHERE url_name = 'bubbler-heating-jacket')`,
        )
        .run(),
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const collectionUrl = () =>
  `${server.origin}/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100`;

async function publicTitles(page: Page): Promise<{ html: string; api: string[] }> {
  const html = await (await page.request.get(`${server.origin}/?page=10`)).text();
  const api = ((await (await page.request.get(collectionUrl())).json()) as { items: Array<{ name: string }> }).items.map((item) => item.name);
  return { html, api };
}

async function signIn(page: Page, email: string) {
  await page.goto(`${server.origin}/studio`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OWN_SERVER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sheets', level: 1 })).toBeVisible();
}

function pdfOf(title: string): Promise<Buffer> {
  return renderLiteraturePdf({ ...DEMO_CATALOGUE[1]!, title }, { generatedAt: new Date('2026-06-01T00:00:00Z') });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus (a keyboard user's way there); fails after `most` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, most = 90 } = {}) {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

/** A preview is a whole page rendered into a frame: on a busy machine it takes longer than an assertion's usual 5 s. */
const PREVIEW_SHOWN_MS = 20_000;

/**
 * Holds the sheet's saves until the returned function lets them go: the save a second after typing
 * would otherwise race the test's next click on a busy machine (and leave nothing unsaved to ask about).
 */
async function holdSaves(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  const hold = (route: Route) => (holding && route.request().method() === 'PUT' ? void held.push(route) : route.continue());
  await page.route('**/studio/api/sheets/*', hold);
  return async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await page.unroute('**/studio/api/sheets/*', hold);
  };
}

test('a new editor drops two PDFs, fixes a proposed title, previews at phone width and publishes; the site shows it on the next request', async ({ page }) => {
  await signIn(page, 'ana@example.com');
  await dropFiles(page, page.locator('.studio-drop__zone'), [
    { name: 'hfcl4.pdf', bytes: await pdfOf('Hafnium tetrachlorid (HfCl4)') },
    { name: 'zrcl4.pdf', bytes: await pdfOf('Zirconium tetrachloride (ZrCl4)') },
  ]);
  const sent = page.getByRole('list', { name: 'PDFs sent' });
  await expect(sent.getByText(/^Draft “.*” made/)).toHaveCount(2);
  await expect(page.getByText(`${DEMO_CATALOGUE.length + 2} sheets`)).toBeVisible();

  await page.getByRole('link', { name: 'Hafnium tetrachlorid (HfCl4)', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hafnium tetrachlorid (HfCl4)');
  await titleField(page).fill('Hafnium tetrachloride (HfCl4)');
  await expect(page.getByRole('status').filter({ hasText: /^Unsaved changes$/ })).toBeVisible();
  await saved(page);

  await page.getByRole('button', { name: /Preview at phone/ }).click();
  const phone = page.frameLocator('iframe[title^="Preview at 375 pixels"]');
  await expect(phone.getByRole('link', { name: 'Hafnium tetrachloride (HfCl4)', exact: true })).toBeVisible({ timeout: PREVIEW_SHOWN_MS });
  expect((await publicTitles(page)).api).not.toContain('Hafnium tetrachloride (HfCl4)');

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published. Visitors see it on their next visit to the page.')).toBeVisible();
  const after = await publicTitles(page);
  expect(after.html).toContain('Hafnium tetrachloride (HfCl4)');
  expect(after.api).toContain('Hafnium tetrachloride (HfCl4)');
  expect(after.api).not.toContain('Zirconium tetrachloride (ZrCl4)');
});

/** Two editors with the same sheet open; the first saves, then the second's change meets it. */
async function twoEditors(browser: Browser, sheetTitle: string) {
  const [first, second] = [await (await browser.newContext()).newPage(), await (await browser.newContext()).newPage()];
  await signIn(first, 'ana@example.com');
  await signIn(second, 'ben@example.com');
  for (const page of [first, second]) {
    await page.getByRole('searchbox', { name: 'Search titles' }).fill(sheetTitle);
    // The search's answer replaces the list: a click while the rows move lands on no link.
    await expect(page.getByRole('rowheader')).toHaveText([sheetTitle]);
    await page.getByRole('link', { name: sheetTitle }).click();
    await expect(titleField(page)).toHaveValue(sheetTitle);
  }
  return { first, second };
}

test('two editors change the same sheet; the second sees the conflict and keeps one field from each', async ({ browser }) => {
  const { first, second } = await twoEditors(browser, 'Silane (SiH₄)');
  await titleField(first).fill('Silane (SiH4), Ana');
  await descriptionField(first).fill('Ana’s description.');
  await saved(first);

  await titleField(second).fill('Silane (SiH4), Ben');
  await descriptionField(second).fill('Ben’s description.');
  const dialog = second.getByRole('dialog', { name: 'ana@example.com changed this sheet too' });
  await expect(dialog).toBeVisible();
  const titleChoice = dialog.getByRole('radiogroup', { name: 'Title (American English)' });
  // The choice as a person makes it: a click on the option's card (the radio input itself is visually hidden).
  await titleChoice.locator('label').filter({ hasText: 'ana@example.com’s' }).click();
  await expect(titleChoice.getByRole('radio', { name: /ana@example.com’s/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Keep these and save' }).click();
  await saved(second);
  await expect(titleField(second)).toHaveValue('Silane (SiH4), Ana');

  const stored = await second.request.get(`${server.origin}/studio/api/sheets?q=Silane`);
  const [sheet] = ((await stored.json()) as { sheets: Array<{ id: string }> }).sheets;
  const view = (await (await second.request.get(`${server.origin}/studio/api/sheets/${sheet!.id}`)).json()) as {
    draft: { translations: { en_US: { title: string; description: string } } };
  };
  expect(view.draft.translations.en_US).toMatchObject({ title: 'Silane (SiH4), Ana', description: 'Ben’s description.' });
  await first.context().close();
  await second.context().close();
});

/** The date and time input's value for a moment a few seconds from now, in the browser's time zone. */
async function secondsAhead(page: Page, seconds: number): Promise<string> {
  return page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 1000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  }, seconds);
}

test('a publish scheduled a few seconds ahead becomes public, and the studio shows it', async ({ page }) => {
  await signIn(page, 'ana@example.com');
  await page.getByRole('link', { name: 'Zirconium tetrachloride (ZrCl4)' }).click();
  await page.getByRole('textbox', { name: 'Date and time' }).fill(await secondsAhead(page, 3));
  await page.getByRole('button', { name: 'Publish at this time', exact: true }).click();
  // The schedule is listed until it fires, which on a busy machine may come before the list is
  // looked at: either is the studio showing what happened, never a state read once while it changes.
  const scheduled = page.getByRole('list', { name: 'Scheduled' }).filter({ hasText: 'Publishes on' });
  await expect(scheduled.or(page.getByText('Published: visitors see this version.'))).toBeVisible();
  // Polled on the server's answers, never on the browser's clock.
  await expect.poll(async () => (await publicTitles(page)).api).toContain('Zirconium tetrachloride (ZrCl4)');
  await expect(page.getByText('Published: visitors see this version.')).toBeVisible();
});

test('every journey by keyboard alone: PDF to published sheet, a conflict settled, a publish scheduled', async ({ page, browser }) => {
  // Three journeys in one test, a key at a time: more than one journey's time on a busy machine.
  test.setTimeout(120_000);
  await signIn(page, 'ana@example.com');
  // PDFs: the file chooser opened from the keyboard.
  // Waited for before the keys: turning on the file chooser's interception is a message of its
  // own, which a key press sent right after it could overtake on a busy machine (the chooser then
  // opens unseen). tabTo's round trips make sure it is on.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, page.getByRole('button', { name: 'Choose PDFs' }));
  await page.keyboard.press('Enter');
  await (await chooser).setFiles([{ name: 'ticl4.pdf', mimeType: 'application/pdf', buffer: await pdfOf('Titanium tetrachlorid (TiCl4), keyboard') }]);
  await expect(page.getByText(/^Draft “Titanium tetrachlorid \(TiCl4\), keyboard” made/)).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Titanium tetrachlorid (TiCl4), keyboard', exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, titleField(page));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Titanium tetrachloride (TiCl4), keyboard');
  await saved(page);
  await tabTo(page, page.getByRole('button', { name: /Preview at phone/ }));
  await page.keyboard.press('Enter');
  await expect(
    page.frameLocator('iframe[title^="Preview at 375 pixels"]').getByRole('link', { name: 'Titanium tetrachloride (TiCl4), keyboard', exact: true }),
  ).toBeVisible({ timeout: PREVIEW_SHOWN_MS });
  await tabTo(page, page.getByRole('button', { name: 'Publish now' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Published. Visitors see it on their next visit to the page.')).toBeVisible();
  expect((await publicTitles(page)).api).toContain('Titanium tetrachloride (TiCl4), keyboard');

  // A conflict, settled with the arrow keys.
  const { first, second } = await twoEditors(browser, 'Dichlorosilane (DCS)');
  await titleField(first).fill('Dichlorosilane (DCS), Ana');
  await saved(first);
  await tabTo(second, titleField(second));
  await second.keyboard.press('End');
  await second.keyboard.type(', Ben');
  const dialog = second.getByRole('dialog', { name: 'ana@example.com changed this sheet too' });
  await expect(dialog).toBeVisible();
  await tabTo(second, dialog.getByRole('radio', { name: /^Yours/ }));
  await second.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /ana@example.com’s/ })).toBeChecked();
  await tabTo(second, dialog.getByRole('button', { name: 'Keep these and save' }));
  await second.keyboard.press('Enter');
  await saved(second);
  await expect(titleField(second)).toHaveValue('Dichlorosilane (DCS), Ana');
  await first.context().close();
  await second.context().close();

  // A publish scheduled by typing the time.
  await page.goto(`${server.origin}/studio`);
  await tabTo(page, page.getByRole('searchbox', { name: 'Search titles' }));
  await page.keyboard.type('Capacitance');
  await tabTo(page, page.getByRole('link', { name: 'Capacitance Manometer' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Unpublish', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Taken off the site. The draft is kept; publish it again at any time.')).toBeVisible();
  expect((await publicTitles(page)).api).not.toContain('Capacitance Manometer');
  const when = page.getByRole('textbox', { name: 'Date and time' });
  await tabTo(page, when);
  // Chromium's date and time field, segment by segment (month, day, year; hour, minute, second, AM/PM).
  const [date, time] = (await secondsAhead(page, 4)).split('T') as [string, string];
  const [year, month, day] = date.split('-');
  const [hour, minute, seconds] = time.split(':').map(Number) as [number, number, number];
  const two = (value: number) => String(value).padStart(2, '0');
  await page.keyboard.type(`${month}${day}${year}`);
  await page.keyboard.press('Tab');
  await page.keyboard.type(`${two(hour % 12 || 12)}${two(minute)}${two(seconds)}${hour < 12 ? 'A' : 'P'}`);
  await tabTo(page, page.getByRole('button', { name: 'Publish at this time', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Scheduled' })).toContainText('Publishes on');
  await expect.poll(async () => (await publicTitles(page)).api).toContain('Capacitance Manometer');
});

test('leaving a sheet with unsaved changes asks first', async ({ page }) => {
  await signIn(page, 'ana@example.com');
  await page.getByRole('link', { name: 'Silane (SiH4), Ana' }).click();
  let release = await holdSaves(page);
  await titleField(page).fill('Silane (SiH4), unsaved');
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Sheets' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave with unsaved changes?' });
  await expect(dialog).toBeVisible();
  await axe(page);
  await dialog.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(titleField(page)).toHaveValue('Silane (SiH4), unsaved');
  await release();
  await saved(page);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Sheets' }).click();
  await expect(page.getByRole('heading', { name: 'Sheets', level: 1 })).toBeVisible();

  // The browser's back button asks too, and leaving goes where it was going.
  await page.getByRole('link', { name: 'Silane (SiH4), unsaved' }).click();
  release = await holdSaves(page);
  await titleField(page).fill('Silane (SiH4), not kept');
  await page.goBack();
  await expect(dialog).toBeVisible();
  await expect(titleField(page)).toHaveValue('Silane (SiH4), not kept');
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { name: 'Sheets', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${server.origin}/studio`);
  await release();
});

test('a sheet’s topics: one ticked by keyboard, one unticked by mouse, published; a reload shows them as left', async ({ page }) => {
  await signIn(page, 'ana@example.com');
  await page.getByRole('link', { name: 'Tetrakis(ethylmethylamido)hafnium (TEMAH)' }).click();
  const topics = page.getByRole('region', { name: 'Topics' });
  const topic = (facet: string, name: string) => topics.getByRole('group', { name: facet }).getByRole('checkbox', { name, exact: true });
  // The demo's: an ALD precursor of hafnium.
  await expect(topics.getByRole('group')).toHaveText([/^Process/, /^Kind/, /^Element/]);
  for (const [facet, name] of [
    ['Process', 'ALD'],
    ['Kind', 'Precursor'],
    ['Element', 'Hafnium'],
  ] as const)
    await expect(topic(facet, name)).toBeChecked();
  await expect(topic('Process', 'CVD')).not.toBeChecked();

  await tabTo(page, topic('Process', 'CVD'));
  await page.keyboard.press('Space');
  await expect(topic('Process', 'CVD')).toBeChecked();
  // The label is what a person clicks (the input itself is visually hidden).
  await topics.getByRole('group', { name: 'Element' }).locator('label').filter({ hasText: 'Hafnium' }).click();
  await expect(topic('Element', 'Hafnium')).not.toBeChecked();
  await saved(page);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published. Visitors see it on their next visit to the page.')).toBeVisible();

  await page.reload();
  await expect(topic('Process', 'CVD')).toBeChecked();
  await expect(topic('Process', 'ALD')).toBeChecked();
  await expect(topic('Element', 'Hafnium')).not.toBeChecked();
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const view = (await (await page.request.get(`${server.origin}/studio/api/sheets/${id}`)).json()) as { status: string; published: { topics: string[] } };
  expect(view).toMatchObject({ status: 'published', published: { topics: ['ald', 'precursor', 'cvd'] } });
});

test.describe('a topic the site does not have', () => {
  // The save the server refuses is answered 400, which Chromium reports in the console.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test('shows ticked under Other; a save is refused, saying why, until it is unticked', async ({ page }) => {
    await signIn(page, 'ana@example.com');
    await page.getByRole('link', { name: 'Bubbler Heating Jacket' }).click();
    const topics = page.getByRole('region', { name: 'Topics' });
    const other = topics.getByRole('group', { name: 'Other' });
    const heaters = other.getByRole('checkbox', { name: 'heaters', exact: true });
    await expect(heaters).toBeChecked();

    await descriptionField(page).fill('Keeps the bubbler at its temperature.');
    await expect(page.getByRole('status').filter({ hasText: 'Not saved: see the marked fields' })).toBeVisible();
    await expect(topics.getByText('"heaters" is not a topic of the sheet\'s site')).toBeVisible();
    await axe(page);

    await tabTo(page, heaters);
    await page.keyboard.press('Space');
    // Still there, unticked: the focus stays, and the untick can be taken back.
    await expect(heaters).not.toBeChecked();
    await expect(heaters).toBeFocused();
    await saved(page);
    await page.reload();
    await expect(descriptionField(page)).toHaveValue('Keeps the bubbler at its temperature.');
    await expect(topics.getByRole('group', { name: 'Process' }).getByRole('checkbox', { name: 'CVD' })).toBeChecked();
    await expect(other).toHaveCount(0);
  });
});

for (const [width, sheetTitle] of [
  [375, 'Trimethylgallium (TMGa)'],
  [1280, 'Triethylgallium (TEGa)'],
] as const) {
  test(`axe finds no violations on a sheet, its preview and its dialogs at ${width}px`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'ana@example.com');
    await page.getByRole('link', { name: sheetTitle }).click();
    await expect(titleField(page)).toHaveValue(sheetTitle);
    // The sheet's preview links have loaded: nothing above the button moves while it is clicked.
    await expect(page.getByText('None: no shared link opens this sheet’s preview.')).toBeVisible();
    await page.getByRole('button', { name: /Preview at phone/ }).click();
    await expect(page.frameLocator('iframe[title^="Preview at 375 pixels"]').getByText(sheetTitle).first()).toBeVisible({ timeout: PREVIEW_SHOWN_MS });
    await axe(page);

    const { first, second } = await twoEditors(browser, sheetTitle);
    await second.setViewportSize({ width, height: 900 });
    await titleField(first).fill(`${sheetTitle}, Ana`);
    await saved(first);
    await titleField(second).fill(`${sheetTitle}, Ben`);
    await expect(second.getByRole('dialog', { name: /changed this sheet too/ })).toBeVisible();
    await axe(second);
    await first.context().close();
    await second.context().close();

    // Fresh from the server: the two editors above changed the sheet, and a save from the old state
    // would (rightly) be met by the conflict dialog first.
    await page.reload();
    await expect(titleField(page)).toHaveValue(`${sheetTitle}, Ana`);
    const release = await holdSaves(page);
    await titleField(page).fill(`${sheetTitle}, not kept`);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Sheets' }).click();
    const leaving = page.getByRole('alertdialog', { name: 'Leave with unsaved changes?' });
    await expect(leaving).toBeVisible();
    await axe(page);
    await leaving.getByRole('button', { name: 'Leave without saving' }).click();
    await release();
  });
}
