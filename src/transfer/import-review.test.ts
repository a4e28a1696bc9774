/**
 * An import never publishes past review (issue 60, T7): while review before publish is on, an
 * editor's one-row CSV in the studio, or an import at the command line, is refused with what to
 * do and changes nothing, so a sheet that shows a pending review never has its text published
 * meanwhile; an operator may bypass review only by saying so, and the audit log names it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { saveReviewPolicy } from '../cms/repositories/reviews';
import { readContentVersion } from '../cms/repositories/store-state';
import { readJournalOnce } from '../server/journal-follower';
import { importCsvFile } from './import-csv';

let test: TestApp;
let editor: StudioClient;
let folder: string;
beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
  folder = mkdtempSync(join(tmpdir(), 'import-review-'));
  writeFileSync(join(folder, 'one.csv'), 'urlName,language,description\nsilane,en_US,Imported while the sheet waits for review.\n');
  await saveReviewPolicy(test.store.db, 'editors');
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const silaneDescription = async () =>
  (
    await test.store.db
      .selectFrom('content_translations as t')
      .innerJoin('contents as c', 'c.id', 't.content_id')
      .select('t.body')
      .where('c.url_name', '=', 'silane')
      .where('t.language', '=', 'en_US')
      .executeTakeFirstOrThrow()
  ).body;

describe('an import while review before publish is on', () => {
  it('from the studio is refused, saying what to do, and publishes nothing', async () => {
    await readJournalOnce(test.store);
    const version = await readContentVersion(test.store.db);
    const before = await silaneDescription();
    const started = await editor.request('POST', '/import-uploads');
    const { token } = started.json() as { token: string };
    const form = new FormData();
    form.set(
      'file',
      new Blob([new TextEncoder().encode('urlName,language,description\nsilane,en_US,Imported while the sheet waits for review.\n')]),
      'one.csv',
    );
    const request = new Request('http://upload.test/', { method: 'POST', body: form });
    const sent = await editor.request('POST', `/import-uploads/${token}/files`, Buffer.from(await request.arrayBuffer()), {
      'content-type': request.headers.get('content-type') ?? '',
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const comparison = (await editor.request('POST', `/import-uploads/${token}/comparison`, {})).json() as { digest: string };
    const applied = await editor.request('POST', `/import-uploads/${token}/apply`, { digest: comparison.digest });
    expect(applied.statusCode).toBe(409);
    expect(applied.body).toContain('Review before publish is on (editors): an import would put sheets on the site without an approval');
    expect(await silaneDescription()).toBe(before);
    expect(await readContentVersion(test.store.db)).toBe(version);
  });

  it('from the command line is refused unless review is bypassed, which the audit log names', async () => {
    const options = { platformSitesSegment: test.config.platformSitesSegment };
    await expect(importCsvFile(test.store.db, join(folder, 'one.csv'), options)).rejects.toThrow(/--bypass-review/);
    const { importId } = await importCsvFile(test.store.db, join(folder, 'one.csv'), options, { bypassReview: true });
    expect(await silaneDescription()).toContain('Imported while the sheet waits for review.');
    const [entry] = await test.store.db.selectFrom('audit_log').select(['action', 'after']).where('target_id', '=', importId).execute();
    expect(entry).toEqual({ action: 'content.import-bypassing-review', after: JSON.stringify({ review: 'editors' }) });
  });
});
