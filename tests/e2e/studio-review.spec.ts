/**
 * Review before publish in Chromium, on a server and database of this spec's own, with three
 * people in three browsers: an admin turns review on; an editor cannot publish her change and asks
 * for a review; a second editor rejects it with a comment, which the first sees; she changes it and
 * asks again; he approves; she publishes and the site shows it. Then his one-row CSV import goes
 * into the draft she has waiting for review, not on the site; neither may approve it (both changed
 * it), so the admin does, and she publishes. axe on
 * the review states and on the import into drafts at phone and desktop widths.
 */
import type { Browser, Page } from '@playwright/test';
import { axe } from './axe';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { chooseImportFiles, descriptionField, openSheet, saved, signIn, titleField } from './studio-steps';

let server: OwnServer;
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer({
    accounts: [
      { email: 'ada@example.com', role: 'admin' },
      { email: 'ana@example.com', role: 'editor' },
      { email: 'ben@example.com', role: 'editor' },
    ],
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, server.origin, email);
  await expect(page.getByRole('heading', { name: 'Sheets', level: 1 })).toBeVisible();
  return page;
}

const reviewPanel = (page: Page) => page.getByRole('region', { name: 'Review' });
/** Whether the literature page shows the title as approved. */
const onSite = async (page: Page) => (await (await page.request.get(`${server.origin}/?page=10`)).text()).includes('Silane (SiH₄), electronic grade');

test('an editor’s change is published only after a second editor approves it; a rejection says why', async ({ browser }) => {
  // Three people in three browsers and axe at two widths per state: 45–60 s on a slow machine (CI's of 2026-11-29), close to the 90 s for every test.
  test.setTimeout(120_000);
  const ada = await signedIn(browser, 'ada@example.com');
  await ada.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Accounts' }).click();
  await ada.getByRole('button', { name: /Publishing needs approval/ }).click();
  await ada.getByRole('option', { name: 'Another editor or an admin approves' }).click();
  await expect(ada.getByText('Publishing needs an approval from now on.')).toBeVisible();

  // Ana changes a title: publishing it is refused until someone approves.
  const ana = await signedIn(browser, 'ana@example.com');
  await openSheet(ana, server.origin, 'Silane (SiH₄)');
  await titleField(ana).fill('Silane, electronic grade');
  await saved(ana);
  await expect(reviewPanel(ana)).toContainText('Publishing needs approval by another editor or an admin. Nobody has been asked yet.');
  await ana.getByRole('button', { name: 'Publish now' }).click();
  await expect(ana.getByText(/^Not yet: .*needs another editor’s approval before it is published: ask for a review/)).toBeVisible();
  await reviewPanel(ana).getByRole('textbox', { name: 'Note for the reviewer (optional)' }).fill('New grade for the launch');
  await reviewPanel(ana).getByRole('button', { name: 'Ask for a review' }).click();
  await expect(reviewPanel(ana)).toContainText('Waiting for review: asked by ana@example.com');
  // Her own review is not hers to decide.
  await expect(reviewPanel(ana).getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // Ben rejects it, saying why.
  const ben = await signedIn(browser, 'ben@example.com');
  await openSheet(ben, server.origin, 'Silane, electronic grade');
  await expect(reviewPanel(ben)).toContainText('Note from ana@example.com: New grade for the launch');
  await expect(reviewPanel(ben).getByRole('button', { name: 'Reject' })).toBeDisabled();
  await reviewPanel(ben).getByRole('textbox', { name: 'Why not (needed to reject)' }).fill('Keep the formula: Silane (SiH₄), electronic grade');
  for (const width of [375, 1280]) {
    await ben.setViewportSize({ width, height: 900 });
    await axe(ben);
  }
  await reviewPanel(ben).getByRole('button', { name: 'Reject' }).click();
  await expect(reviewPanel(ben)).toContainText('Not approved by ben@example.com');

  // Ana sees why, changes it, and asks again; Ben approves; she publishes.
  await ana.reload();
  await expect(reviewPanel(ana)).toContainText('“Keep the formula: Silane (SiH₄), electronic grade”. Change the draft and ask again.');
  await axe(ana);
  await titleField(ana).fill('Silane (SiH₄), electronic grade');
  await saved(ana);
  await reviewPanel(ana).getByRole('button', { name: 'Ask for a review' }).click();
  await expect(reviewPanel(ana)).toContainText('Waiting for review');

  await ben.reload();
  await reviewPanel(ben).getByRole('button', { name: 'Approve' }).click();
  await expect(reviewPanel(ben)).toContainText('Approved by ben@example.com');
  expect(await onSite(ben)).toBe(false);

  await ana.reload();
  await expect(reviewPanel(ana)).toContainText('Approved by ben@example.com');
  await ana.getByRole('button', { name: 'Publish now' }).click();
  await expect(ana.getByText('Published. Visitors see it on their next visit to the page.')).toBeVisible();
  expect(await onSite(ana)).toBe(true);
});

test('an editor’s one-row CSV import goes into the draft waiting for review, and reaches the site only once approved', async ({ browser }) => {
  test.setTimeout(120_000);
  const imported = 'Imported while the sheet waits for review.';
  const onSiteNow = async (page: Page) => (await (await page.request.get(`${server.origin}/sheets/trimethylaluminum`)).text()).includes(imported);
  // Ana changes a sheet and asks for its review.
  const ana = await signedIn(browser, 'ana@example.com');
  await openSheet(ana, server.origin, 'Trimethylaluminum (TMA)');
  await titleField(ana).fill('Trimethylaluminum (TMA), electronic grade');
  await saved(ana);
  await reviewPanel(ana).getByRole('button', { name: 'Ask for a review' }).click();
  await expect(reviewPanel(ana)).toContainText('Waiting for review: asked by ana@example.com');

  // Ben imports a one-row CSV changing its description: the comparison says it goes into drafts.
  const ben = await signedIn(browser, 'ben@example.com');
  await ben.goto(`${server.origin}/studio/import`);
  await chooseImportFiles(ben, [
    { name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(`urlName,language,description\ntrimethylaluminum,en_US,${imported}\n`) },
  ]);
  await expect(ben.getByRole('heading', { name: 'What the import would do' })).toBeVisible();
  await expect(ben.getByText(/^Review before publish is on: the changes go into the sheets’ drafts/)).toBeVisible();
  for (const width of [375, 1280]) {
    await ben.setViewportSize({ width, height: 900 });
    await axe(ben);
  }
  await ben.getByRole('button', { name: 'Apply the import' }).click();
  await expect(ben.getByText(/^Imported into drafts: 1 sheet changed\. Review before publish is on, so the site shows none of it yet/)).toBeVisible();
  expect(await onSiteNow(ben)).toBe(false);

  // Ana sees both changes in the draft, waiting for a review Ben's import asked for.
  await openSheet(ana, server.origin, 'Trimethylaluminum (TMA), electronic grade');
  await expect(descriptionField(ana)).toHaveValue(imported);
  await expect(reviewPanel(ana)).toContainText('Waiting for review: asked by ben@example.com');
  await ana.getByRole('button', { name: 'Publish now' }).click();
  await expect(ana.getByText(/^Not yet: .*waiting for another editor’s review/)).toBeVisible();
  // Her title is in the draft too: she may not approve what she changed; Ada does.
  await expect(reviewPanel(ana).getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const ada = await signedIn(browser, 'ada@example.com');
  await openSheet(ada, server.origin, 'Trimethylaluminum (TMA), electronic grade');
  await reviewPanel(ada).getByRole('button', { name: 'Approve' }).click();
  await expect(reviewPanel(ada)).toContainText('Approved by ada@example.com');
  await ana.reload();
  await ana.getByRole('button', { name: 'Publish now' }).click();
  await expect(ana.getByText('Published. Visitors see it on their next visit to the page.')).toBeVisible();
  expect(await onSiteNow(ana)).toBe(true);
});
