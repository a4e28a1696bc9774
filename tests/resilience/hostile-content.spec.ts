/**
 * The hostile corpus (hostile-corpus.ts), imported into every field, rendered in Chromium with
 * the Content-Security-Policy switched off, so that only the site's own escaping and sanitising
 * stand between the corpus and the browser. Watched: dialogs (alert, confirm, prompt), a canary
 * (window.__pwned), requests to any other origin, and the DOM itself (no handler attributes, no
 * script-bearing URLs, no script or frame the site did not write). Hydration must succeed too.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { CORPUS_RECORD_PREFIX, hostileStrings } from './hostile-corpus';

test.use({ bypassCSP: true });

const RECORDS = Math.ceil(hostileStrings().length / 25);

interface Watch {
  dialogs: string[];
  offSite: string[];
}

async function watch(page: Page, origin: string): Promise<Watch> {
  const seen: Watch = { dialogs: [], offSite: [] };
  page.on('dialog', async (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !/^(data|blob|about):/.test(url)) seen.offSite.push(url);
  });
  await page.addInitScript(() => {
    Object.defineProperty(window, '__pwned', {
      set() {
        document.documentElement.dataset.pwned = 'true';
      },
    });
  });
  return seen;
}

/** What in the DOM could run script or reach elsewhere; the site itself writes none of it. */
async function dangerousMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const origin = location.origin;
    for (const element of document.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (['iframe', 'frame', 'object', 'embed', 'base', 'applet'].includes(tag)) found.push(`<${tag}>`);
      if (tag === 'meta' && element.hasAttribute('http-equiv')) found.push(`<meta http-equiv="${element.getAttribute('http-equiv')}">`);
      if (tag === 'script') {
        const type = element.getAttribute('type') ?? '';
        const src = element.getAttribute('src');
        const ours =
          (type === 'module' && src !== null && new URL(src, origin).origin === origin) || type === 'application/json' || type === 'application/ld+json';
        if (!ours) found.push(`<script type="${type}" src="${src}">`);
      }
      if (tag === 'link') {
        const href = element.getAttribute('href') ?? '';
        const rel = element.getAttribute('rel') ?? '';
        if (['stylesheet', 'import', 'preload', 'modulepreload', 'prefetch'].includes(rel) && new URL(href, origin).origin !== origin)
          found.push(`<link rel="${rel}" href="${href}">`);
      }
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        // Browsers ignore control characters and spaces in a URL's scheme.
        const value = Array.from(attribute.value)
          .filter((char) => char.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        if (name.startsWith('on')) found.push(`${tag}[${name}]`);
        if (
          ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'background', 'poster', 'data'].includes(name) &&
          /^(javascript|vbscript|data:text\/html)/.test(value)
        ) {
          found.push(`${tag}[${name}=${attribute.value}]`);
        }
      }
    }
    return found;
  });
}

async function expectNothingRan(page: Page, seen: Watch): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.dataset.pwned), 'the canary was set').toBeUndefined();
  expect(seen.dialogs, 'dialogs opened').toEqual([]);
  expect(seen.offSite, 'requests to other sites').toEqual([]);
  expect(await dangerousMarkup(page), 'dangerous markup in the DOM').toEqual([]);
}

for (let record = 0; record < RECORDS; record++) {
  test(`hostile corpus, record ${record}: nothing runs, nothing reaches another site`, async ({ page, baseURL }) => {
    const seen = await watch(page, new URL(baseURL!).origin);
    const response = await page.goto(`/corpus/${CORPUS_RECORD_PREFIX}${record}`);
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    // The first of the three grid pages is rendered on the server; the next ones in the browser.
    await expect(page.locator('.collection-grid [role="group"]')).toHaveCount(250);
    await expectNothingRan(page, seen);
    if (record % 8 === 0) {
      await page.getByRole('link', { name: 'Next page' }).click();
      await expect(page.locator('.collection-grid [role="group"]')).toHaveCount(250);
      await page.getByRole('link', { name: 'Next page' }).click();
      await expect(page.locator('.collection-grid [role="group"]').first()).toBeVisible();
      await expectNothingRan(page, seen);
    }
    // Links an author wrote may lead to other sites (spec §5.1), but only by web, mail or phone.
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) expect(href, 'a link with another scheme').toMatch(/^(https?:|mailto:|tel:)/);
  });
}
