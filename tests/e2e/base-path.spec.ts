import { DEMO_TITLES, PAGE_SIZE, cards, expect, showMore, test } from './fixtures';

test('the site works under a base path', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/literature\/$/);
  await expect(cards(page)).toHaveCount(PAGE_SIZE);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  await showMore(page).click();
  await expect(cards(page)).toHaveCount(PAGE_SIZE * 2);
  await expect(page.locator('.card__title').nth(PAGE_SIZE)).toHaveText(DEMO_TITLES[PAGE_SIZE]!);
  const href = await page
    .getByRole('link', { name: /^Read More/ })
    .first()
    .getAttribute('href');
  expect(href).toMatch(/^\/literature\/sfsites\/c\/file-asset\//);
  const response = await page.request.get(href!);
  expect(response.headers()['content-type']).toBe('application/pdf');
  // Images and styles load from under the base path too.
  const image = page.locator('.card__image').first();
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('.card').first()).toHaveCSS('border-top-width', '1px');
});
