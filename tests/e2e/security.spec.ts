import { expect, test } from './fixtures';

test('hostile record data and rich text run no script and reach no other site', async ({ page, baseURL }) => {
  const dialogs: string[] = [];
  const offSite: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL ?? '') && !request.url().startsWith('data:')) offSite.push(request.url());
  });
  await page.addInitScript(() => {
    Object.defineProperty(window, '__pwned', {
      set() {
        document.documentElement.dataset.pwned = 'true';
      },
    });
  });
  await page.goto('/hostile/hostile');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.getByText('Hostile rich text').click();
  await page.getByText('link', { exact: true }).click();
  await page.waitForTimeout(300);

  expect(await page.evaluate(() => document.documentElement.dataset.pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(offSite).toEqual([]);
  // The record's name reaches the title as text with its tags removed (spec §5.3); the tags kept
  // in the head are the harmless ones.
  await expect(page).toHaveTitle('window.__pwned=1 | ">window.__pwned=1');
  await expect(page.locator('head meta[name="keywords"]')).toHaveAttribute('content', 'kept');
  await expect(page.locator('head meta[http-equiv]')).toHaveCount(0);
  await expect(page.locator('head link[rel="stylesheet"][href^="https://evil"]')).toHaveCount(0);
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/hostile\/hostile$/);
});

test('the head keeps exactly one of each owned tag after the page changes in the browser', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await page.getByRole('button', { name: 'Show More' }).click();
  await expect(page.locator('.collection-grid [role="group"]')).toHaveCount(14);
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="alternate"]')).toHaveCount(4);
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
});

test('a visitor can switch language, and the page and its API answers follow', async ({ page }) => {
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Language' });
  // The menu is folded behind the current language (a disclosure).
  await menu.locator('summary').click();
  await menu.getByRole('link', { name: /^Deutsch/ }).click();
  await expect(page).toHaveURL(/\/de-DE\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page).toHaveTitle('Datenblätter - CVD-, ALD-Präkursoren');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Datenblätter - CVD-, ALD-Präkursoren und Anlagen');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const apiCall = page.waitForRequest((request) => request.url().includes('/collections/'));
  await page.getByRole('button', { name: 'Mehr anzeigen' }).click();
  expect((await apiCall).url()).toContain('language=de_DE');
  await expect(page.locator('.card__title').nth(7)).toHaveText('Titantetrachlorid (TiCl₄)');
  await expect(page.getByRole('group', { name: 'Eintrag 8' })).toBeFocused();
});
