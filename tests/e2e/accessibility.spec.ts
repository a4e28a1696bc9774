import { axe } from './axe';
import { cards, expect, showMore, test } from './fixtures';

for (const width of [375, 768, 1280]) {
  test(`axe finds no violations on the literature page at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await showMore(page).click();
    await expect(cards(page)).toHaveCount(14);
    await axe(page);
  });
}

test('axe finds no violations on a page with rich text, two columns and a standard paginator', async ({ page }) => {
  await page.goto('/grid-states');
  await expect(cards(page)).toHaveCount(5);
  await axe(page);
});
