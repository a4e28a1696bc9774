/**
 * Webhooks and the CDN's purges in Chromium, on a server of this spec's own whose CDN refuses
 * every purge (CDN_VARNISH_URLS names a port nothing listens on): an admin registers a webhook and
 * sees its secret once; an editor's publish reaches the receiver signed with that secret, and the
 * delivery log says so; "Send again" delivers the same event once more; every studio screen warns
 * that the CDN refuses its purges, and the Webhooks screen says what it said; the webhook is
 * removed after a question; axe at phone and desktop widths.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { verifyDelivery } from '../../src/webhooks/signature';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { openSheet, saved, signIn, titleField } from './studio-steps';
import { startOwnServer, type OwnServer } from './own-server';

interface Heard {
  body: { id: string; type: string; data: { sheet?: { label: string } } };
  raw: string;
  signature: string;
}

let server: OwnServer;
let receiver: Server;
let hookUrl = '';
const heard: Heard[] = [];
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      heard.push({ body: JSON.parse(raw) as Heard['body'], raw, signature: String(request.headers['literature-signature']) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/literature`;
  // A port just closed: the CDN there refuses every purge.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const cdnPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  server = await startOwnServer({
    accounts: [{ email: 'admin@example.com', role: 'admin' }],
    env: { CDN_VARNISH_URLS: `http://127.0.0.1:${cdnPort}/` },
  });
});
test.afterAll(async () => {
  await server?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name, exact: true });

test('an admin registers a webhook; a publish reaches it signed, the log says delivered, and it is sent again on request', async ({ page }) => {
  await signIn(page, server.origin, 'admin@example.com');
  await section(page, 'Webhooks').click();
  await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'URL' }).fill(hookUrl);
  await page.getByRole('textbox', { name: 'What it is for' }).fill('The search service');
  await expect(page.getByRole('checkbox', { name: /A sheet is published/ })).toBeChecked();
  const release = page.getByRole('checkbox', { name: /A release is published/ });
  await release.focus();
  await page.keyboard.press('Space');
  await expect(release).toBeChecked();
  await page.getByRole('button', { name: 'Add the webhook' }).click();

  const dialog = page.getByRole('dialog', { name: `The signing secret of ${hookUrl}` });
  const secretField = dialog.getByRole('textbox', { name: 'Secret' });
  await expect(secretField).toBeFocused();
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^whsec_/);
  await axe(page);
  await dialog.getByRole('button', { name: 'I have kept it' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`${hookUrl} is told of sheet.published, sheet.unpublished, sheet.deleted, release.published from now on.`)).toBeVisible();
  // Shown once: nowhere on the screen after a reload.
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: hookUrl })).toContainText('The search service');
  expect(await page.content()).not.toContain(secret);

  await openSheet(page, server.origin, 'Silane (SiH₄)');
  await titleField(page).fill('Silane (SiH₄), told to the webhook');
  await saved(page);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect.poll(() => heard.filter((one) => one.body.type === 'sheet.published').length).toBe(1);
  const [told] = heard;
  expect(told!.body.data.sheet?.label).toBe('Silane (SiH₄), told to the webhook');
  expect(verifyDelivery(secret, told!.signature, told!.raw)).toBe(true);

  await section(page, 'Webhooks').click();
  await page.getByRole('button', { name: `Show the deliveries to ${hookUrl}` }).click();
  const log = page.getByRole('table', { name: `Deliveries to ${hookUrl}, newest first` });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh the deliveries' }).click();
    await expect(log.getByRole('row').filter({ hasText: 'sheet.published' })).toContainText('Delivered (204)', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await log.getByRole('button', { name: /^Send again: sheet\.published/ }).click();
  await expect(page.getByText(/The sheet\.published delivery of .* is sent again\./)).toBeVisible();
  await expect.poll(() => heard.length).toBe(2);
  expect(heard[1]!.body.id).toBe(told!.body.id);
  await expect(log.getByRole('row').filter({ hasText: '(sent again)' })).toHaveCount(1);
});

test('every screen warns that the CDN refuses its purges, and the Webhooks screen says what it said', async ({ page }) => {
  await signIn(page, server.origin, 'admin@example.com');
  // The publish above queued keys the CDN refused.
  await expect(page.getByText('The CDN refuses its purges')).toBeVisible();
  await section(page, 'Webhooks').click();
  await expect(page.getByRole('heading', { name: 'CDN purges' })).toBeVisible();
  await expect(page.getByText(/could not be purged \(\d+ tries so far; the CDN said: .+\)/)).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await axe(page);
  }
});

test('a webhook is removed after a question, keeps its log, and hears nothing more', async ({ page }) => {
  await signIn(page, server.origin, 'admin@example.com');
  await section(page, 'Webhooks').click();
  await page.getByRole('button', { name: `Remove ${hookUrl}` }).click();
  const question = page.getByRole('alertdialog', { name: `Remove the webhook ${hookUrl}?` });
  await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await question.getByRole('button', { name: 'Remove it' }).click();
  await expect(page.getByText(`${hookUrl} is removed: it gets no more deliveries. Its log stays.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Bring back ${hookUrl}` })).toBeVisible();
  await page.getByRole('button', { name: `Show the deliveries to ${hookUrl}` }).click();
  await expect(page.getByRole('table', { name: `Deliveries to ${hookUrl}, newest first` }).getByRole('row')).toHaveCount(3);
});
