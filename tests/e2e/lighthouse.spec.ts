/**
 * Lighthouse's SEO and accessibility audits on the literature page in every language, a topic
 * page and a sheet's page, with Debian's Chromium (headless). Both categories must score 100.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let chrome: chromeLauncher.LaunchedChrome;
test.beforeAll(async () => {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});
test.afterAll(async () => {
  await chrome?.kill();
});

for (const path of ['/', '/de-DE/', '/fr-FR/', '/topics/ald', '/de-DE/sheets/trimethylaluminum']) {
  test(`Lighthouse scores SEO and accessibility 100 on ${path}`, async ({ baseURL }) => {
    const result = await lighthouse(`${baseURL}${path}`, { port: chrome.port, onlyCategories: ['seo', 'accessibility'], output: 'json', logLevel: 'error' });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse produced no report');
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
      .map((audit) => `${audit.id}: ${audit.title}`);
    expect({ seo: lhr.categories.seo?.score, accessibility: lhr.categories.accessibility?.score, failing }).toEqual({ seo: 1, accessibility: 1, failing: [] });
  });
}
