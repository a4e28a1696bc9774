/**
 * A sheet's documents as a set in Chromium, on a server and database of this spec's own: an editor
 * opens the demo's TMA sheet (its data sheet in English and German, safety data sheets for the EU
 * and Germany), gives the German safety data sheet a new revision label and date, adds a brochure,
 * and publishes; a German visitor's card and sheet page lead to the German data sheet, and the page
 * lists the others with their revisions. axe on the sheet screen at phone and desktop widths.
 */
import type { Page } from '@playwright/test';
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';
import { renderLiteraturePdf } from '../../src/demo/literature-pdf';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { openSheet, saved, signIn } from './studio-steps';

let server: OwnServer;
test.describe.configure({ mode: 'serial' });
// The save of a wrong region is refused (400), which Chromium reports in the console.
test.use({ expectedConsoleErrors: [/status of 400/] });

test.beforeAll(async () => {
  server = await startOwnServer({ accounts: [{ email: 'ana@example.com', role: 'editor' }] });
});
test.afterAll(async () => {
  await server?.stop();
});

const TMA = 'Trimethylaluminum (TMA)';
const documentNamed = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('an editor revises and adds documents of a set; a German visitor gets the German data sheet and sees the revisions', async ({ page, browser }) => {
  await signIn(page, server.origin, 'ana@example.com');
  await openSheet(page, server.origin, TMA);
  for (const name of [
    'Data sheet, American English',
    'Data sheet, German (Germany)',
    'Safety data sheet, American English, EU',
    'Safety data sheet, German (Germany), DE',
  ])
    await expect(documentNamed(page, name)).toBeVisible();

  // Known by its file: its name says its region, which changes as it is typed.
  const sds = page.locator('.studio-document').filter({ has: page.getByRole('link', { name: 'literature-sheet-trimethylaluminum-sds-de.pdf' }) });
  await expect(sds.getByRole('textbox', { name: 'Revision', exact: true })).toHaveValue('5.1');
  await sds.getByRole('textbox', { name: 'Revision', exact: true }).fill('5.2');
  await sds.getByRole('textbox', { name: 'Revision date' }).fill('2026-10-01');
  // A region is a country code: a wrong one is named beside the field, and nothing is lost.
  await sds.getByRole('textbox', { name: 'Region' }).fill('D');
  await expect(sds.getByText('must be a country code of two capital letters (DE, FR) or EU')).toBeVisible();
  await sds.getByRole('textbox', { name: 'Region' }).fill('DE');
  await saved(page);

  await page.getByRole('button', { name: /Kind of the next document/ }).click();
  await page.getByRole('option', { name: 'Brochure' }).click();
  const brochure = await renderLiteraturePdf(
    { ...DEMO_CATALOGUE[0]!, title: 'TMA delivery systems', description: 'Bubblers, valves and lines for trimethylaluminium delivery in ALD and MOCVD tools.' },
    { generatedAt: new Date('2026-09-01T00:00:00Z') },
  );
  await page.locator('.studio-documents__add input[type="file"]').setInputFiles({ name: 'tma-delivery.pdf', mimeType: 'application/pdf', buffer: brochure });
  await expect(page.getByText(/^tma-delivery\.pdf is added \(Brochure, American English/)).toBeVisible({ timeout: 30_000 });
  await expect(documentNamed(page, 'Brochure, American English')).toBeVisible();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Published. Visitors see it on their next visit to the page.')).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${server.origin}/de-DE/sheets/trimethylaluminum`);
  await expect(visitor.getByRole('link', { name: 'Datenblatt (PDF)' })).toHaveAttribute('href', /literature-sheet-trimethylaluminum-de\?v=1$/);
  const more = visitor.locator('.sheet__documents li');
  await expect(more).toContainText([
    /Sicherheitsdatenblatt \(Deutsch\).*Deutschland, Revision 5\.2 vom 1\. Oktober 2026/,
    /Datenblatt \(Englisch\).*Revision 3 vom 4\. November 2025/,
    /Sicherheitsdatenblatt \(Englisch\).*Europäische Union, Revision 5\.1 vom 22\. September 2025/,
    /Broschüre \(Englisch\)/,
  ]);
  // The card on the German literature page reads more in German too.
  await visitor.goto(`${server.origin}/de-DE/`);
  const card = visitor.locator('.collection-grid [role="group"]').filter({ hasText: 'Trimethylaluminium (TMA)' });
  await expect(card.locator('a.card__link')).toHaveAttribute('href', /literature-sheet-trimethylaluminum-de\?v=1$/);
});

for (const width of [375, 1280]) {
  test(`axe finds no violations on a sheet with a document set at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, server.origin, 'ana@example.com');
    await openSheet(page, server.origin, TMA);
    await expect(documentNamed(page, 'Data sheet, German (Germany)')).toBeVisible();
    await axe(page);
  });
}
