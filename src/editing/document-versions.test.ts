/**
 * Versions of a sheet's document on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL
 * names one): a revised PDF leaves the old version at its address, saying which is newest and
 * kept out of search engines; an editor withdraws it (410 Gone, naming the newest) and serves it
 * again; the current version cannot be withdrawn.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCsvFile } from '../transfer/import-csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { findContentsByKeys } from '../cms/repositories/contents';
import { saveBlob } from '../cms/repositories/editing';
import { DEMO_IDS } from '../demo/seed-demo';
import { renderLiteraturePdf } from '../demo/literature-pdf';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import type { SheetState } from '../sheet/shape';
import { readJournalOnce } from '../server/journal-follower';

let test: TestApp;
let editor: StudioClient;
let sheetId: string;
beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
  const [content] = await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey('teos')]);
  sheetId = content!.id;
});
afterAll(async () => {
  await test.close();
});

const assetUrl = (version: number) => `/sfsites/c/file-asset/${DEMO_IDS.assetId('teos')}?v=${version}`;

/** Publishes a revised PDF as the next version, as an upload does. */
async function publishRevision() {
  const teos = DEMO_CATALOGUE.find((entry) => entry.slug === 'teos')!;
  const bytes = await renderLiteraturePdf({ ...teos, description: `${teos.description} Revised.` }, { generatedAt: new Date('2026-06-01T00:00:00Z') });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await saveBlob(test.store.db, { sha256, mime_type: 'application/pdf', byte_size: bytes.length, bytes, text: null, created_at: new Date().toISOString() });
  const view = (await editor.request('GET', `/sheets/${sheetId}`)).json() as { revision: number; draft: SheetState };
  const { draft } = view;
  const state: SheetState = {
    ...draft,
    document: { ...draft.document!, version: 2, sha256, byteSize: bytes.length },
    translations: Object.fromEntries(Object.entries(draft.translations).map(([language, texts]) => [language, { ...texts, url: assetUrl(2) }])),
  };
  const saved = await editor.request('PUT', `/sheets/${sheetId}`, { revision: view.revision, state });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await editor.request('POST', `/sheets/${sheetId}/publish`, { revision: (saved.json() as { revision: number }).revision });
  expect(published.statusCode, published.body).toBe(200);
}

describe('a sheet page’s documents', () => {
  it('names the shown document’s language, version and date, and lists the other languages’ documents', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'documents-'));
    const teos = DEMO_CATALOGUE.find((entry) => entry.slug === 'teos')!;
    writeFileSync(
      join(folder, 'teos-de.pdf'),
      await renderLiteraturePdf({ ...teos, title: 'Tetraethylorthosilicat (TEOS)' }, { generatedAt: new Date('2026-05-01T00:00:00Z') }),
    );
    writeFileSync(join(folder, 'sheets.csv'), 'urlName,language,document\nteos,de_DE,teos-de.pdf\n');
    await importCsvFile(test.store.db, join(folder, 'sheets.csv'), { platformSitesSegment: test.config.platformSitesSegment });
    rmSync(folder, { recursive: true, force: true });
    // As the command ends: the journal's readers read what it changed.
    await readJournalOnce(test.store);

    const english = (await test.app.inject('/sheets/teos')).body;
    expect(english).toMatch(/<span class="sheet__document-facts">PDF, [^,]+, English, version 1 of January 15, 2026<\/span>/);
    expect(english).toContain('<h2 class="sheet__documents-heading">More documents</h2>');
    expect(english).toMatch(/<a href="\/sfsites\/c\/file-asset\/[^"]+" type="application\/pdf" hrefLang="de-DE">Data sheet \(German\)<\/a>/);
    const german = (await test.app.inject('/de-DE/sheets/teos')).body;
    expect(german).toMatch(/PDF, [^,]+, Deutsch, Version 1 vom \d+\. [^ ]+ \d{4}<\/span>/);
    expect(german).toMatch(/hrefLang="en-US">Datenblatt \(Englisch\)<\/a>/);
  });
});

describe('a document’s versions', () => {
  it('keeps a superseded version at its address, naming the newest and kept out of search engines', async () => {
    await publishRevision();
    const old = await test.app.inject(assetUrl(1));
    expect(old.statusCode).toBe(200);
    expect(old.headers['content-type']).toBe('application/pdf');
    expect(old.headers.link).toBe(`<${assetUrl(2)}>; rel="latest-version"`);
    expect(old.headers['x-robots-tag']).toBe('noindex');
    // Asked about again each time, so a withdrawal reaches browsers and proxies at once.
    expect(old.headers['cache-control']).toMatch(/^public, max-age=0,/);
    const current = await test.app.inject(assetUrl(2));
    expect(current.headers['cache-control']).toBe('public, max-age=86400');
    expect(current.headers.link).toBeUndefined();
    expect(current.headers['x-robots-tag']).toBeUndefined();
  });

  it('withdraws a superseded version (410 Gone, naming the newest) and serves it again, never the current one', async () => {
    const current = await editor.request('POST', `/sheets/${sheetId}/documents/2/withdraw`);
    expect(current.statusCode).toBe(400);
    expect(current.json()[0].message).toContain("Version 2 is the sheet's current document");

    const withdrawn = await editor.request('POST', `/sheets/${sheetId}/documents/1/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((withdrawn.json() as { documentVersions: unknown[] }).documentVersions).toEqual([
      { assetId: DEMO_IDS.assetId('teos'), version: 2, url: assetUrl(2), withdrawn: false },
      { assetId: DEMO_IDS.assetId('teos'), version: 1, url: assetUrl(1), withdrawn: true },
    ]);
    const gone = await test.app.inject(assetUrl(1));
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gone.body).toContain(`<a href="${assetUrl(2)}">`);
    expect((await listAuditEntries(test.store.db, { limit: 1 }))[0]).toMatchObject({ action: 'sheet.document-withdraw', target_id: sheetId });

    expect((await editor.request('POST', `/sheets/${sheetId}/documents/1/restore`)).statusCode).toBe(200);
    expect((await test.app.inject(assetUrl(1))).statusCode).toBe(200);
    expect((await editor.request('POST', `/sheets/${sheetId}/documents/7/withdraw`)).statusCode).toBe(404);
  });
});
