import type { Route } from '@playwright/test';
import { DEMO_TITLES, cards, expect, test } from './fixtures';

const COLLECTION_API = '**/services/data/v65.0/connect/**/collections/**';

test.describe('a grid that loads in the browser (spec §2.3, §4.1)', () => {
  test('shows one placeholder per grid column while the first load is pending', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(COLLECTION_API, async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.goto('/grid-states');
    await expect(page.locator('[data-placeholder]')).toHaveCount(3);
    await expect(page.getByRole('status')).toHaveText('Loading…');
    release();
    await expect(cards(page)).toHaveCount(5);
    await expect(page.locator('[data-placeholder]')).toHaveCount(0);
  });

  test('shows the empty state when the collection has no items', async ({ page }) => {
    await page.route(COLLECTION_API, (route) =>
      route.fulfill({ json: { items: [], total: 0, channelSummary: {}, collectionKey: 'x', collectionType: 'literature_sheet', language: 'en_US' } }),
    );
    await page.goto('/grid-states');
    await expect(page.getByText('Nothing here yet.')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test.describe(() => {
    // The failed request is the point of this test; the browser logs it.
    test.use({ expectedConsoleErrors: [/status of 503/] });

    test('shows the error state when the load fails, after one request', async ({ page }) => {
      let requests = 0;
      await page.route(COLLECTION_API, (route) => {
        requests++;
        return route.fulfill({ status: 503, json: [{ errorCode: 'SERVICE_UNAVAILABLE', message: 'down' }] });
      });
      await page.goto('/grid-states', { waitUntil: 'domcontentloaded' });
      await expect(page.getByRole('alert')).toHaveText('Something went wrong loading the sheets.');
      await expect(page.getByText('Nothing here yet.')).toHaveCount(0);
      expect(requests).toBe(1);
    });

    test('redirects to the configured page when its error action is a redirect (spec §9 actions)', async ({ page }) => {
      await page.route(COLLECTION_API, (route) => route.fulfill({ status: 503, json: [{ errorCode: 'SERVICE_UNAVAILABLE', message: 'down' }] }));
      await page.goto('/grid-redirect', { waitUntil: 'domcontentloaded' });
      await expect(page).toHaveURL(/\/$/);
      await expect(page).toHaveTitle('Literature Sheets - CVD, ALD Precursors');
    });

    test('keeps the items with the error when a later page fails', async ({ page }) => {
      await page.goto('/grid-states');
      await expect(cards(page)).toHaveCount(5);
      await page.route(COLLECTION_API, (route) => route.fulfill({ status: 503, json: [{ errorCode: 'SERVICE_UNAVAILABLE', message: 'down' }] }));
      await page.getByRole('link', { name: 'Next page' }).click();
      await expect(page.getByRole('alert')).toHaveText('Something went wrong loading the sheets.');
      await expect(cards(page)).toHaveCount(5);
      await expect(page.locator('.card__title').first()).toHaveText(DEMO_TITLES[0]!);
    });
  });

  test('pages with the standard paginator, focusing the first item of each page', async ({ page }) => {
    await page.goto('/grid-states');
    await expect(cards(page)).toHaveCount(5);
    await expect(page.getByText('Page 1 of 6')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page.getByText('Page 2 of 6')).toBeVisible();
    await expect(cards(page).first()).toBeFocused();
    await expect(cards(page).first()).toHaveAttribute('aria-label', 'Item 6');
    await expect(page.locator('.card__title').first()).toHaveText(DEMO_TITLES[5]!);
    // Item fields bound into the card's details (spec §5.3 {!Item.field}).
    // After the author's details, the link to the sheet's own page, bound to the item too.
    await expect(page.locator('.card__details').first()).toHaveText(/^Content key: MC[A-Z0-9]{26}Details: /);
    await expect(
      page
        .locator('.card')
        .first()
        .getByRole('link', { name: new RegExp(`^Details ?: ${DEMO_TITLES[5]!.replace(/[()]/g, '\\$&')}$`) }),
    ).toHaveAttribute('href', /^\/sheets\/[a-z0-9-]+$/);
    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page.locator('.card__title').first()).toHaveText(DEMO_TITLES[0]!);
  });

  test('rich text is sanitised, with its tokens resolved', async ({ page }) => {
    await page.goto('/grid-states');
    expect(await page.evaluate(() => (window as unknown as { __ran?: boolean }).__ran)).toBeUndefined();
    await expect(page.getByText('Not a link')).toBeVisible();
    await expect(page.locator('.rich-text a', { hasText: 'Not a link' })).not.toHaveAttribute('href');
    await expect(page.getByRole('link', { name: 'TEOS sheet' })).toHaveAttribute('href', '/sfsites/c/file-asset/literature-sheet-teos?v=1');
    const image = page.getByRole('img', { name: 'TEOS canister' });
    await expect(image).toHaveAttribute('src', /^\/sfsites\/c\/cms\/delivery\/media\/MC1D0VGX1LUTESVB2LFZT8PREBG7\?v=/);
  });
});

test.describe('layout (spec §2.1)', () => {
  test('the responsive wrapper shows a column on desktops only, and sections follow their direction', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/grid-states');
    await expect(page.getByText('Shown on desktops only.')).toBeVisible();
    const [first, second] = await Promise.all([
      page.getByText('Shown on desktops only.').boundingBox(),
      page.getByText('Shown on every screen.').boundingBox(),
    ]);
    expect(second!.x).toBeGreaterThan(first!.x);

    await page.setViewportSize({ width: 768, height: 900 });
    await expect(page.getByText('Shown on desktops only.')).toBeHidden();
    await expect(page.getByText('Shown on every screen.')).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByText('Shown on desktops only.')).toBeHidden();
  });
});
