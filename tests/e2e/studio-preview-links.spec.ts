/**
 * Revoking a shared preview link in the studio (issue 34, "Preview links can't be revoked"): the
 * editor makes a link, sees it listed, revokes it with its own button, and the link opens nothing
 * from then on. On a server and database of this spec's own.
 */
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { openSheet, signIn } from './studio-steps';

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ accounts: [{ email: 'ana@example.com', role: 'editor' }] });
});
test.afterAll(async () => {
  await server?.stop();
});

test('a preview link is listed, revoked with its own button, and opens nothing after', async ({ page }) => {
  const title = DEMO_CATALOGUE[4]!.title;
  await signIn(page, server.origin, 'ana@example.com');
  await openSheet(page, server.origin, title);

  await page.getByRole('button', { name: 'Share a preview link' }).click();
  const shown = page.getByRole('textbox', { name: 'Preview link' });
  await expect(shown).toHaveValue(/\/preview\/[A-Za-z0-9_-]{32}$/);
  const url = await shown.inputValue();
  const visitor = await page.context().newPage();
  expect((await visitor.goto(url))?.status()).toBe(200);

  const links = page.getByRole('list', { name: 'Preview links that work now' });
  const revoke = links.getByRole('button', { name: /^Revoke the preview link ana@example\.com made on / });
  await expect(revoke).toHaveCount(1);
  await axe(page);

  await revoke.click();
  const status = page.getByRole('status').filter({ hasText: /^Revoked the preview link ana@example\.com made on .+: it no longer opens the preview\.$/ });
  await expect(status).toBeVisible();
  // The button is gone with its link: the keyboard is on the line that says so.
  await expect(page.locator('.studio-preview-links .studio-status-line')).toBeFocused();
  await expect(page.getByText('None: no shared link opens this sheet’s preview.')).toBeVisible();
  await expect(shown).toHaveCount(0);

  expect((await visitor.reload())?.status()).toBe(404);
  await visitor.close();
});
