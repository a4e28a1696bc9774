/**
 * Shared helpers for the end-to-end specs: the demo catalogue the page should show, and a page
 * that fails its test on any console error or uncaught exception (a hydration mismatch included).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';

export const DEMO_TITLES = DEMO_CATALOGUE.map((entry) => entry.title);
export const PAGE_SIZE = 7;

export const test = base.extend<{ page: Page; expectedConsoleErrors: RegExp[] }>({
  /** Console errors a test provokes on purpose (e.g. a failed request it stages). */
  expectedConsoleErrors: [[], { option: true }],
  page: async ({ page, expectedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };

export const cards = (page: Page) => page.locator('.collection-grid [role="group"]');
export const cardTitles = (page: Page) => page.locator('.collection-grid .card__title').allTextContents();
/** Show More with script on: a button (without script it is a link to the next page). */
export const showMore = (page: Page) => page.getByRole('button', { name: 'Show More' });
