/**
 * Journeys across imports, drafts, publishes and undo on a real store (SQLite, or PostgreSQL when
 * TEST_DATABASE_URL names one): what an editor does in one afternoon, where data used to get lost.
 * Each case names the defect of issue "Editors can trust it" it guards (D2–D5, D10).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { findContentsByKeys } from '../cms/repositories/contents';
import { saveBlob } from '../cms/repositories/editing';
import { DEMO_IDS } from '../demo/seed-demo';
import { fileAssetPath } from '../shared/urls';
import type { SheetState } from '../sheet/shape';
import { exportContentFolder } from '../transfer/export-content';
import { exportCsvFile } from '../transfer/export-csv';
import { formatCsvRow } from '../transfer/csv';
import { importContentFolder } from '../transfer/import-content';
import { importCsvFile } from '../transfer/import-csv';
import type { Actor } from './audit';
import { EditingError } from './editable';
import { undoImport } from './imports';
import { fireDueSchedules, scheduleSheet } from './schedules';
import { readJournalOnce } from '../server/journal-follower';
import { listSheetPage } from './sheet-list';
import { publishedSheet } from './sheet-state';
import { newSheetState, sheets } from './sheets';
import { problemLine } from '../shared/problems';

const editor: Actor = { id: '005000000000001AAA', label: 'editor@example.com' };
const operator: Actor = { id: null, label: 'cli:operator' };

let test: TestApp;
let folder: string;
beforeAll(async () => {
  test = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'literature-path-'));
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const db = () => test.store.db;
let files = 0;
async function importRows(rows: string[][]) {
  const path = join(folder, `rows-${++files}.csv`);
  writeFileSync(path, rows.map(formatCsvRow).join('\r\n') + '\r\n');
  return importCsvFile(db(), path, { platformSitesSegment: test.config.platformSitesSegment }, { actor: operator });
}
async function idOf(slug: string): Promise<string> {
  const [content] = await findContentsByKeys(db(), DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]);
  return content!.id;
}
const view = async (id: string) => (await sheets.view(db(), id))!;
/** Saves an edit of the sheet's English texts as a draft. */
async function editEnglish(id: string, change: Partial<SheetState['translations'][string]>) {
  const opened = await view(id);
  const next = structuredClone(opened.draft);
  next.translations.en_US = { ...next.translations.en_US!, ...change };
  return sheets.save(db(), id, next, opened.revision, editor);
}
const english = (state: SheetState | null) => state?.translations.en_US;
async function listed(id: string) {
  const page = await listSheetPage(db(), { siteId: DEMO_IDS.siteId, limit: 200 });
  return page.sheets.find((sheet) => sheet.id === id)!;
}

describe('an import onto a sheet with a pending draft (D3)', () => {
  it('carries its change into the draft as well as the site, so the next publish keeps it', async () => {
    const id = await idOf('teos');
    await editEnglish(id, { description: 'The editor’s new description, not published yet.' });
    await importRows([
      ['key', 'title'],
      [DEMO_IDS.sheetKey('teos'), 'TEOS (imported title)'],
    ]);
    const after = await view(id);
    expect(english(after.published)?.title).toBe('TEOS (imported title)');
    expect(english(after.draft)).toMatchObject({ title: 'TEOS (imported title)', description: 'The editor’s new description, not published yet.' });
    expect(after.status).toBe('changed');
    expect(after.attention).toBeNull();

    await sheets.publish(db(), id, after.revision, editor);
    expect(english(await publishedSheet(db(), id))).toMatchObject({
      title: 'TEOS (imported title)',
      description: 'The editor’s new description, not published yet.',
    });
  });

  it('keeps the draft’s own value where both changed a field, and asks the editor before anything is published', async () => {
    const id = await idOf('tdmat');
    await editEnglish(id, { title: 'TDMAT (the editor’s title)' });
    const imported = await importRows([
      ['key', 'title'],
      [DEMO_IDS.sheetKey('tdmat'), 'TDMAT (the import’s title)'],
    ]);
    expect(imported.needAttention).toEqual(['TDMAT (the import’s title)']);
    const after = await view(id);
    expect(english(after.published)?.title).toBe('TDMAT (the import’s title)');
    expect(english(after.draft)?.title).toBe('TDMAT (the editor’s title)');
    expect(after.attention).toMatchObject({
      source: `import ${imported.importId}`,
      conflicts: [{ path: ['translations', 'en_US', 'title'], ours: 'TDMAT (the editor’s title)', theirs: 'TDMAT (the import’s title)' }],
    });
    expect(await listed(id)).toMatchObject({ attention: true, status: 'changed' });
    const needing = await listSheetPage(db(), { siteId: DEMO_IDS.siteId, status: 'attention' });
    expect(needing.sheets.map((sheet) => sheet.id)).toEqual([id]);

    // No silent revert: the draft's title is not published over the import's until the editor chooses.
    const refused = await sheets.publish(db(), id, after.revision, editor).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EditingError);
    expect((refused as EditingError).details.problems?.map(problemLine)).toEqual([
      expect.stringMatching(/^translations\.en_US\.title: the import imp-.* changed it/),
    ]);
    // A save that does not settle keeps the question open.
    const other = await editEnglish(id, { description: 'Another edit meanwhile.' });
    expect(other.attention).not.toBeNull();

    const chosen = structuredClone(other.draft);
    chosen.translations.en_US!.title = 'TDMAT (the import’s title)';
    const settled = await sheets.save(db(), id, chosen, other.revision, editor, { settles: true });
    expect(settled.attention).toBeNull();
    expect((await listed(id)).attention).toBe(false);
    await sheets.publish(db(), id, settled.revision, editor);
    expect(english(await publishedSheet(db(), id))).toMatchObject({ title: 'TDMAT (the import’s title)', description: 'Another edit meanwhile.' });
  });

  it('asks no choice any more once a later import brings the site to the draft’s own value', async () => {
    const id = await idOf('pdmat');
    await editEnglish(id, { title: 'PDMAT (the editor’s title)' });
    await importRows([
      ['key', 'title'],
      [DEMO_IDS.sheetKey('pdmat'), 'PDMAT (the first import’s title)'],
    ]);
    expect((await view(id)).attention).not.toBeNull();
    await importRows([
      ['key', 'title'],
      [DEMO_IDS.sheetKey('pdmat'), 'PDMAT (the editor’s title)'],
    ]);
    const agreed = await view(id);
    expect(agreed.attention).toBeNull();
    expect(agreed.status).toBe('published');
    expect(await listed(id)).toMatchObject({ attention: false, status: 'published' });
  });
});

describe('undo of an import (D4)', () => {
  it('puts back only the fields it changed, and keeps a description an editor published since', async () => {
    const id = await idOf('trimethylgallium');
    const before = (await publishedSheet(db(), id))!;
    const imported = await importRows([
      ['key', 'title'],
      [DEMO_IDS.sheetKey('trimethylgallium'), 'TMGa (imported)'],
    ]);
    const published = await editEnglish(id, { description: 'Published by an editor after the import.' });
    await sheets.publish(db(), id, published.revision, editor);

    const undone = await undoImport(db(), imported.importId, editor);
    expect(undone).toMatchObject({ restored: 1, removed: 0, kept: [] });
    expect(english(await publishedSheet(db(), id))).toMatchObject({ title: english(before)!.title, description: 'Published by an editor after the import.' });
    // The draft followed the site (it had the import's title, as the site did).
    expect(english((await view(id)).draft)?.title).toBe(english(before)!.title);
  });

  it('refuses, naming the sheet and the field, when something changed a field it changed; asked, it undoes the rest and keeps that', async () => {
    const tmin = await idOf('trimethylindium');
    const dez = await idOf('diethylzinc');
    const beforeDez = (await publishedSheet(db(), dez))!;
    const beforeTmin = (await publishedSheet(db(), tmin))!;
    const imported = await importRows([
      ['key', 'title', 'description'],
      [DEMO_IDS.sheetKey('trimethylindium'), 'TMIn (imported)', 'TMIn description (imported)'],
      [DEMO_IDS.sheetKey('diethylzinc'), 'DEZ (imported)', ''],
    ]);
    const edited = await editEnglish(tmin, { title: 'TMIn (published since)' });
    await sheets.publish(db(), tmin, edited.revision, editor);

    const refused = (await undoImport(db(), imported.importId, editor).catch((error: unknown) => error)) as EditingError;
    expect(refused.reason).toBe('conflict');
    expect(refused.details.later).toEqual([
      { sheetId: tmin, sheet: 'TMIn (imported)', field: 'translations.en_US.title', imported: 'TMIn (imported)', now: 'TMIn (published since)' },
    ]);
    expect(refused.message).toMatch(/TMIn \(imported\): translations\.en_US\.title was changed since the import/);
    // Nothing was changed, and the import can still be undone.
    expect(english(await publishedSheet(db(), dez))?.title).toBe('DEZ (imported)');

    const undone = await undoImport(db(), imported.importId, editor, { keepLater: true });
    expect(undone.kept).toHaveLength(1);
    expect(english(await publishedSheet(db(), tmin))).toMatchObject({ title: 'TMIn (published since)', description: english(beforeTmin)!.description });
    expect(english(await publishedSheet(db(), dez))?.title).toBe(english(beforeDez)!.title);
    await expect(undoImport(db(), imported.importId, editor)).rejects.toThrow(/was undone already/);
  });
});

describe('identity by bytes (D5)', () => {
  it('re-imports an unchanged export, as a folder or as a CSV, as 0 changes: no address moves, no version is added', async () => {
    // A sheet made in the studio, whose document is an upload's asset at version 2.
    const state = newSheetState({
      siteId: DEMO_IDS.siteId,
      collectionId: DEMO_IDS.collectionId,
      primaryLanguage: 'en_US',
      texts: { title: 'Studio-made sheet' },
      urlName: 'studio-made-sheet',
    });
    const pdf = Buffer.from('%PDF-1.4 a studio upload\n');
    const sha256 = (await import('node:crypto')).createHash('sha256').update(pdf).digest('hex');
    state.document = { assetId: 'sheet-4c1f00aa', version: 2, sha256, fileName: 'upload.pdf', mimeType: 'application/pdf', byteSize: pdf.length };
    state.translations.en_US!.url = fileAssetPath('sfsites', 'sheet-4c1f00aa', 2);
    await saveBlob(db(), { sha256, mime_type: 'application/pdf', byte_size: pdf.length, bytes: pdf, text: null, created_at: new Date().toISOString() });
    const created = await sheets.create(db(), state.id, state, editor);
    await sheets.publish(db(), state.id, created.revision, editor);
    const versions = (await sheets.versions(db(), state.id)).length;
    const url = english(await publishedSheet(db(), state.id))?.url;

    const exported = join(folder, 'export');
    await exportContentFolder(db(), exported);
    expect((await importContentFolder(db(), exported)).summary).toBe('0 changes');
    await exportCsvFile(db(), join(folder, 'csv', 'sheets.csv'));
    expect((await importCsvFile(db(), join(folder, 'csv', 'sheets.csv'), { platformSitesSegment: 'sfsites' })).summary).toBe('0 changes');

    expect(english(await publishedSheet(db(), state.id))?.url).toBe(url);
    expect(url).toBe('/sfsites/c/file-asset/sheet-4c1f00aa?v=2');
    expect((await sheets.versions(db(), state.id)).length).toBe(versions);
  });

  it('takes a CSV row that changes only a German title (the primary language is not needed)', async () => {
    const id = await idOf('temah');
    const result = await importRows([
      ['key', 'language', 'title'],
      [DEMO_IDS.sheetKey('temah'), 'de_DE', 'TEMAH (neuer Titel)'],
    ]);
    expect(result.summary).toBe('1 sheet changed');
    const sheet = (await publishedSheet(db(), id))!;
    expect(sheet.translations.de_DE?.title).toBe('TEMAH (neuer Titel)');
    expect(english(sheet)?.title).toBe('Tetrakis(ethylmethylamido)hafnium (TEMAH)');
  });
});

describe('one status, worked out in one place (D2, D10)', () => {
  it('says in the list what the sheet is, after a publish, a save, an unpublish and a scheduled publish', async () => {
    const fresh = newSheetState({
      siteId: DEMO_IDS.siteId,
      collectionId: DEMO_IDS.collectionId,
      primaryLanguage: 'en_US',
      texts: { title: 'Status journey' },
      urlName: 'status-journey',
    });
    let current = await sheets.create(db(), fresh.id, fresh, editor);
    expect((await listed(fresh.id)).status).toBe('draft');
    current = (await sheets.publish(db(), fresh.id, current.revision, editor))!;
    expect((await listed(fresh.id)).status).toBe('published');
    current = await editEnglish(fresh.id, { description: 'Changed after publishing.' });
    expect((await listed(fresh.id)).status).toBe('changed');
    current = await sheets.unpublish(db(), fresh.id, current.revision, editor);
    expect(current.status).toBe('unpublished');
    expect((await listed(fresh.id)).status).toBe('unpublished');
    current = await editEnglish(fresh.id, { description: 'Edited while off the site.' });
    expect((await listed(fresh.id)).status).toBe('unpublished');

    await scheduleSheet(db(), fresh.id, 'publish', new Date(Date.now() - 1000).toISOString(), editor);
    expect((await listSheetPage(db(), { siteId: DEMO_IDS.siteId, status: 'scheduled' })).sheets.map((sheet) => sheet.id)).toContain(fresh.id);
    await fireDueSchedules(db());
    expect((await listed(fresh.id)).status).toBe('published');
    const publishedFilter = await listSheetPage(db(), { siteId: DEMO_IDS.siteId, status: 'published', limit: 200 });
    expect(publishedFilter.sheets.map((sheet) => sheet.id)).toContain(fresh.id);
  });
});

describe('undo of a publish', () => {
  it('shows the site what it showed before the last publish, keeps the draft, and is refused once something else changed the site', async () => {
    const id = await idOf('titanium-tetrachloride');
    const before = (await publishedSheet(db(), id))!;
    const edited = await editEnglish(id, { title: 'TiCl₄ (published by mistake)' });
    const published = (await sheets.publish(db(), id, edited.revision, editor))!;
    const undone = await sheets.undoPublish(db(), id, published.revision, editor);
    expect(english(undone.published)?.title).toBe(english(before)!.title);
    expect(english(undone.draft)?.title).toBe('TiCl₄ (published by mistake)');
    expect(undone.status).toBe('changed');
    await expect(sheets.undoPublish(db(), id, undone.revision, editor)).rejects.toThrow(/only its last publish can be undone/);

    // A sheet's first publish undone: off the site again, its draft kept.
    const fresh = newSheetState({
      siteId: DEMO_IDS.siteId,
      collectionId: DEMO_IDS.collectionId,
      primaryLanguage: 'en_US',
      texts: { title: 'Published once' },
      urlName: 'published-once',
    });
    const created = await sheets.create(db(), fresh.id, fresh, editor);
    const first = (await sheets.publish(db(), fresh.id, created.revision, editor))!;
    const off = await sheets.undoPublish(db(), fresh.id, first.revision, editor);
    expect(off.published).toBeNull();
    expect(off.status).toBe('unpublished');
    expect(await publishedSheet(db(), fresh.id)).toBeNull();
  });
});

describe('no dead card (D1)', () => {
  it('links a translation without a link of its own to the primary language’s document, saying which language it is in', async () => {
    const id = await idOf('trimethylgallium');
    const opened = await view(id);
    const next = structuredClone(opened.draft);
    // German texts filled in the studio, with no link: nothing asked for one.
    next.translations.de_DE = { title: 'Trimethylgallium (neu)', description: 'Neu beschrieben.', url: '', imageAlt: 'Ein Bubbler' };
    const saved = await sheets.save(db(), id, next, opened.revision, editor);
    await sheets.publish(db(), id, saved.revision, editor);
    // Published as a command would: the pages show it once the journal's readers have read it.
    await readJournalOnce(test.store);
    const englishUrl = english(await publishedSheet(db(), id))!.url;

    const collection = await test.app.inject(
      `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100&language=de_DE`,
    );
    const item = collection
      .json<{ items: Array<{ id: string; linkLanguage?: string; body: { contentBody: { url?: string } } }> }>()
      .items.find((entry) => entry.id === id)!;
    // The platform's item shape: the link, without a field of ours.
    expect(item).toMatchObject({ body: { contentBody: { url: englishUrl } } });
    expect(item).not.toHaveProperty('linkLanguage');

    const page = (await test.app.inject('/de-DE/')).body;
    const at = page.indexOf('>Trimethylgallium (neu)</a>');
    const card = page.slice(at - 300, at + 1500);
    expect(card.toLowerCase()).toContain(`href="${englishUrl}" hreflang="en-us"`);
    expect(card).toMatch(/Mehr erfahren|Read More/);
    expect(card).toContain('(Englisch)');
    const sheetPage = (await test.app.inject('/de-DE/sheets/trimethylgallium')).body;
    expect(sheetPage.toLowerCase()).toContain(`href="${englishUrl}" type="application/pdf" hreflang="en-us"`);
  });
});
