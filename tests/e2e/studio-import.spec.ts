/**
 * Import in the studio, in Chromium, on a server and database of this spec's own: a CSV with its
 * PDF and image chosen, the comparison read field by field, applied (the public collection shows
 * it), then undone (it shows no more); an Excel workbook German LibreOffice saved, dropped,
 * compared and applied (the German page writes its numbers as German does); a zip bomb and an
 * .xls refused with their reasons; axe on the screen with a comparison and with problems, at
 * phone and desktop widths.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Page } from '@playwright/test';
import yazl from 'yazl';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { csvWithFiles, FIRST_SHEET } from '../helpers/import-files';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { OWN_SERVER_PASSWORD, startOwnServer, type OwnServer } from './own-server';
import { dropFiles } from './studio-steps';

let server: OwnServer;
let folder: string;
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer({
    accounts: [{ email: 'ana@example.com', role: 'editor' }],
    // The number and date fields the German workbook fills, as an admin adds them.
    commands: [
      ['fields', 'add', 'density', 'number', 'en_US=Density', 'de_DE=Dichte', '--shared', '--unit', 'g/cm³'],
      ['fields', 'add', 'boilingPoint', 'number', 'en_US=Boiling point', '--shared', '--unit', '°C'],
      ['fields', 'add', 'meltingPoint', 'number', 'en_US=Melting point', '--shared', '--unit', '°C'],
      ['fields', 'add', 'reviewedOn', 'date', 'en_US=Reviewed on', '--shared'],
    ],
  });
  folder = mkdtempSync(join(tmpdir(), 'studio-import-e2e-'));
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const first = FIRST_SHEET;
const collectionUrl = () =>
  `${server.origin}/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100`;
const publicTitles = async (page: Page) =>
  ((await (await page.request.get(collectionUrl())).json()) as { items: Array<{ name: string }> }).items.map((item) => item.name);

async function openImport(page: Page) {
  await page.goto(`${server.origin}/studio/import`);
  if (await page.getByLabel('Email').isVisible()) {
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('Password').fill(OWN_SERVER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
}

async function choose(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  // The chooser is waited for before the click, with a round trip between (the button enabled):
  // turning on its interception could otherwise be overtaken by the click on a busy machine.
  const chooser = page.waitForEvent('filechooser');
  const button = page.getByRole('button', { name: 'Choose files' });
  await expect(button).toBeEnabled();
  await button.click();
  await (await chooser).setFiles(files);
}

test('a CSV with its files: the comparison field by field, applied, and undone', async ({ page }) => {
  await openImport(page);
  await choose(page, await csvWithFiles());
  const result = page.getByRole('heading', { name: 'What the import would do' });
  await expect(result).toBeVisible();
  // D7: sheets counted as sheets (their document and image are theirs), and what goes live said plainly.
  await expect(page.getByText('From the CSV: 1 sheet added, 1 changed; collection "Literature Sheets - CVD, ALD Precursors" changes too.')).toBeVisible();
  await expect(page.getByText('This sheet goes on the site when you apply: Hafnium tetrachloride (HfCl4).', { exact: false })).toBeVisible();
  await expect(page.getByText('sheet "Hafnium tetrachloride (HfCl4)" (hafnium-tetrachloride)', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: /^Description \(American English\)/ });
  await expect(row.getByRole('cell').nth(0)).toHaveText(first.description);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Changed by the studio import.');
  expect(await publicTitles(page)).not.toContain('Hafnium tetrachloride (HfCl4)');

  await page.getByRole('button', { name: 'Apply the import' }).click();
  await expect(page.getByText(/^Imported: 1 sheet added, 1 changed\. The site shows it now\./)).toBeVisible();
  expect(await publicTitles(page)).toContain('Hafnium tetrachloride (HfCl4)');

  await page.getByRole('button', { name: 'Undo this import' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Undo this import?' });
  await expect(dialog.getByRole('button', { name: 'Keep the import' })).toBeFocused();
  // D4: the question names every sheet, and what it puts back.
  const named = dialog.getByRole('list', { name: 'What the undo puts back' });
  await expect(named.getByRole('listitem')).toHaveText([
    'Hafnium tetrachloride (HfCl4): added by the import: taken off the site',
    `${first.title}: Description (American English)`,
  ]);
  await dialog.getByRole('button', { name: 'Undo the import' }).click();
  await expect(page.getByText(/^The import was undone: 1 sheet put back as it was, 1 added by the import moved to the trash/)).toBeVisible();
  expect(await publicTitles(page)).not.toContain('Hafnium tetrachloride (HfCl4)');
});

test('an Excel workbook German LibreOffice saved, dropped: its numbers compared as numbers, applied, and shown as German writes them', async ({ page }) => {
  const workbook = 'libreoffice-german-decimal-comma.xlsx';
  await openImport(page);
  await dropFiles(page, page.locator('.studio-drop__zone'), [{ name: workbook, bytes: readFileSync(join('tests', 'fixtures', 'csv', workbook)) }]);
  await expect(page.getByRole('heading', { name: 'What the import would do' })).toBeVisible();
  await expect(page.getByText(/^From the Excel workbook: 3 sheets changed/)).toBeVisible();
  // Each sheet's row of its density, after the import: the numbers the cells hold, as stored.
  await expect(page.getByRole('row', { name: /^density/ }).locator('[data-column="After the import"]')).toHaveText(['0.933', '0.752', '1.726']);

  await page.getByRole('button', { name: 'Apply the import' }).click();
  await expect(page.getByText(/^Imported: 3 sheets changed\./)).toBeVisible();
  const german = await (await page.request.get(`${server.origin}/de-DE/sheets/titanium-tetrachloride`)).text();
  expect(german).toContain('<dt>Dichte</dt><dd>1,726 g/cm³</dd>');
  expect(german).toContain('<dd>-24,1 °C</dd>');

  // The store as the other tests expect it.
  await page.getByRole('button', { name: 'Undo this import' }).click();
  await page.getByRole('alertdialog', { name: 'Undo this import?' }).getByRole('button', { name: 'Undo the import' }).click();
  await expect(page.getByText(/^The import was undone: 3 sheets put back as they were/)).toBeVisible();
});

test.describe('refusals', () => {
  // The refusals are answers of 400 and 422, which Chromium logs as failed loads.
  test.use({ expectedConsoleErrors: [/status of (400|422)/] });

  test('a zip bomb is refused, saying why, and nothing is compared', async ({ page }) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('title\nBomb'), 'sheets.csv');
    zip.addBuffer(Buffer.alloc(200 * 1024 * 1024), 'zeros.pdf');
    zip.end();
    const path = join(folder, 'content.zip');
    await pipeline(zip.outputStream, createWriteStream(path));

    await openImport(page);
    await choose(page, [{ name: 'content.zip', mimeType: 'application/zip', buffer: readFileSync(path) }]);
    await expect(page.getByRole('alert').filter({ hasText: /The zip entry zeros\.pdf would unpack from \d+ bytes to 200 MB/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What the import would do' })).toHaveCount(0);
  });

  test('an .xls is refused saying what to do with it, and nothing is compared', async ({ page }) => {
    await openImport(page);
    await choose(page, [{ name: 'Preise.xls', mimeType: 'application/vnd.ms-excel', buffer: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) }]);
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Preise.xls is an Excel 97–2003 workbook (.xls), which an import cannot read: save it as an Excel workbook (.xlsx) or as CSV UTF-8',
      }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What the import would do' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel the import' }).click();
  });

  for (const width of [375, 1280]) {
    test(`axe finds nothing on the import screen at ${width} px, with a comparison and with problems`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openImport(page);
      await axe(page);
      // The first test's sheet is in the trash since its import was undone: this one has a name of its own.
      await choose(page, await csvWithFiles({ urlName: `hafnium-tetrachloride-${width}` }));
      await expect(page.getByRole('heading', { name: 'What the import would do' })).toBeVisible();
      await page.getByText('Take the sheets the file does not list off the collection').click();
      await expect(page.getByRole('checkbox', { name: /Take the sheets the file does not list off/ })).toBeChecked();
      await expect(page.getByRole('heading', { name: 'Taken off the collection', exact: false })).toBeVisible();
      await axe(page);
      await page.getByRole('button', { name: 'Cancel the import' }).click();
      await expect(page.getByText('The import was cancelled; nothing was changed.')).toBeVisible();

      await choose(page, [{ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from('title,document\nA sheet,missing.pdf\n') }]);
      await expect(page.getByRole('heading', { name: 'Cannot be imported' })).toBeVisible();
      await expect(page.getByText('line 2, document: missing.pdf is not among the files chosen with the CSV')).toBeVisible();
      await axe(page);
      await page.getByRole('button', { name: 'Cancel the import' }).click();
    });
  }
});
