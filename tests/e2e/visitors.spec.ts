/**
 * What a visitor meets first (issue 20's defects): on a phone the first card starts in the first
 * screen, the language menu takes one line and works without script, a skip link leads past it;
 * cards say the language of an untranslated sheet, give an absent image's width to the content
 * and open mailto: and tel: links in a new window; a missing collection's error state comes from
 * the server.
 */
import { readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { axe } from './axe';
import { cards, expect, test, PAGE_SIZE } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';

const PHONE = { width: 375, height: 667 };

test.describe('the page on a phone', () => {
  test.use({ viewport: PHONE });

  for (const path of ['/', '/de-DE/', '/fr-FR/']) {
    test(`${path}: the language menu takes one line and the first card starts within the first screen`, async ({ page }) => {
      await page.goto(path);
      const menu = await page.locator('.language-menu summary').boundingBox();
      expect(menu?.height).toBeLessThanOrEqual(48);
      // The first card takes at least the lower two fifths of the first screen.
      const first = await cards(page).first().boundingBox();
      expect(first?.y).toBeLessThan(PHONE.height * 0.6);
    });
  }

  test('a skip link is the first stop of the keyboard, seen when focused, and leads to the content', async ({ page }) => {
    await page.goto('/de-DE/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // The next stop is in the content, past the language menu.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  });
});

test.describe('the language menu without script', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('opens from the keyboard and leads to the page in each language', async ({ page }) => {
    await page.goto('/');
    const french = page.getByRole('link', { name: 'Français (France)' });
    await expect(french).toBeHidden();
    await page.locator('.language-menu summary').focus();
    await page.keyboard.press('Enter');
    await expect(french).toBeVisible();
    await expect(page.getByRole('link', { name: 'American English' })).toHaveAttribute('aria-current', 'page');
    await french.click();
    await expect(page).toHaveURL(/\/fr-FR\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  });
});

/** Sheets changed as an editor could leave them, by their place in the collection (0-based). */
const UNTRANSLATED = [0, PAGE_SIZE];
const WITHOUT_IMAGE = 1;
const MAILTO = 2;
const TEL = 3;
const MISSING_KEY = 'MC0000000000000000000000000A';

/** The grid test page, preloaded on the server, with a collection that does not exist. */
function missingCollectionPage(): unknown {
  const definition = JSON.parse(readFileSync('tests/fixtures/pages/grid-states.json', 'utf8')) as Record<string, unknown>;
  const text = JSON.stringify({ ...definition, name: 'missing-collection', path: '/missing-collection' });
  return JSON.parse(text.replace('"MC53OK9IV3U2UY49UYF36P7MUSS1"', JSON.stringify(MISSING_KEY)).replace('"preload":false', '"preload":true'));
}

function prepareSheets(db: Database.Database): void {
  const sheetAt = (position: number) =>
    (db.prepare('SELECT content_id FROM collection_items ORDER BY collection_id, position LIMIT 1 OFFSET ?').get(position) as { content_id: string })
      .content_id;
  for (const position of UNTRANSLATED) db.prepare("DELETE FROM content_translations WHERE content_id = ? AND language = 'de_DE'").run(sheetAt(position));
  db.prepare("UPDATE content_translations SET body = json_remove(body, '$.image') WHERE content_id = ?").run(sheetAt(WITHOUT_IMAGE));
  const setUrl = db.prepare("UPDATE content_translations SET body = json_set(body, '$.url', ?) WHERE content_id = ?");
  setUrl.run('mailto:sales@example.com', sheetAt(MAILTO));
  setUrl.run('tel:+49-89-1234', sheetAt(TEL));
}

test.describe('cards and states an editor can cause', () => {
  let server: OwnServer;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    server = await startOwnServer({ pages: { 'missing-collection.json': missingCollectionPage() }, prepare: prepareSheets });
  });
  test.afterAll(() => server?.stop());

  test('an untranslated sheet on the German page says it is in English, from the server and after Show More', async ({ page }) => {
    await page.goto(`${server.origin}/de-DE/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await expect(cards(page).nth(UNTRANSLATED[0]!)).toHaveAttribute('lang', 'en-US');
    await expect(cards(page).nth(1)).not.toHaveAttribute('lang', /./);
    await page.getByRole('button', { name: 'Mehr anzeigen' }).click();
    await expect(cards(page)).toHaveCount(PAGE_SIZE * 2);
    await expect(cards(page).nth(UNTRANSLATED[1]!)).toHaveAttribute('lang', 'en-US');
    await expect(cards(page).nth(UNTRANSLATED[1]! + 1)).not.toHaveAttribute('lang', /./);
  });

  test('a card without an image gives the image’s width to its content', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.origin}/`);
    const card = cards(page).nth(WITHOUT_IMAGE);
    await expect(card.locator('img')).toHaveCount(0);
    const [whole, content] = await Promise.all([card.boundingBox(), card.locator('.card__content').boundingBox()]);
    expect(content!.width).toBeGreaterThan(whole!.width * 0.95);
    // A card with its image keeps the image's share.
    const imaged = await cards(page).nth(0).locator('.card__content').boundingBox();
    expect(imaged!.width).toBeLessThan(whole!.width * 0.8);
  });

  test('mailto: and tel: item links open a new window, from the title and Read More alike (spec §5.1)', async ({ page }) => {
    await page.goto(`${server.origin}/`);
    for (const [position, href] of [
      [MAILTO, 'mailto:sales@example.com'],
      [TEL, 'tel:+49-89-1234'],
    ] as const) {
      const links = cards(page).nth(position).locator(`a[href="${href}"]`);
      await expect(links).toHaveCount(2);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      }
    }
    // Links into the site stay in this window.
    await expect(cards(page).nth(0).locator('a[target]')).toHaveCount(0);
  });

  test.describe('a missing collection', () => {
    for (const javaScriptEnabled of [false, true]) {
      test(`shows its error state from the server, ${javaScriptEnabled ? 'with' : 'without'} script, and asks for nothing more`, async ({ browser }) => {
        const context = await browser.newContext({ javaScriptEnabled });
        try {
          const page = await context.newPage();
          const requests: string[] = [];
          page.on('request', (request) => requests.push(new URL(request.url()).pathname));
          const response = await page.goto(`${server.origin}/missing-collection`);
          expect(response?.status()).toBe(200);
          expect(await response?.text()).toContain('Something went wrong loading the sheets.');
          await expect(page.getByRole('alert')).toHaveText('Something went wrong loading the sheets.');
          await expect(page.getByText('Loading…')).toHaveCount(0);
          await expect(page.locator('[data-placeholder]')).toHaveCount(0);
          if (javaScriptEnabled) {
            await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
            // axe runs as script, so only where script runs.
            await axe(page);
          }
          expect(requests.filter((path) => path.includes('/collections/'))).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  });
});
