/**
 * The studio's door and its first screen, in Chromium, on a server and database of this spec's
 * own: a guest is sent to sign in and comes back; a visitor's account is refused; an editor sees
 * every sheet, searches and filters, by mouse or keyboard; axe finds nothing at phone and desktop
 * widths.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';
import { renderLiteraturePdf } from '../../src/demo/literature-pdf';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { OWN_SERVER_PASSWORD, startOwnServer, type OwnServer } from './own-server';

let server: OwnServer;
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer({
    accounts: [
      { email: 'editor@example.com', role: 'editor' },
      { email: 'visitor@example.com', role: 'visitor' },
    ],
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signInFromStudio(page: Page, email: string) {
  await page.goto(`${server.origin}/studio`);
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fstudio$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OWN_SERVER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a guest is sent to sign in, and an editor comes back to every sheet, searches and filters', async ({ page }) => {
  expect((await page.request.get(`${server.origin}/studio/api/sheets`)).status()).toBe(401);
  await signInFromStudio(page, 'editor@example.com');
  await expect(page).toHaveURL(`${server.origin}/studio`);
  await expect(page.getByRole('heading', { name: 'Sheets', level: 1 })).toBeVisible();
  await expect(page.getByText(`${DEMO_CATALOGUE.length} sheets`)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(DEMO_CATALOGUE.length + 1);

  await page.getByRole('searchbox', { name: 'Search titles' }).fill('teos');
  await expect(page.getByText('1 sheet', { exact: true })).toBeVisible();
  await expect(page.getByRole('rowheader')).toHaveText(['Tetraethyl orthosilicate (TEOS)']);

  await page.getByRole('searchbox', { name: 'Search titles' }).fill('');
  await page.getByRole('button', { name: /Status/ }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await expect(page.getByText('0 sheets')).toBeVisible();
});

test('works by keyboard alone', async ({ page }) => {
  await signInFromStudio(page, 'editor@example.com');
  await expect(page.getByText(`${DEMO_CATALOGUE.length} sheets`)).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search titles' });
  await search.focus();
  await page.keyboard.type('tri');
  await expect(page.getByText(/^\d+ sheets?$/)).not.toHaveText(`${DEMO_CATALOGUE.length} sheets`);
  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Status/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Status/ })).toContainText('Draft');
  await expect(page.getByText('0 sheets')).toBeVisible();
});

test.describe('PDFs to sheets', () => {
  // The refused file's 422 is reported by Chromium in the console.
  test.use({ expectedConsoleErrors: [/status of 422/] });

  test('PDFs chosen on the Sheets screen become draft sheets, each with its progress; one that is not a PDF says why', async ({ page }) => {
    const pdf = await renderLiteraturePdf({ ...DEMO_CATALOGUE[0]!, title: 'Hafnium tetrachloride (HfCl4)' }, { generatedAt: new Date('2026-05-01T00:00:00Z') });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    await signInFromStudio(page, 'editor@example.com');
    await expect(page.getByText(`${DEMO_CATALOGUE.length} sheets`)).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'hfcl4.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: 'photo.pdf', mimeType: 'application/pdf', buffer: png },
    ]);
    const sent = page.getByRole('list', { name: 'PDFs sent' });
    await expect(sent.getByText('Draft “Hafnium tetrachloride (HfCl4)” made: check it, then publish.')).toBeVisible();
    await expect(sent.getByRole('alert')).toContainText('This file is a PNG image, not a PDF.');
    await expect(page.getByText(`${DEMO_CATALOGUE.length + 1} sheets`)).toBeVisible();
    await expect(page.getByRole('row', { name: /Hafnium tetrachloride \(HfCl4\)/ })).toContainText('Draft');
  });
});

test.describe('a visitor', () => {
  // The refusal is a 403 page, which Chromium reports in the console.
  test.use({ expectedConsoleErrors: [/status of 403/] });

  test('is told the studio is for editors', async ({ page }) => {
    await signInFromStudio(page, 'visitor@example.com');
    await expect(page.getByRole('heading', { name: 'The studio is for editors' })).toBeVisible();
    expect((await page.request.get(`${server.origin}/studio`)).status()).toBe(403);
    expect((await page.request.get(`${server.origin}/studio/api/sheets`)).status()).toBe(403);
  });
});

for (const width of [375, 1280]) {
  test(`axe finds no violations on the Sheets screen at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInFromStudio(page, 'editor@example.com');
    await expect(page.getByText(/^\d+ sheets$/)).toBeVisible();
    await axe(page);
  });
}
