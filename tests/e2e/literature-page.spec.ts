import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { DEMO_TITLES, PAGE_SIZE, cardTitles, cards, expect, showMore, test } from './fixtures';

test.describe('the literature page', () => {
  test('shows the title, the heading and the first page of cards', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Literature Sheets - CVD, ALD Precursors');
    const heading = page.getByRole('heading', { level: 2, name: 'Literature Sheets - CVD, ALD Precursors and Equipment' });
    await expect(heading).toBeVisible();
    await expect(heading).toHaveCSS('font-size', '36px');
    await expect(heading).toHaveCSS('font-weight', '700');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    expect(await cardTitles(page)).toEqual(DEMO_TITLES.slice(0, PAGE_SIZE));
    await expect(page.getByRole('link', { name: /^Read More/ })).toHaveCount(PAGE_SIZE);
    await expect(page.getByText('Contact Us')).toHaveCount(0);
  });

  test('Show More appends every item exactly once, in order, focusing the first new card', async ({ page }) => {
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    let shown = PAGE_SIZE;
    while (shown < DEMO_TITLES.length) {
      await showMore(page).click();
      const expected = Math.min(shown + PAGE_SIZE, DEMO_TITLES.length);
      await expect(cards(page)).toHaveCount(expected);
      await expect(cards(page).nth(shown)).toBeFocused();
      await expect(page.locator(':focus')).toHaveAttribute('aria-label', `Item ${shown + 1}`);
      shown = expected;
    }
    await expect(showMore(page)).toHaveCount(0);
    expect(await cardTitles(page)).toEqual(DEMO_TITLES);
    // The address follows, so a reload shows the same list.
    expect(new URL(page.url()).search).toBe(`?page=${Math.ceil(DEMO_TITLES.length / PAGE_SIZE)}`);
  });

  test('a guest fetches no more than 15 KB of script (gzip) before interacting; React comes on the first intent', async ({ page }) => {
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    // Everything the page starts by itself has started once the browser is idle after load.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    const names = () => scripts.map((response) => new URL(response.url()).pathname.split('/').pop());
    expect(names()).toEqual([expect.stringMatching(/^entry-client-.*\.js$/)]);
    const gzipBytes = async () =>
      (await Promise.all(scripts.map(async (response) => gzipSync(await response.body(), { level: 9 }).length))).reduce((a, b) => a + b, 0);
    expect(await gzipBytes()).toBeLessThanOrEqual(15 * 1024);
    expect(await page.evaluate(() => document.querySelector('[data-grid]')?.getAttribute('data-hydrated'))).toBeNull();
    // The pointer over Show More: the grid's code loads, and React takes the grid over.
    await showMore(page).hover();
    await page.waitForFunction(() => document.querySelector('[data-grid]')?.getAttribute('data-hydrated') === 'true');
    expect(names()).toContainEqual(expect.stringMatching(/^grid-island-.*\.js$/));
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test('a guest fetches no more than 75 KB of script (gzip), React included, by the first Show More', async ({ page }) => {
    const gzipBytes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') gzipBytes.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await showMore(page).click();
    await expect(cards(page)).toHaveCount(PAGE_SIZE * 2);
    // Decision 016: React alone is about 66 KB of it, so the grid's own code has about 9 KB.
    expect((await Promise.all(gzipBytes)).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(75 * 1024);
  });

  test('Show More works from the keyboard: Enter, and Space as on any button', async ({ page }) => {
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await showMore(page).focus();
    await page.keyboard.press('Enter');
    await expect(cards(page)).toHaveCount(PAGE_SIZE * 2);
    await expect(cards(page).nth(PAGE_SIZE)).toBeFocused();
    // Tab moves on into the first new card.
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText(DEMO_TITLES[PAGE_SIZE]!);
    await showMore(page).focus();
    await page.keyboard.press('Space');
    await expect(cards(page)).toHaveCount(PAGE_SIZE * 3);
    await expect(cards(page).nth(PAGE_SIZE * 2)).toBeFocused();
  });

  test('every Read More opens a PDF served as application/pdf', async ({ page }) => {
    await page.goto(`/?page=${Math.ceil(DEMO_TITLES.length / PAGE_SIZE)}`);
    const links = page.getByRole('link', { name: /^Read More/ });
    await expect(links).toHaveCount(DEMO_TITLES.length);
    for (const href of await links.evaluateAll((elements) => elements.map((element) => (element as HTMLAnchorElement).href))) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()['content-type'], href).toBe('application/pdf');
      expect((await response.body()).subarray(0, 5).toString(), href).toBe('%PDF-');
    }
  });

  test('clicking Read More or the card itself opens the item’s PDF', async ({ page }) => {
    for (const target of ['read-more', 'card'] as const) {
      await page.goto('/');
      const pdfResponse = page.waitForResponse((response) => response.url().includes('/c/file-asset/'));
      if (target === 'read-more')
        await page
          .getByRole('link', { name: /^Read More/ })
          .first()
          .click();
      // A click on the card's image area, away from any text, still opens the item.
      else {
        const media = cards(page).nth(1).locator('.card__media');
        await media.scrollIntoViewIfNeeded();
        const box = await media.boundingBox();
        if (!box) throw new Error('card image not laid out');
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      }
      const response = await pdfResponse;
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(response.url()).toContain(target === 'read-more' ? 'literature-sheet-trimethylaluminum' : 'literature-sheet-trimethylgallium');
      // Chromium shows the document in its PDF viewer.
      await expect(page).toHaveURL(response.url());
    }
  });

  test('the first render makes no data request for the first page', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/services/data/')) apiCalls.push(request.url());
    });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
  });
});

async function firstCardBoxes(page: Page) {
  const first = cards(page).first();
  const [card, media, content] = await Promise.all([
    first.boundingBox(),
    first.locator('.card__media').boundingBox(),
    first.locator('.card__content').boundingBox(),
  ]);
  if (!card || !media || !content) throw new Error('card not laid out');
  return { card, media, content };
}

test.describe('layout', () => {
  test('at 1280px the image is on the left at a third of the card', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const { card, media, content } = await firstCardBoxes(page);
    expect(Math.abs(media.x - card.x)).toBeLessThanOrEqual(2);
    expect(media.width / card.width).toBeCloseTo(0.3333, 2);
    expect(content.x).toBeGreaterThanOrEqual(media.x + media.width - 1);
    await expect(cards(page).first()).toHaveCSS('border-top-width', '1px');
    await expect(cards(page).first()).toHaveCSS('border-top-color', 'rgb(0, 0, 0)');
    await expect(cards(page).first()).toHaveCSS('border-radius', '0px');
    await expect(cards(page).first().locator('img')).toHaveCSS('object-fit', 'contain');
  });

  test('at 768px the image is on the left at a third of the card, as on desktops', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/');
    const { card, media, content } = await firstCardBoxes(page);
    expect(media.width / card.width).toBeCloseTo(0.3333, 2);
    expect(content.x).toBeGreaterThanOrEqual(media.x + media.width - 1);
  });

  test('at 375px the image and content stack', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const { card, media, content } = await firstCardBoxes(page);
    expect(media.width).toBeGreaterThan(card.width * 0.9);
    expect(content.y).toBeGreaterThanOrEqual(media.y + media.height - 1);
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe("the grid's code failing to load", () => {
  // The failed script is the point of this test; the browser logs it.
  test.use({ expectedConsoleErrors: [/Failed to load resource|Failed to fetch dynamically imported module/] });

  test("if the grid's code cannot load, Show More goes where its link goes", async ({ page }) => {
    await page.route('**/grid-island-*.js', (route) => route.abort());
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    await showMore(page).click();
    await expect(page).toHaveURL(/\?page=2#item-8$/);
    await expect(cards(page)).toHaveCount(PAGE_SIZE * 2);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Show More is a link that shows the next items', async ({ page }) => {
    await page.goto('/');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await page.getByRole('link', { name: 'Show More' }).click();
    await expect(page).toHaveURL(/\?page=2#item-8$/);
    await expect(cards(page)).toHaveCount(PAGE_SIZE * 2);
    expect(await cardTitles(page)).toEqual(DEMO_TITLES.slice(0, PAGE_SIZE * 2));
  });
});
