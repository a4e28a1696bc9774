/**
 * Imports in the editing model, on a real store: an import is one version of each sheet it
 * changes, under one import id, and undoing it puts every sheet and the collection order back in
 * one transaction; sheets it added go to the trash; it can be undone once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { findContentsByKeys } from '../cms/repositories/contents';
import { listTrash } from '../cms/repositories/editing';
import { DEMO_IDS } from '../demo/seed-demo';
import { formatCsvRow } from '../transfer/csv';
import { mediaDeliveryPath } from '../shared/urls';
import { importCsvFile } from '../transfer/import-csv';
import type { Actor } from './audit';
import { EditingError } from './editable';
import { undoImport } from './imports';
import { readJournalOnce } from '../server/journal-follower';
import { sheets } from './sheets';

const operator: Actor = { id: null, label: 'cli:operator' };
const collectionUrl = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=100`;

let test: TestApp;
let folder: string;
beforeAll(async () => {
  test = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'literature-undo-'));
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The collection's titles as the delivery API answers them once the journal's readers have read what the import (a command, here) changed. */
const titles = async () => {
  await readJournalOnce(test.store);
  return ((await test.app.inject(collectionUrl)).json() as { items: Array<{ name: string }> }).items.map((item) => item.name);
};

async function importRows(name: string, rows: string[][]) {
  const path = join(folder, name);
  writeFileSync(path, rows.map(formatCsvRow).join('\r\n') + '\r\n');
  return importCsvFile(test.store.db, path, { platformSitesSegment: test.config.platformSitesSegment });
}

describe('undoing an import', () => {
  it('makes one version per changed sheet, and --undo puts sheets and order back in one go', async () => {
    const [teos] = await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey('teos')]);
    const before = await titles();
    const summary = await importRows('changes.csv', [
      ['title', 'key', 'urlName'],
      ['TEOS, as imported', DEMO_IDS.sheetKey('teos'), ''],
      ['Imported newcomer', '', 'imported-newcomer'],
    ]);
    expect(summary.importId).toMatch(/^imp-/);
    const after = await titles();
    expect(after).toContain('TEOS, as imported');
    expect(after.at(-1)).toBe('Imported newcomer');

    const versions = await sheets.versions(test.store.db, teos!.id);
    expect(versions.map((version) => version.event)).toEqual(['import', 'original']);
    expect(versions[0]!.importId).toBe(summary.importId);

    const undone = await undoImport(test.store.db, summary.importId, operator);
    expect(undone).toEqual({ importId: summary.importId, restored: 1, removed: 1, skipped: 0, kept: [] });
    expect(await titles()).toEqual(before);
    expect((await sheets.versions(test.store.db, teos!.id)).map((version) => version.event)).toEqual(['undo-import', 'import', 'original']);
    expect((await listTrash(test.store.db, 'sheet')).map((row) => row.label)).toContain('Imported newcomer');

    const entries = await listAuditEntries(test.store.db, { target: summary.importId, limit: 10 });
    expect(entries.map((entry) => entry.action)).toEqual(['content.undo-import', 'content.import']);
    await expect(undoImport(test.store.db, summary.importId, operator)).rejects.toThrow(EditingError);
    await expect(undoImport(test.store.db, 'imp-00000000-00000000', operator)).rejects.toThrow(/There is no import/);
  });

  it('keeps the files an import replaces, so undoing it brings them back', async () => {
    const media = mediaDeliveryPath(test.config.platformSitesSegment, DEMO_IDS.imageKey('trimethylaluminum'));
    const before = await test.app.inject(media);
    expect(before.headers['content-type']).toContain('image/png');
    const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    writeFileSync(join(folder, 'new-tma.png'), png);
    const summary = await importRows('image.csv', [
      ['key', 'image', 'imageAlt'],
      [DEMO_IDS.sheetKey('trimethylaluminum'), 'new-tma.png', 'A new picture of the TMA bubbler'],
    ]);
    const imported = await test.app.inject(media);
    expect(imported.rawPayload.equals(png)).toBe(true);
    await undoImport(test.store.db, summary.importId, operator);
    const after = await test.app.inject(media);
    expect(after.headers['content-type']).toContain('image/png');
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it('moves the revision on, so an editor who opened a sheet before the import gets 409, not an overwrite', async () => {
    const [tmg] = await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey('trimethylgallium')]);
    const opened = (await sheets.view(test.store.db, tmg!.id))!;
    await importRows('revision.csv', [
      ['key', 'description'],
      [DEMO_IDS.sheetKey('trimethylgallium'), 'Changed by an import while an editor had it open.'],
    ]);
    const stale = structuredClone(opened.draft);
    stale.translations.en_US!.title = 'TMG, edited from before the import';
    await expect(sheets.save(test.store.db, tmg!.id, stale, opened.revision, operator)).rejects.toMatchObject({ reason: 'conflict' });
  });

  it('records no version for an import that changes nothing', async () => {
    const first = await importRows('same.csv', [
      ['title', 'key'],
      ['Tetraethyl orthosilicate (TEOS)', DEMO_IDS.sheetKey('teos')],
    ]);
    const [teos] = await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey('teos')]);
    const count = (await sheets.versions(test.store.db, teos!.id)).length;
    const again = await importRows('same-again.csv', [
      ['title', 'key'],
      ['Tetraethyl orthosilicate (TEOS)', DEMO_IDS.sheetKey('teos')],
    ]);
    expect(again.importId).not.toBe(first.importId);
    expect((await sheets.versions(test.store.db, teos!.id)).length).toBe(count);
  });
});
