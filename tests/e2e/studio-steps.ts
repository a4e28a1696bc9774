/**
 * Steps the studio's end-to-end specs share: signing in, dropping files as a person does, the
 * Import screen's choose-compare-apply, and the sheet screen's fields.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { OWN_SERVER_PASSWORD } from './own-server';

export async function signIn(page: Page, origin: string, email: string, landing = '/studio') {
  await page.goto(`${origin}${landing}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(OWN_SERVER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Drops files on an element as a person does: Chromium's own drag events with files from disk (a
 * DataTransfer made in the page holds no file entries, so it is not what a real drop delivers).
 */
export async function dropFiles(page: Page, target: Locator, files: Array<{ name: string; bytes: Buffer }>) {
  const folder = mkdtempSync(join(tmpdir(), 'studio-drop-'));
  const paths = files.map((file) => {
    const path = join(folder, file.name);
    writeFileSync(path, file.bytes);
    return path;
  });
  const box = (await target.boundingBox())!;
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const)
    await cdp.send('Input.dispatchDragEvent', { type, x: box.x + box.width / 2, y: box.y + box.height / 2, data });
  await cdp.detach();
}

/** Chooses files on the Import screen; the comparison (or the problems) shows next. */
export async function chooseImportFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  // The chooser is waited for before the click, with a round trip between (the button enabled):
  // turning on its interception could otherwise be overtaken by the click on a busy machine.
  const chooser = page.waitForEvent('filechooser');
  const button = page.getByRole('button', { name: 'Choose files' });
  await expect(button).toBeEnabled();
  await button.click();
  await (await chooser).setFiles(files);
}

/** Imports a CSV through the Import screen, from choosing it to applying it. */
export async function importCsv(page: Page, origin: string, csv: string | Buffer, files: Array<{ name: string; mimeType: string; buffer: Buffer }> = []) {
  await page.goto(`${origin}/studio/import`);
  await chooseImportFiles(page, [{ name: 'sheets.csv', mimeType: 'text/csv', buffer: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) }, ...files]);
  await expect(page.getByRole('heading', { name: 'What the import would do' })).toBeVisible();
  await page.getByRole('button', { name: 'Apply the import' }).click();
  await expect(page.getByText(/^Imported: /)).toBeVisible();
}

export const textsOf = (page: Page, language: string) => page.getByRole('group', { name: language });
export const titleField = (page: Page, language = 'American English') => textsOf(page, language).getByRole('textbox', { name: 'Title', exact: true });
export const descriptionField = (page: Page, language = 'American English') =>
  textsOf(page, language).getByRole('textbox', { name: 'Description', exact: true });
export const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

/** Opens a sheet's screen from the Sheets list, by its title. */
export async function openSheet(page: Page, origin: string, title: string) {
  await page.goto(`${origin}/studio`);
  await page.getByRole('searchbox', { name: 'Search titles' }).fill(title);
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
}
