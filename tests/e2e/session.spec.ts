import type { Page } from '@playwright/test';
import { axe } from './axe';
import { expect, test } from './fixtures';

const TEXT =
  "For security, we suspend your session if you're inactive too long. If you don't click Continue Working within approximately 30 seconds, we log you out.";

async function signIn(page: Page) {
  await page.clock.install();
  // Paused, the page's clock moves only when a test moves it, however long the page takes to load.
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/login');
  await page.getByLabel('Email').fill('e2e@example.com');
  await page.getByLabel('Password').fill('e2e password 1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('You are signed in.');
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Still there?' });

test.describe('the session warning (spec §2.5, §4.4)', () => {
  test('appears 30 s before suspension with the exact texts, and Continue Working keeps the session', async ({ page }) => {
    await signIn(page);
    // The session's 30 minutes run from the sign-in on the server, a moment before the page learns
    // of them: not yet at 29:00 on the page's clock, by 29:31 at the latest.
    await page.clock.fastForward('29:00');
    await expect(dialog(page)).toHaveCount(0);
    await page.clock.fastForward('00:31');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole('heading')).toHaveText('Still there?');
    await expect(dialog(page)).toContainText(TEXT);
    await expect(dialog(page).getByRole('button')).toHaveText(['Continue Working', 'Log Out', 'Close']);
    await expect(dialog(page).getByRole('button', { name: 'Continue Working' })).toBeFocused();
    await dialog(page).getByRole('button', { name: 'Continue Working' }).click();
    await expect(dialog(page)).toHaveCount(0);
    const state = await (await page.request.get('/api/session')).json();
    expect(state.isGuest).toBe(false);
    // A new idle period: no warning for another 29 minutes.
    await page.clock.fastForward('29:00');
    await expect(dialog(page)).toHaveCount(0);
  });

  for (const button of ['Log Out', 'Close'] as const) {
    test(`${button} ends the session on the server`, async ({ page }) => {
      await signIn(page);
      await page.clock.fastForward('29:31');
      await dialog(page).getByRole('button', { name: button }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Account' })).toHaveCount(0);
      // The page lets go at once; the server's end of the session follows the request it sent.
      await expect.poll(async () => (await (await page.request.get('/api/session')).json()).isGuest).toBe(true);
    });
  }

  test('Escape ends the session too', async ({ page }) => {
    await signIn(page);
    await page.clock.fastForward('29:31');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect.poll(async () => (await (await page.request.get('/api/session')).json()).isGuest).toBe(true);
  });

  test('without an answer the session times out and a toast says so', async ({ page }) => {
    await signIn(page);
    await page.clock.fastForward('29:31');
    await expect(dialog(page)).toBeVisible();
    await page.clock.fastForward('00:31');
    await expect(page.getByRole('alert')).toHaveText(/Your session has timed out\. Try again\./);
    await expect(dialog(page)).toHaveCount(0);
    // The browser ends the session with a request of its own, which may still be on its way.
    await expect.poll(async () => (await (await page.request.get('/api/session')).json()).isGuest).toBe(true);
  });

  test('idle background checks do not keep the session alive', async ({ page }) => {
    await signIn(page);
    const before = (await (await page.request.get('/api/session')).json()).idleExpiresAt;
    const checks: string[] = [];
    page.on('request', (request) => request.url().includes('/api/session') && checks.push(request.method()));
    await page.clock.fastForward('12:00');
    await page.clock.fastForward('12:00');
    expect(checks.filter((method) => method === 'GET').length).toBeGreaterThanOrEqual(2);
    expect(checks.filter((method) => method === 'POST')).toEqual([]);
    expect((await (await page.request.get('/api/session')).json()).idleExpiresAt).toBe(before);
    await page.clock.fastForward('05:31');
    await expect(dialog(page)).toBeVisible();
  });

  test('two tabs stay in agreement', async ({ page, context }) => {
    // Opening the second tab is activity: it extends the session and tells the first tab the new
    // end time. Both tabs share the context's clock, which signIn installs.
    const other = await context.newPage();
    await signIn(page);
    await other.goto('/');
    await expect(other.getByRole('region', { name: 'Account' })).toBeVisible();
    await page.clock.fastForward('29:31');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(other)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Continue Working' }).click();
    await expect(dialog(other)).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(other.getByRole('region', { name: 'Account' })).toHaveCount(0);
  });

  test('has no accessibility violations with the dialog open', async ({ page }) => {
    await signIn(page);
    await page.clock.fastForward('29:31');
    await expect(dialog(page)).toBeVisible();
    // axe times its own work.
    await page.clock.resume();
    await axe(page);
  });
});

test.describe('guests', () => {
  test('see no warning and are guests in the page data layer', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await page.clock.fastForward('45:00');
    await expect(dialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => window.pageDataLayer?.providers)).toEqual([{ type: 'user', data: { attributes: { isGuest: true } } }]);
  });
});

test('the page data layer carries the signed-in user and view changes are announced', async ({ page }) => {
  await signIn(page);
  const user = await page.evaluate(() => window.pageDataLayer?.providers.find((provider) => provider.type === 'user'));
  expect(user).toEqual({ type: 'user', data: { crmId: expect.stringMatching(/^005/), attributes: { isGuest: false } } });
  await page.evaluate(() => {
    (window as unknown as { views: string[] }).views = [];
    window.addEventListener('viewchange', (event) => (window as unknown as { views: string[] }).views.push((event as CustomEvent<{ url: string }>).detail.url));
  });
  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  expect(await page.evaluate(() => (window as unknown as { views: string[] }).views)).toEqual([expect.stringMatching(/\?page=2$/)]);
});

test('the public page’s HTML is the same for a signed-in visitor', async ({ page }) => {
  const guestHtml = await (await page.request.get('/')).text();
  await signIn(page);
  const signedInHtml = await (await page.request.get('/')).text();
  expect(signedInHtml).toBe(guestHtml);
});
