/**
 * Translations in the studio, in Chromium, on a server and database of this spec's own: an editor
 * changes a sheet's English title; the German and French titles are marked outdated on the sheet
 * screen (what the English said then and says now) and in the Sheets list's filter; editing the
 * German title clears its mark, "Still right" clears the French one; axe on the marked screen at
 * phone and desktop widths. Texts sent as XLIFF (1.2 unless asked) and brought back as drafts; a
 * title corrected in the studio after the export that the file changes too is shown both ways, and
 * the editor's choice per text is what is saved.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { openSheet, saved, signIn, titleField } from './studio-steps';

let server: OwnServer;
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer({ accounts: [{ email: 'ana@example.com', role: 'editor' }] });
});
test.afterAll(async () => {
  await server?.stop();
});

const outdatedPanel = (page: Page) => page.getByRole('region', { name: /outdated: the American English changed/ });

/** The Sheets list filtered to a language's outdated translations lists these titles (waited for: the list answers a moment after the choice). */
async function expectOutdated(page: Page, language: string, titles: string[]) {
  await page.goto(`${server.origin}/studio`);
  await page.getByRole('button', { name: /Translation/ }).click();
  await page.getByRole('option', { name: `Outdated ${language}` }).click();
  await expect(page.getByText(`${titles.length} ${titles.length === 1 ? 'sheet' : 'sheets'}`, { exact: true })).toBeVisible();
  await expect(page.locator('.studio-table tbody th')).toHaveText(titles);
}

test('a changed English title marks its translations outdated until they are edited or confirmed', async ({ page }) => {
  await signIn(page, server.origin, 'ana@example.com');
  await openSheet(page, server.origin, 'Tetraethyl orthosilicate (TEOS)');
  await expect(outdatedPanel(page)).toHaveCount(0);
  await titleField(page).fill('Tetraethyl orthosilicate (TEOS), electronic grade');
  await saved(page);

  // The German shown beside it says which text is outdated, with the English then and now.
  const panel = outdatedPanel(page);
  await expect(panel.getByRole('heading')).toHaveText('One text is outdated: the American English changed since it was translated');
  await expect(panel).toContainText('Title (German (Germany))');
  await expect(panel).toContainText('American English thenTetraethyl orthosilicate (TEOS)');
  await expect(panel).toContainText('American English nowTetraethyl orthosilicate (TEOS), electronic grade');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page);
  }

  await expectOutdated(page, 'German (Germany)', ['Tetraethyl orthosilicate (TEOS), electronic grade']);
  await expect(page.getByText('Outdated: de-DE, fr-FR')).toBeVisible();

  // Editing the German title brings it up to date.
  await page.getByRole('link', { name: 'Tetraethyl orthosilicate (TEOS), electronic grade' }).click();
  await titleField(page, 'German (Germany)').fill('Tetraethylorthosilicat (TEOS), Elektronikqualität');
  await saved(page);
  await expect(outdatedPanel(page)).toHaveCount(0);

  // The French is still outdated; "Still right" confirms it as it is.
  await page.getByRole('button', { name: /Translation shown beside it/ }).click();
  await page.getByRole('option', { name: 'French (France) (outdated)' }).click();
  await expect(outdatedPanel(page)).toContainText('Title (French (France))');
  await outdatedPanel(page).getByRole('button', { name: 'Still right: Title (French (France))' }).click();
  await expect(outdatedPanel(page)).toHaveCount(0);

  await expectOutdated(page, 'German (Germany)', []);
  await expectOutdated(page, 'French (France)', []);
});

test('the page heading translated into German and published like a sheet, then marked outdated when the English changes', async ({ page }) => {
  await signIn(page, server.origin, 'ana@example.com');
  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Page', exact: true }).click();
  const german = page.getByRole('textbox', { name: 'Page heading (German (Germany))' });
  await expect(german).toHaveValue('Datenblätter - CVD-, ALD-Präkursoren und Anlagen');
  await expect(german).toHaveAccessibleDescription('American English: Literature Sheets - CVD, ALD Precursors and Equipment');
  await german.fill('Datenblätter für die Abscheidung');
  await saved(page);
  const heading = async (path: string) =>
    /<h2 class="rich-text-heading[^>]*>([^<]*)<\/h2>/.exec(await (await page.request.get(`${server.origin}${path}`)).text())?.[1];
  expect(await heading('/de-DE/')).toBe('Datenblätter - CVD-, ALD-Präkursoren und Anlagen');
  await page.getByRole('button', { name: 'Publish the page' }).click();
  await expect(page.getByText('Published. Visitors see it on their next visit.')).toBeVisible();
  expect(await heading('/de-DE/')).toBe('Datenblätter für die Abscheidung');
  expect(await heading('/')).toBe('Literature Sheets - CVD, ALD Precursors and Equipment');

  await page.getByRole('textbox', { name: 'Page heading', exact: true }).fill('Literature for deposition');
  await saved(page);
  await expect(outdatedPanel(page)).toContainText('Page heading (German (Germany))');
  await expect(outdatedPanel(page)).toContainText('American English nowLiterature for deposition');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page);
  }
  await outdatedPanel(page).getByRole('button', { name: 'Still right: Page heading (German (Germany))' }).click();
  await expect(outdatedPanel(page)).toHaveCount(0);
});

test('German texts sent as XLIFF and brought back: compared first, the changed source flagged, then saved into the drafts', async ({ page }) => {
  await signIn(page, server.origin, 'ana@example.com', '/studio/translations');
  await expect(page.getByRole('heading', { name: 'Translations', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Texts/ }).click();
  await page.getByRole('option', { name: 'All texts' }).click();
  await page.getByRole('button', { name: /Format/ }).click();
  await page.getByRole('option', { name: /^XLIFF 1\.2/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the German (Germany) file' }).click();
  const exported = readFileSync(await (await download).path(), 'utf8');
  expect(exported).toContain('urn:oasis:names:tc:xliff:document:1.2');

  // The agency's file: one new translation, and one unit whose source is not the English the sheet has now.
  const translated = exported
    .replace('<target>Silan (SiH₄)</target>', '<target>Monosilan (SiH₄)</target>')
    .replace('<source>Diethylzinc (DEZ)</source>', '<source>Diethylzinc</source>');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose the translated file' }).click();
  await (await chooser).setFiles({ name: 'de.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(translated) });

  await expect(page.getByRole('heading', { name: 'What the translation would change: 1 text in German (Germany)' })).toBeFocused();
  await expect(page.getByRole('row', { name: /Silane \(SiH₄\).*Silan \(SiH₄\).*Monosilan \(SiH₄\)/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Flagged and left out' })).toContainText(
    'Diethylzinc (DEZ) · title: its source text changed since the file was exported.',
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page);
  }
  await page.getByRole('button', { name: 'Save 1 text into the drafts' }).click();
  await expect(page.getByText('Saved 1 text into the drafts of Silane (SiH₄). Publish them to put them on the site.')).toBeVisible();

  await openSheet(page, server.origin, 'Silane (SiH₄)');
  await expect(titleField(page, 'German (Germany)')).toHaveValue('Monosilan (SiH₄)');
});

test('titles corrected in the studio after the export and changed by the file too: both shown, the editor’s choice per text saved', async ({ page }) => {
  await signIn(page, server.origin, 'ana@example.com', '/studio/translations');
  await page.getByRole('button', { name: /Texts/ }).click();
  await page.getByRole('option', { name: 'All texts' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the German (Germany) file' }).click();
  const exported = readFileSync(await (await download).path(), 'utf8');
  // XLIFF 1.2 when no format is chosen: the version most tools read.
  expect(exported).toContain('urn:oasis:names:tc:xliff:document:1.2');

  // After the export, two German titles are corrected in the studio.
  const corrections: Array<[string, string]> = [
    ['Diethylzinc (DEZ)', 'Diethylzink (DEZ), flüssig'],
    ['Dichlorosilane (DCS)', 'Dichlorsilan (DCS), rein'],
  ];
  for (const [title, german] of corrections) {
    await openSheet(page, server.origin, title);
    await titleField(page, 'German (Germany)').fill(german);
    await saved(page);
  }

  // The agency's file changes both titles too.
  const translated = exported
    .replace('<target>Diethylzink (DEZ)</target>', '<target>Diethylzink</target>')
    .replace('<target>Dichlorsilan (DCS)</target>', '<target>Dichlorsilan</target>');
  await page.goto(`${server.origin}/studio/translations`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose the translated file' }).click();
  await (await chooser).setFiles({ name: 'de.xlf', mimeType: 'application/xliff+xml', buffer: Buffer.from(translated) });

  await expect(page.getByRole('heading', { name: 'What the translation would change: 0 texts in German (Germany)' })).toBeFocused();
  const conflicts = page.getByRole('region', { name: 'Changed in the studio and in the file: choose which to keep' });
  const dez = conflicts.getByRole('radiogroup', { name: 'Diethylzinc (DEZ) · Title (German (Germany))' });
  const dcs = conflicts.getByRole('radiogroup', { name: 'Dichlorosilane (DCS) · Title (German (Germany))' });
  await expect(dez.getByRole('radio', { name: /^Keep the draft’s\s*Diethylzink \(DEZ\), flüssig$/ })).toBeChecked();
  await expect(dez.getByRole('radio', { name: /^Take the file’s\s*Diethylzink$/ })).not.toBeChecked();
  await expect(dcs.getByRole('radio', { name: /^Keep the draft’s/ })).toBeChecked();
  // Nothing is saved while every text keeps the draft's.
  await expect(page.getByRole('button', { name: /^Save \d+ texts? into the drafts$/ })).toHaveCount(0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page);
  }

  // The choice as a person makes it: a click on the option's card (the radio input itself is visually hidden).
  await dez.getByText('Take the file’s').click();
  await expect(dez.getByRole('radio', { name: /^Take the file’s/ })).toBeChecked();
  await page.getByRole('button', { name: 'Save 1 text into the drafts' }).click();
  await expect(page.getByText('Saved 1 text into the drafts of Diethylzinc (DEZ). Publish them to put them on the site.')).toBeVisible();

  await openSheet(page, server.origin, 'Diethylzinc (DEZ)');
  await expect(titleField(page, 'German (Germany)')).toHaveValue('Diethylzink');
  await openSheet(page, server.origin, 'Dichlorosilane (DCS)');
  await expect(titleField(page, 'German (Germany)')).toHaveValue('Dichlorsilan (DCS), rein');
});
