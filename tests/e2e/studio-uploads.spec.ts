/**
 * PDFs dropped on the Sheets screen while the server is busy with uploads (issue 34): the studio
 * sends a few at a time, sends again the ones the server asks to come back later (429 with
 * Retry-After), and says when only a long PDF's first pages were read for its text.
 */
import { renderLiteraturePdf } from '../../src/demo/literature-pdf';
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';
import { buildManyPagePdf } from '../helpers/many-page-pdf';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { signIn } from './studio-steps';

let server: OwnServer;
// One upload at a time, and none may wait: every PDF sent beside another is told to come back.
test.use({ expectedConsoleErrors: [/status of 429/] });

test.beforeAll(async () => {
  server = await startOwnServer({
    accounts: [{ email: 'ana@example.com', role: 'editor' }],
    env: { UPLOADS_PER_ACCOUNT: '1', UPLOADS_PER_PROCESS: '1', UPLOAD_WAIT_SECONDS: '0', PDF_TEXT_PAGES: '3' },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test('PDFs the server is too busy for are sent again when it says, and a long one says how many of its pages were read', async ({ page }) => {
  const titles = ['Hafnium tetrachloride (HfCl4)', 'Zirconium tetrachloride (ZrCl4)', 'Tantalum pentachloride (TaCl5)'];
  const files = await Promise.all(
    titles.map(async (title, index) => ({
      name: `sheet-${index}.pdf`,
      mimeType: 'application/pdf',
      buffer: await renderLiteraturePdf({ ...DEMO_CATALOGUE[index]!, title }, { generatedAt: new Date('2026-05-01T00:00:00Z') }),
    })),
  );
  files.push({ name: 'long.pdf', mimeType: 'application/pdf', buffer: buildManyPagePdf(5, { title: 'A five-page sheet' }) });
  let toldToComeBack = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/sheets/from-pdf') && response.status() === 429) toldToComeBack += 1;
  });

  await signIn(page, server.origin, 'ana@example.com');
  await page.locator('input[type="file"]').setInputFiles(files);
  const sent = page.getByRole('list', { name: 'PDFs sent' });
  for (const title of titles) await expect(sent.getByText(`Draft “${title}” made: check it, then publish.`)).toBeVisible({ timeout: 60_000 });
  await expect(
    sent.getByText('Draft “A five-page sheet” made: check it, then publish. Its text was read from the first 3 of 5 pages; search finds what is on those.'),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(sent.getByRole('alert')).toHaveCount(0);
  expect(toldToComeBack).toBeGreaterThan(0);
});
