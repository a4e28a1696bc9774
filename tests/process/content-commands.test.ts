/**
 * The content commands as operators run them (the built CLI, a real store: SQLite, or PostgreSQL
 * when TEST_DATABASE_URL names one): a dry run changes nothing and says what would change, taking
 * sheets off a collection needs a yes, a CSV export survives a round trip byte for byte, the
 * sheets' topics with it, and an Excel workbook imports as its CSV would (an .xls says what to do).
 * A zip is imported as what it holds; one that holds nothing to import, and a CSV of more rows than
 * one import takes, are refused up front, saying what to do.
 */
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import yazl from 'yazl';
import { openDatabase } from '../../src/cms/database';
import { listSites } from '../../src/cms/repositories/sites';
import { saveTopics } from '../../src/cms/repositories/topics';
import { DEMO_TOPICS } from '../../src/demo/topics';
import { loadConfig } from '../../src/server/config';
import { formatCsvRow, parseCsv } from '../../src/transfer/csv';
import { cli } from '../helpers/cli';
import { buildIfNeeded } from '../helpers/server-process';
import { createTestStoreLocation, type TestStoreLocation } from '../helpers/test-store';

// Each test runs the built CLI several times (a second or two each, more on a busy machine).
vi.setConfig({ testTimeout: 90_000 });

let folder: string;
const stores: TestStoreLocation[] = [];

beforeAll(() => {
  buildIfNeeded();
  folder = mkdtempSync(join(tmpdir(), 'literature-commands-'));
}, 180_000);
afterAll(async () => {
  for (const store of stores) await store.drop();
  rmSync(folder, { recursive: true, force: true });
});

async function newStore(seed: boolean): Promise<string> {
  const store = await createTestStoreLocation();
  stores.push(store);
  if (seed) expect(cli(store.databaseUrl, ['seed']).status).toBe(0);
  else expect(cli(store.databaseUrl, ['migrate']).status).toBe(0);
  return store.databaseUrl;
}

/** The store's content as an export manifest, without the export's own date. */
function snapshot(databaseUrl: string, name: string): string {
  const target = join(folder, name);
  expect(cli(databaseUrl, ['content', 'export', target]).status).toBe(0);
  return readFileSync(join(target, 'manifest.json'), 'utf8').replace(/"exportedAt": "[^"]+"/, '"exportedAt": ""');
}

function writeCsv(name: string, rows: string[][]): string {
  const path = join(folder, name);
  writeFileSync(path, rows.map(formatCsvRow).join('\r\n') + '\r\n');
  return path;
}

/** Gives the store's one site the demo's taxonomy: no file carries a taxonomy (`topics add` takes one topic at a time). */
async function addDemoTopics(databaseUrl: string): Promise<void> {
  const store = openDatabase(loadConfig({ DATABASE_URL: databaseUrl }).database);
  try {
    const [site] = await listSites(store.db);
    await saveTopics(store.db, site!.id, DEMO_TOPICS);
  } finally {
    await store.close();
  }
}

/** Every file below a folder, by its path there, with its bytes. */
function filesUnder(root: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else files.set(relative(root, path), readFileSync(path));
  };
  visit(root);
  return files;
}

describe('content import --dry-run', () => {
  it('says what would change, field by field, and changes nothing', async () => {
    const store = await newStore(true);
    const before = snapshot(store, 'dry-before');
    const path = writeCsv('dry.csv', [
      ['urlName', 'description'],
      ['teos', 'A corrected description.'],
      ['new-sheet', 'A new one.'],
    ]);
    const withTitle = writeCsv('dry-title.csv', [
      ['urlName', 'title', 'description'],
      ['teos', '', 'A corrected description.'],
      ['new-sheet', 'New sheet', 'A new one.'],
    ]);
    expect(cli(store, ['content', 'import', path, '--dry-run']).stderr).toContain('line 3, title: a new sheet needs a title');
    const run = cli(store, ['content', 'import', withTitle, '--dry-run']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Adds (1):\n  + sheet "New sheet" (new-sheet)');
    expect(run.stdout).toMatch(
      /Changes \(2\):\n {2}~ sheet "Tetraethyl orthosilicate \(TEOS\)" \(teos\)\n {6}translations\.en_US\.description: "[^"]+" → "A corrected description\."/,
    );
    expect(run.stdout).toContain('~ collection "Literature Sheets - CVD, ALD Precursors"');
    expect(run.stdout).toContain('Dry run: nothing was changed.');
    expect(snapshot(store, 'dry-after')).toBe(before);
  });
});

describe('content import --undo', () => {
  it('names the import, puts back everything it changed, and says so; a second undo is refused', async () => {
    const store = await newStore(true);
    const before = snapshot(store, 'undo-before');
    const path = writeCsv('undo.csv', [
      ['urlName', 'title', 'description'],
      ['teos', '', 'Changed by an import.'],
      ['undo-newcomer', 'Undo newcomer', 'Added by an import.'],
    ]);
    const run = cli(store, ['content', 'import', path]);
    expect(run.status, run.stderr).toBe(0);
    const importId = /This was import (imp-\S+);/.exec(run.stdout)?.[1];
    expect(importId).toBeDefined();
    expect(cli(store, ['content', 'imports']).stdout).toContain(importId!);

    const undo = cli(store, ['content', 'import', '--undo', importId!]);
    expect(undo.status, undo.stderr).toBe(0);
    expect(undo.stdout).toContain(`Undid import ${importId}: 1 sheet put back as it was, 1 it had added taken off the site`);
    // As it was, but for when: putting a sheet back is itself a change, made now.
    const undated = (manifest: string) => manifest.replace(/"(updatedAt|publishedAt)": "[^"]+"/g, '"$1": ""');
    expect(undated(snapshot(store, 'undo-after'))).toBe(undated(before));
    const again = cli(store, ['content', 'import', '--undo', importId!]);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain('was undone already');
  });

  it('refuses to take back a field changed since, naming it, and undoes the rest with --keep-later', async () => {
    const store = await newStore(true);
    const first = cli(store, [
      'content',
      'import',
      writeCsv('first.csv', [
        ['urlName', 'title', 'description'],
        ['teos', 'TEOS, first import', 'First.'],
      ]),
    ]);
    const importId = /This was import (imp-\S+);/.exec(first.stdout)?.[1];
    expect(
      cli(store, [
        'content',
        'import',
        writeCsv('second.csv', [
          ['urlName', 'title'],
          ['teos', 'TEOS, second import'],
        ]),
      ]).status,
    ).toBe(0);

    const refused = cli(store, ['content', 'import', '--undo', importId!]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(`Import ${importId} was not undone: these were changed since it, and undoing it would take that back:`);
    expect(refused.stderr).toContain('  - TEOS, first import: translations.en_US.title was changed since the import');
    expect(refused.stderr).toContain(`npm run cli -- content import --undo ${importId} --keep-later`);

    const kept = cli(store, ['content', 'import', '--undo', importId!, '--keep-later']);
    expect(kept.status, kept.stderr).toBe(0);
    expect(kept.stdout).toContain('1 sheet put back as it was, 0 it had added taken off the site (into the trash); 1 field changed since kept');
    const manifest = snapshot(store, 'kept');
    expect(manifest).toContain('"Title": "TEOS, second import"');
    expect(manifest).not.toContain('"description": "First."');
  });
});

describe('content import --remove-unlisted', () => {
  it('refuses without a terminal and without --yes, and takes the sheets off the collection with --yes', async () => {
    const store = await newStore(true);
    const before = snapshot(store, 'remove-before');
    const path = writeCsv('only-one.csv', [
      ['urlName', 'description'],
      ['teos', 'The only one.'],
    ]);
    const refused = cli(store, ['content', 'import', path, '--remove-unlisted']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('This takes 25 sheets the file does not list off the collection (they stay in the store). Confirm with --yes');
    expect(refused.stderr).toContain('nothing was changed');
    expect(snapshot(store, 'remove-refused')).toBe(before);

    const plain = cli(store, ['content', 'import', path]);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toMatch(/^1 sheet changed; left \d+ alone\./m);
    const done = cli(store, ['content', 'import', path, '--remove-unlisted', '--yes']);
    expect(done.status).toBe(0);
    expect(done.stdout).toContain('took 25 sheets off the collection');
    const manifest = JSON.parse(snapshot(store, 'remove-after')) as { collections: Array<{ items: string[] }>; contents: unknown[] };
    expect(manifest.collections[0]?.items).toHaveLength(1);
    expect(manifest.contents).toHaveLength(52);
  });
});

describe('content export --csv', () => {
  it('writes the CSV the import reads: export, import into an empty store, export again gives the same bytes and files', async () => {
    const source = await newStore(true);
    const first = join(folder, 'round-1');
    const exported = cli(source, ['content', 'export', '--csv', join(first, 'sheets.csv')]);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toMatch(/^Exported 26 sheets \(78 rows\), \d+ documents and images beside /);

    const csv = readFileSync(join(first, 'sheets.csv'), 'utf8');
    const table = parseCsv(csv).map((row) => row.fields);
    // Each demo sheet's topics, on each of its rows (teos: its English, German and French rows).
    const topics = table[0]!.indexOf('topics');
    expect(table.filter((row) => row[3] === 'teos').map((row) => row[topics])).toEqual([
      'cvd;precursor;silicon',
      'cvd;precursor;silicon',
      'cvd;precursor;silicon',
    ]);

    // The empty store's new site has no topics yet, so the file is refused whole, naming them.
    const target = await newStore(false);
    const refused = cli(target, ['content', 'import', join(first, 'sheets.csv')]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/line 2, topics: "[a-z-]+"(, "[a-z-]+")* (is not a topic|are not topics) of the site \(it has no topics yet\)/);
    // So the sheets go in without their topics first (making the site), the site gets its taxonomy,
    // and then the whole file goes in: its topics are all the second import changes.
    const [header, ...rows] = table.map((row) => row.filter((_cell, index) => index !== topics));
    expect(header).not.toContain('topics');
    const withoutTopics = join(first, 'without-topics.csv');
    writeFileSync(withoutTopics, [header!, ...rows].map(formatCsvRow).join('\r\n') + '\r\n');
    const untopical = cli(target, ['content', 'import', withoutTopics]);
    expect(untopical.status, untopical.stderr).toBe(0);
    rmSync(withoutTopics);
    await addDemoTopics(target);
    const imported = cli(target, ['content', 'import', join(first, 'sheets.csv')]);
    expect(imported.status, imported.stderr).toBe(0);
    const second = join(folder, 'round-2');
    expect(cli(target, ['content', 'export', '--csv', join(second, 'sheets.csv')]).status).toBe(0);

    const one = filesUnder(first);
    const two = filesUnder(second);
    expect([...two.keys()].sort()).toEqual([...one.keys()].sort());
    for (const [path, bytes] of one) expect(two.get(path)?.equals(bytes), path).toBe(true);
    // The sheet's own columns, then the type's fields (content-model/literature-sheet.ts).
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFtitle,description,language,urlName,key,document,url,image,imageAlt,topics,casNumbers,formula,purity,form,packageSizes,productCode',
    );
  });
});

describe('content import of an Excel workbook', () => {
  it('reads its first sheet as the CSV’s rows, and refuses an .xls saying what to do', async () => {
    const store = await newStore(true);
    for (const [name, unit] of [
      ['density', 'g/cm³'],
      ['boilingPoint', '°C'],
      ['meltingPoint', '°C'],
    ] as const)
      expect(cli(store, ['fields', 'add', name, 'number', `en_US=${name}`, '--shared', '--unit', unit]).status).toBe(0);
    expect(cli(store, ['fields', 'add', 'reviewedOn', 'date', 'en_US=Reviewed on', '--shared']).status).toBe(0);
    const run = cli(store, ['content', 'import', join('tests', 'fixtures', 'csv', 'libreoffice-german-decimal-comma.xlsx'), '--dry-run']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Changes (3):');
    expect(run.stdout).toContain('values.density: (none) → "0.933"');
    expect(run.stdout).toContain('values.reviewedOn: (none) → "2025-09-22"');

    const xls = join(folder, 'Preise.xls');
    writeFileSync(xls, 'not read');
    const refused = cli(store, ['content', 'import', xls]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(
      'Preise.xls is an Excel 97–2003 workbook (.xls), which an import cannot read: save it as an Excel workbook (.xlsx) or as CSV UTF-8, and import that.',
    );
  });
});

/** The files below `root` packed as a zip under `prefix` (an export folder as the studio's Export zip packs it). */
async function zipOf(root: string, prefix: string, path: string): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of filesUnder(root)) zip.addBuffer(bytes, `${prefix}${name.split('\\').join('/')}`);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  return path;
}

describe('content import of a zip', () => {
  it('imports an export folder zipped as what it holds, and says what a zip export holds when it holds nothing to import', async () => {
    const store = await newStore(true);
    const exported = join(folder, 'zip-export');
    expect(cli(store, ['content', 'export', exported]).status).toBe(0);
    const zip = await zipOf(exported, 'content/', join(folder, 'export.zip'));
    const run = cli(store, ['content', 'import', zip, '--dry-run']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Dry run: nothing was changed.');
    expect(run.stdout).not.toMatch(/Adds|Changes/);

    rmSync(join(exported, 'manifest.json'));
    const refused = cli(store, ['content', 'import', await zipOf(exported, 'content/', join(folder, 'no-manifest.zip'))]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('no-manifest.zip cannot be imported (1 problem); nothing was changed:');
    expect(refused.stderr).toContain('the zip holds no manifest.json and no CSV of sheets. A zip export holds manifest.json with the images and documents');
    expect(refused.stderr).not.toContain('JSON (');
  });
});

describe('content import of a CSV of 200,000 rows', () => {
  it('is refused before any row is checked, naming the limit and how to split the file', async () => {
    const store = await newStore(false);
    const rows = [['title', 'urlName'], ...Array.from({ length: 200_000 }, (_, index) => [`Sheet ${index}`, `sheet-${index}`])];
    const refused = cli(store, ['content', 'import', writeCsv('200k.csv', rows)]);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(
      'the file has 200,000 rows of sheets; one import takes at most 100,000. Split it into files of at most 100,000 rows, each starting with the header row',
    );
  });
});
