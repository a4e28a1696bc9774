/**
 * Accounts and the audit log in Chromium, on a server and database of this spec's own: an admin
 * adds an editor with a temporary password, the editor signs in and must choose their own before
 * the studio opens; an editor reaches neither Accounts nor the audit log (the API says 403); the
 * admin finds the editor's changes in the audit log; axe on each screen at phone and desktop widths.
 */
import type { Page } from '@playwright/test';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { OWN_SERVER_PASSWORD, startOwnServer, type OwnServer } from './own-server';

let server: OwnServer;
test.describe.configure({ mode: 'serial' });
// The editor's refused API request (403) is reported by Chromium in the console.
test.use({ expectedConsoleErrors: [/status of 403/] });

test.beforeAll(async () => {
  server = await startOwnServer({ accounts: [{ email: 'admin@example.com', role: 'admin' }] });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, email: string, password = OWN_SERVER_PASSWORD) {
  await page.goto(`${server.origin}/studio`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name, exact: true });

test('an admin adds an editor, who signs in with the temporary password and must choose their own', async ({ page, browser }) => {
  await signIn(page, 'admin@example.com');
  await section(page, 'Accounts').click();
  await page.getByRole('textbox', { name: 'Email' }).fill('new.editor@example.com');
  await page.getByRole('textbox', { name: 'Temporary password' }).fill('first day password');
  await page.getByRole('button', { name: 'Add the account' }).click();
  await expect(page.getByText('new.editor@example.com can sign in now with the temporary password')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'new.editor@example.com' })).toContainText('has a temporary password');

  const editor = await (await browser.newContext()).newPage();
  await signIn(editor, 'new.editor@example.com', 'first day password');
  await expect(editor.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await expect(editor.getByText('signed in with a temporary password')).toBeVisible();
  // Nothing else until it is done.
  expect((await editor.request.get(`${server.origin}/studio/api/sheets`)).status()).toBe(403);
  await editor.getByLabel('Temporary password').fill('first day password');
  await editor.getByLabel('New password', { exact: true }).fill('my very own password');
  await editor.getByLabel('New password again').fill('my very own password');
  await editor.getByRole('button', { name: 'Change the password' }).click();
  await expect(editor.getByRole('heading', { name: 'Sheets', level: 1 })).toBeVisible();

  // An editor sees neither Accounts nor the audit log, and the API refuses them.
  await expect(section(editor, 'Accounts')).toHaveCount(0);
  expect((await editor.request.get(`${server.origin}/studio/api/accounts`)).status()).toBe(403);
  expect((await editor.request.get(`${server.origin}/studio/api/audit`)).status()).toBe(403);
  await editor.goto(`${server.origin}/studio/audit`);
  await expect(editor.getByRole('heading', { name: 'Sheets', level: 1 })).toBeVisible();
  await editor.getByRole('link', { name: 'Silane (SiH₄)' }).click();
  await editor.getByRole('group', { name: 'American English' }).getByRole('textbox', { name: 'Title', exact: true }).fill('Silane (SiH₄), checked');
  await expect(editor.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await editor.context().close();

  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: 'new.editor@example.com' })).not.toContainText('has a temporary password');
  // The temporary-password form gives the keyboard back to the button that opened it, cancelled or done.
  const resetButton = page.getByRole('button', { name: 'Set a temporary password for new.editor@example.com' });
  const resetForm = page.getByRole('dialog', { name: 'A temporary password for new.editor@example.com' });
  await resetButton.click();
  await expect(resetForm.getByRole('textbox', { name: 'Temporary password' })).toBeFocused();
  await resetForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(resetButton).toBeFocused();
  await resetButton.click();
  await expect(resetForm.getByRole('textbox', { name: 'Temporary password' })).toBeFocused();
  await page.keyboard.type('another temporary one');
  await page.keyboard.press('Enter');
  await expect(page.getByText('new.editor@example.com is signed out and chooses a new password at their next sign-in.')).toBeVisible();
  await expect(resetButton).toBeFocused();
  await section(page, 'Audit log').click();
  await page.getByRole('textbox', { name: 'Person' }).fill('new.editor@example.com');
  await expect(page.getByRole('row', { name: /new.editor@example.com saved Silane \(SiH₄\), checked/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /changed their own password/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Sheet or account' }).fill('no such sheet');
  await expect(page.getByText('0 entries')).toBeVisible();
});

for (const width of [375, 1280]) {
  test(`axe finds no violations on Accounts, the audit log and the password page at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin@example.com');
    await section(page, 'Accounts').click();
    await expect(page.getByRole('listitem').filter({ hasText: 'admin@example.com' })).toBeVisible();
    await axe(page);
    await section(page, 'Audit log').click();
    await expect(page.getByText(/\d+ entr/)).toBeVisible();
    await axe(page);
    await page.getByRole('link', { name: 'Your password' }).click();
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await axe(page);
  });
}
