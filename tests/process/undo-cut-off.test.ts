/**
 * An import, and an import's undo, cut off part-way (its process killed between steps, as a crash or a shutdown
 * past its time would): the import says its undo stopped, a second undo meanwhile is refused, and
 * undoing it again finishes it: every sheet it added off the site, each undone once (the built
 * CLI, a real store: SQLite, or PostgreSQL when TEST_DATABASE_URL names one).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type ContentStore } from '../../src/cms/database';
import { findImport } from '../../src/cms/repositories/editing';
import { commandLineActor } from '../../src/editing/audit';
import { applyStateOf, CUT_OFF_MS, undoImport, undoStateOf } from '../../src/editing/imports';
import { loadConfig } from '../../src/server/config';
import { formatCsvRow } from '../../src/transfer/csv';
import { cli, startCli } from '../helpers/cli';
import { buildIfNeeded } from '../helpers/server-process';
import { createTestStoreLocation, type TestStoreLocation } from '../helpers/test-store';

const SHEETS = 600;
let folder: string;
let location: TestStoreLocation;

beforeAll(() => {
  buildIfNeeded();
  folder = mkdtempSync(join(tmpdir(), 'literature-undo-cut-off-'));
}, 180_000);
afterAll(async () => {
  await location?.drop();
  rmSync(folder, { recursive: true, force: true });
});

const count = async (db: ContentStore, importId: string, event: string) =>
  Number(
    (
      await db
        .selectFrom('versions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('import_id', '=', importId)
        .where('event', '=', event)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A CSV of SHEETS new sheets whose titles and addresses start with `prefix`; answers its path. */
function writeSheetsCsv(name: string, title: string, prefix: string): string {
  const rows = [['title', 'description', 'language', 'urlName', 'url']];
  for (let index = 0; index < SHEETS; index++)
    rows.push([`${title} ${index}`, `Imported ${index}`, 'en_US', `${prefix}-${index}`, `https://example.com/${prefix}-${index}.pdf`]);
  const path = join(folder, name);
  writeFileSync(path, rows.map(formatCsvRow).join('\r\n') + '\r\n');
  return path;
}

it('an undo killed between its steps is finished by undoing the import again', async () => {
  location = await createTestStoreLocation();
  expect(cli(location.databaseUrl, ['seed']).status).toBe(0);
  const imported = cli(location.databaseUrl, ['content', 'import', writeSheetsCsv('bulk.csv', 'Cut-off precursor', 'cut-off-precursor'), '--yes']);
  expect(imported.status, imported.stderr).toBe(0);
  const importId = /import (imp-[0-9a-f-]+)/.exec(imported.stdout)![1]!;

  const store = openDatabase(loadConfig({ DATABASE_URL: location.databaseUrl }).database, { busyTimeoutMs: 10_000 });
  try {
    const { db } = store;
    // The undo in a process of its own, killed once its first steps are in the store.
    const undoing = startCli(location.databaseUrl, ['content', 'import', '--undo', importId, '--yes']);
    while ((await count(db, importId, 'undo-import')) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    undoing.child.kill('SIGKILL');
    await undoing.done;
    const cutAt = await count(db, importId, 'undo-import');
    expect(cutAt).toBeGreaterThan(0);
    expect(cutAt).toBeLessThan(SHEETS);

    // Until its last step is a minute old it may still be running elsewhere: a second undo waits.
    const row = (await findImport(db, importId))!;
    expect(undoStateOf(row, new Date())).toBe('running');
    const refused = cli(location.databaseUrl, ['content', 'import', '--undo', importId, '--yes']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(new RegExp(`Import ${importId} is being undone`));

    // Past that, it was cut off: the list says so, and undoing it again finishes it.
    const later = new Date(Date.parse(row.undo_step_at!) + CUT_OFF_MS + 1000);
    expect(undoStateOf(row, later)).toBe('cut-off');
    const finished = await undoImport(db, importId, commandLineActor(), { now: later });
    expect(finished).toMatchObject({ removed: SHEETS, restored: 0, kept: [] });
    expect(await count(db, importId, 'undo-import')).toBe(SHEETS);
    expect(undoStateOf((await findImport(db, importId))!, later)).toBe('done');
    const onSite = await db.selectFrom('contents').select('id').where('url_name', 'like', 'cut-off-precursor-%').execute();
    expect(onSite).toEqual([]);
    const trashed = await db.selectFrom('trash').select('target_id').where('label', 'like', 'Cut-off precursor %').execute();
    expect(trashed).toHaveLength(SHEETS);
    const audit = await db.selectFrom('audit_log').select('action').where('target_id', '=', importId).orderBy('id').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['content.import', 'content.undo-import', 'content.undo-import-finished']);
    await expect(undoImport(db, importId, commandLineActor(), { now: later })).rejects.toThrow(/was undone already/);
  } finally {
    await store.close();
  }
}, 180_000);

it('an import killed between its steps says it stopped part-way, and undoing it takes back the sheets it reached', async () => {
  const cutOff = await createTestStoreLocation();
  try {
    expect(cli(cutOff.databaseUrl, ['seed']).status).toBe(0);
    const csv = writeSheetsCsv('half.csv', 'Half-imported', 'half-imported');
    const store = openDatabase(loadConfig({ DATABASE_URL: cutOff.databaseUrl }).database, { busyTimeoutMs: 10_000 });
    try {
      const { db } = store;
      const importing = startCli(cutOff.databaseUrl, ['content', 'import', csv, '--yes']);
      const started = async () => (await db.selectFrom('imports').select('id').executeTakeFirst())?.id;
      while ((await started()) === undefined || (await count(db, (await started())!, 'import')) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      importing.child.kill('SIGKILL');
      await importing.done;
      const importId = (await started())!;
      const reached = await count(db, importId, 'import');
      expect(reached).toBeGreaterThan(0);
      expect(reached).toBeLessThan(SHEETS);

      const listed = cli(cutOff.databaseUrl, ['content', 'imports']);
      expect(listed.stdout).toMatch(new RegExp(`${importId} .*\\(being applied, its last step at `));
      const refused = cli(cutOff.databaseUrl, ['content', 'import', '--undo', importId, '--yes']);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(new RegExp(`Import ${importId} is being applied`));

      const row = (await findImport(db, importId))!;
      const later = new Date(Date.parse(row.apply_step_at!) + CUT_OFF_MS + 1000);
      expect(applyStateOf(row, later)).toBe('cut-off');
      const undone = await undoImport(db, importId, commandLineActor(), { now: later });
      expect(undone).toMatchObject({ removed: reached, restored: 0, kept: [] });
      const onSite = await db.selectFrom('contents').select('id').where('url_name', 'like', 'half-imported-%').execute();
      expect(onSite).toEqual([]);
    } finally {
      await store.close();
    }
  } finally {
    await cutOff.drop();
  }
}, 180_000);
