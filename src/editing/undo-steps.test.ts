/**
 * A large undo in steps (issue 34): each step holds the editing lock briefly, so an editor's save
 * made meanwhile waits a step, not the whole undo; and a step that fails takes back the steps
 * before it, leaving every sheet and the import as they were, with the reason. On a real store
 * (SQLite, or PostgreSQL under TEST_DATABASE_URL); the failure is the store's own, raised by a
 * trigger where a full disk would raise it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fullDiskMessage, refuseVersion } from '../../tests/helpers/refuse-version';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { findContentsByKeys } from '../cms/repositories/contents';
import { findImport } from '../cms/repositories/editing';
import { DEMO_IDS } from '../demo/seed-demo';
import { formatCsvRow } from '../transfer/csv';
import { importCsvFile } from '../transfer/import-csv';
import type { Actor } from './audit';
import { undoImport } from './imports';
import { publishedSheet } from './sheet-state';
import { sheets } from './sheets';

const operator: Actor = { id: null, label: 'cli:operator' };
const editor: Actor = { id: null, label: 'ana@example.com' };
const SHEETS = 40;

let test: TestApp;
let folder: string;
beforeAll(async () => {
  test = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'literature-undo-steps-'));
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const db = () => test.store.db;

async function importRows(name: string, rows: string[][]) {
  const path = join(folder, name);
  writeFileSync(path, rows.map(formatCsvRow).join('\r\n') + '\r\n');
  return importCsvFile(db(), path, { platformSitesSegment: test.config.platformSitesSegment });
}

const header = ['title', 'description', 'language', 'urlName', 'url'];
const row = (index: number, text: string) => [`Stepped ${index}`, text, 'en_US', `stepped-${index}`, `https://example.com/stepped-${index}.pdf`];

/** The sheets' ids, made once and then changed by an import to undo. */
let ids: string[] = [];
async function importChanges(text: string) {
  const done = await importRows(`${text}.csv`, [header, ...Array.from({ length: SHEETS }, (_, index) => row(index, text))]);
  if (ids.length === 0) {
    const rows = await db().selectFrom('contents').select(['id', 'url_name']).where('url_name', 'like', 'stepped-%').execute();
    ids = Array.from({ length: SHEETS }, (_, index) => rows.find((content) => content.url_name === `stepped-${index}`)!.id);
  }
  return done.importId;
}

const descriptions = async () => Promise.all(ids.map(async (id) => (await publishedSheet(db(), id))?.translations.en_US?.description ?? null));

beforeAll(async () => {
  await importChanges('made');
});

it('a step that fails takes back the steps before it: every sheet and the import are as they were, and the error says why', async () => {
  const importId = await importChanges('changed once');
  // The store refuses the undo's version of the 30th sheet, as a full disk would refuse a write.
  const allow = await refuseVersion(db(), test.store.dialect, 'undo-import', ids[29]!);
  try {
    await expect(undoImport(db(), importId, operator, { stepMs: 0 })).rejects.toThrow(fullDiskMessage(test.store.dialect));
  } finally {
    await allow();
  }
  expect(await descriptions()).toEqual(ids.map(() => 'changed once'));
  expect((await findImport(db(), importId))?.undone_at).toBeNull();
  const actions = (await listAuditEntries(db(), { target: importId, limit: 10 })).map((entry) => entry.action);
  expect(actions).toEqual(['content.undo-import-taken-back', 'content.undo-import', 'content.import']);
  // The sheets before the failing one were undone and taken back; each says so in its history.
  expect((await sheets.versions(db(), ids[0]!)).map((version) => version.event).slice(0, 2)).toEqual(['undo-import-taken-back', 'undo-import']);

  // Nothing is left half-way: the same undo, asked again, does it all.
  const undone = await undoImport(db(), importId, operator, { stepMs: 0 });
  expect(undone.restored).toBe(SHEETS);
  expect(await descriptions()).toEqual(ids.map(() => 'made'));
});

it('an editor’s save made while a large undo runs waits for one step, not for the whole undo', async () => {
  const importId = await importChanges('changed twice');
  const [teos] = await findContentsByKeys(db(), DEMO_IDS.siteId, [DEMO_IDS.sheetKey('teos')]);
  const before = (await sheets.view(db(), teos!.id))!;
  const draft = structuredClone(before.draft);
  draft.translations.en_US!.description = 'Saved while an undo ran';
  let undoFinished = false;
  const undo = undoImport(db(), importId, operator, { stepMs: 0 }).then((undone) => ((undoFinished = true), undone));
  // The undo has its first step: the import is claimed.
  await expect.poll(async () => (await findImport(db(), importId))?.undone_at ?? null, { timeout: 10_000, interval: 5 }).not.toBeNull();
  const saved = await sheets.save(db(), teos!.id, draft, before.revision, editor);
  expect(saved.draft.translations.en_US?.description).toBe('Saved while an undo ran');
  expect(undoFinished).toBe(false);
  expect((await undo).restored).toBe(SHEETS);
  expect(await descriptions()).toEqual(ids.map(() => 'made'));
});
