import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getOk, type TestApp } from '../../tests/helpers/test-app';
import type { CollectionResponse } from '../shared/delivery-types';
import { listSites } from '../cms/repositories/sites';
import { DEMO_IDS } from '../demo/seed-demo';
import { readContentVersion } from '../cms/repositories/store-state';
import { readJournalOnce } from '../server/journal-follower';
import { listContentsByUrlNames, listStoredTranslations } from '../cms/repositories/contents';
import type { ContentStore } from '../cms/database';
import { publishedSheet } from '../editing/sheet-state';
import { topicsOfBody } from '../shared/topics';
import { formatCsvRow, parseCsv } from './csv';
import { exportCsvFile } from './export-csv';
import { importCsvFile, prepareCsvImport, type CsvImportOptions } from './import-csv';
import { planProposal } from './import-plan';
import { ManifestError } from './manifest';

const API = '/services/data/v65.0';
let folder: string;
let png: Buffer;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'literature-csv-'));
  mkdirSync(join(folder, 'docs'));
  mkdirSync(join(folder, 'images'));
  writeFileSync(join(folder, 'docs', 'mfc.pdf'), '%PDF-1.4 mass flow controller\n');
  writeFileSync(join(folder, 'docs', 'mfc-de.pdf'), '%PDF-1.4 Massendurchflussregler\n');
  writeFileSync(join(folder, 'docs', 'bubbler.pdf'), '%PDF-1.4 bubbler\n');
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  writeFileSync(join(folder, 'images', 'mfc.png'), png);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function writeCsv(name: string, rows: string[][]): string {
  const path = join(folder, name);
  writeFileSync(path, rows.map(formatCsvRow).join('\r\n') + '\r\n');
  return path;
}

const SHEETS = [
  ['title', 'description', 'language', 'urlName', 'document', 'url', 'image', 'imageAlt'],
  ['Mass Flow Controller', 'Meters carrier gas, precisely.', 'en_US', 'mfc', 'docs/mfc.pdf', '', 'images/mfc.png', 'Grey MFC body with a blue label'],
  ['Massendurchflussregler', 'Dosiert Trägergas, genau.', 'de_DE', 'mfc', 'docs/mfc-de.pdf', '', '', 'Graues MFC-Gehäuse'],
  ['Bubbler, 1.2 L', 'Stainless steel "ampoule" for liquid precursors.', '', 'bubbler', 'docs/bubbler.pdf', '', '', ''],
  ['Bubbler, 1,2 L', '', 'de_DE', 'bubbler', '', '', '', ''],
  ['Diaphragm valve', 'Opens in 5 ms.', '', '', '', 'https://example.com/valve.pdf', '', ''],
];

const options = (app: TestApp, extra: Partial<CsvImportOptions> = {}): CsvImportOptions => ({
  platformSitesSegment: app.config.platformSitesSegment,
  now: new Date('2026-11-01T08:00:00Z'),
  ...extra,
});

/** A collection's items as the delivery API answers them after an import command, which reads the journal as it ends. */
async function itemsOf(app: TestApp, collectionKey: string, language = 'en_US') {
  await readJournalOnce(app.store);
  return getOk<CollectionResponse>(
    app.app,
    `${API}/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${collectionKey}?pageSize=250&language=${language}`,
  );
}

describe('CSV import into the demo collection', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('adds the rows’ sheets after the collection’s own, with translations, documents and an image, and removes nothing', async () => {
    // What earlier changes journaled is read first: the version then moves only with this change.
    await readJournalOnce(app.store);
    const before = await readContentVersion(app.store.db);
    const demo = (await itemsOf(app, DEMO_IDS.collectionKey)).items.map((item) => item.body.title);
    const summary = await importCsvFile(app.store.db, writeCsv('sheets.csv', SHEETS), options(app));
    expect(summary).toMatchObject({ collectionKey: DEMO_IDS.collectionKey, added: 3, changed: 0, summary: '3 sheets added', removedFromCollection: 0 });
    expect(await readContentVersion(app.store.db)).toBeGreaterThan(before);

    const english = await itemsOf(app, DEMO_IDS.collectionKey);
    expect(english.items.map((item) => item.body.title)).toEqual([...demo, 'Mass Flow Controller', 'Bubbler, 1.2 L', 'Diaphragm valve']);
    const [mfc, bubbler, valve] = english.items.slice(-3);
    expect(mfc!.body.contentBody.description).toBe('Meters carrier gas, precisely.');
    expect(mfc!.body.contentBody.url).toBe('/sfsites/c/file-asset/literature-sheet-mfc?v=1');
    expect(bubbler!.body.contentBody.description).toBe('Stainless steel "ampoule" for liquid precursors.');
    expect(valve!.body.contentBody.url).toBe('https://example.com/valve.pdf');

    const german = (await itemsOf(app, DEMO_IDS.collectionKey, 'de_DE')).items.slice(-3);
    expect(german.map((item) => item.body.title)).toEqual(['Massendurchflussregler', 'Bubbler, 1,2 L', 'Diaphragm valve']);
    expect(german[0]!.body.contentBody.url).toBe('/sfsites/c/file-asset/literature-sheet-mfc-de_de?v=1');
    // Empty cells of a translation row take the first row's values: one document for both languages.
    expect(german[1]!.body.contentBody.url).toBe(bubbler!.body.contentBody.url);
    expect(german[1]!.body.contentBody.description).toBe('Stainless steel "ampoule" for liquid precursors.');

    const document = await app.app.inject('/sfsites/c/file-asset/literature-sheet-mfc?v=1');
    expect(document.statusCode).toBe(200);
    expect(document.body).toBe('%PDF-1.4 mass flow controller\n');
    const image = mfc!.body.contentBody.image as { contentKey: string; url: string; altText?: string };
    const media = await app.app.inject(`/sfsites/c/cms/delivery/media/${image.contentKey}`);
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(png)).toBe(true);
  });

  it('changes nothing when the same file is imported again', async () => {
    const path = writeCsv('sheets.csv', SHEETS);
    const first = await itemsOf(app, DEMO_IDS.collectionKey);
    const version = await readContentVersion(app.store.db);
    await importCsvFile(app.store.db, path, options(app, { now: new Date('2026-12-24T08:00:00Z') }));
    expect(await itemsOf(app, DEMO_IDS.collectionKey)).toEqual(first);
    const plan = await planProposal(app.store.db, await prepareCsvImport(app.store.db, path, options(app)));
    expect(plan.entries.filter((entry) => entry.action !== 'keep')).toEqual([]);
    expect(await readContentVersion(app.store.db)).toBeGreaterThanOrEqual(version);
  });

  it('gives a changed document the next version and keeps the old one for old links', async () => {
    writeFileSync(join(folder, 'docs', 'mfc-v2.pdf'), '%PDF-1.4 mass flow controller, second edition\n');
    const rows = SHEETS.map((row) => row.map((cell) => (cell === 'docs/mfc.pdf' ? 'docs/mfc-v2.pdf' : cell)));
    await importCsvFile(app.store.db, writeCsv('sheets-v2.csv', rows), options(app));
    const mfc = (await itemsOf(app, DEMO_IDS.collectionKey)).items.find((item) => item.body.urlName === 'mfc');
    expect(mfc!.body.contentBody.url).toBe('/sfsites/c/file-asset/literature-sheet-mfc?v=2');
    expect((await app.app.inject('/sfsites/c/file-asset/literature-sheet-mfc?v=1')).statusCode).toBe(200);
  });

  it('changes only the cells a row carries: the image, the other languages and the place in the collection stay', async () => {
    const before = await itemsOf(app, DEMO_IDS.collectionKey);
    const germanBefore = await itemsOf(app, DEMO_IDS.collectionKey, 'de_DE');
    const position = before.items.findIndex((item) => item.body.urlName === 'teos');
    await importCsvFile(
      app.store.db,
      writeCsv('one-row.csv', [
        ['urlName', 'description'],
        ['teos', 'A corrected description.'],
      ]),
      options(app),
    );
    const after = await itemsOf(app, DEMO_IDS.collectionKey);
    expect(after.items.map((item) => item.body.urlName)).toEqual(before.items.map((item) => item.body.urlName));
    const teos = after.items[position]!;
    expect(teos.body.contentBody).toEqual({ ...before.items[position]!.body.contentBody, description: 'A corrected description.' });
    expect(teos.body.title).toBe(before.items[position]!.body.title);
    expect(await itemsOf(app, DEMO_IDS.collectionKey, 'de_DE')).toEqual(germanBefore);
    expect(after.items.filter((_, index) => index !== position)).toEqual(before.items.filter((_, index) => index !== position));
  });

  it('refuses a URL name another kind of content has, and a key and a URL name of two different sheets', async () => {
    const rows = [
      ['title', 'urlName', 'key'],
      ['Image clash', 'teos-image', ''],
      ['Two sheets', 'teos', DEMO_IDS.sheetKey('silane')],
    ];
    const error = (await importCsvFile(app.store.db, writeCsv('clash.csv', rows), options(app)).catch((caught: unknown) => caught)) as ManifestError;
    expect(error.problems).toEqual([
      'line 2, urlName: teos-image is the URL name of a sfdc_cms__image content, not of a literature sheet: give this sheet another urlName',
      expect.stringMatching(/^line 3, urlName: teos is the URL name of another content in the store \(MC[A-Z0-9]{26}\): give this sheet another urlName/),
    ]);
  });

  it('takes the sheets it does not list off the collection only when asked, and they stay in the store', async () => {
    const rows = [SHEETS[0]!, ['Gas cabinet, small', 'Houses one cylinder.', '', 'gas-cabinet-small', '', '', '', '']];
    const count = (await itemsOf(app, DEMO_IDS.collectionKey)).items.length;
    const kept = await importCsvFile(app.store.db, writeCsv('two.csv', rows), options(app));
    expect(kept.removedFromCollection).toBe(0);
    expect((await itemsOf(app, DEMO_IDS.collectionKey)).items).toHaveLength(count + 1);

    const removed = await importCsvFile(app.store.db, writeCsv('two.csv', rows), options(app, { removeUnlisted: true }));
    expect(removed.removedFromCollection).toBe(count);
    expect((await itemsOf(app, DEMO_IDS.collectionKey)).items.map((item) => item.body.title)).toEqual(['Gas cabinet, small']);
    expect((await app.app.inject(`${API}/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents/${DEMO_IDS.sheetKey('teos')}`)).statusCode).toBe(200);
  });

  it('reports every problem with its line and column, and changes nothing', async () => {
    // What earlier changes journaled is read first: the version then moves only with this change.
    await readJournalOnce(app.store);
    const before = await readContentVersion(app.store.db);
    const itemsBefore = await itemsOf(app, DEMO_IDS.collectionKey);
    const path = writeCsv('bad.csv', [
      ['Title', 'Description', 'Language', 'URL', 'Document', 'Image', 'Image alt', 'Colour'],
      ['', 'no title', 'en_US', '', '', '', '', 'red'],
    ]);
    const error = await importCsvFile(app.store.db, path, options(app)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual([
      'line 1: unknown column "Colour" (the columns are title, description, language, urlName, key, document, url, image, imageAlt, topics, casNumbers, formula, purity, form, packageSizes, productCode)',
    ]);

    const withoutColour = writeCsv('bad.csv', [
      ['Title', 'Description', 'Language', 'URL', 'Document', 'Image', 'Image alt'],
      ['', 'no title', 'en_US', '', '', '', ''],
      ['Evil link', '', 'english', 'javascript:alert(1)', '', '', ''],
      ['Both', '', '', 'https://example.com/a.pdf', 'docs/mfc.pdf', '', ''],
      ['Missing files', '', '', '', 'docs/none.pdf', '../outside.png', ''],
      ['Not an image', '', '', '', '', 'docs/mfc.pdf', 'alt'],
      ['Plain http', '', '', 'http://example.com/a.pdf', '', '', ''],
      ['Protocol-relative', '', '', '//example.com/a.pdf', '', '', ''],
    ]);
    const problems = ((await importCsvFile(app.store.db, withoutColour, options(app)).catch((caught: unknown) => caught)) as ManifestError).problems;
    expect(problems).toEqual([
      'line 3, language: "english" is not a language like en_US or de',
      'line 3, url: "javascript:alert(1)" uses the javascript: scheme, which a sheet never links to: use an https:// address or a path starting with /',
      'line 4: give a url or a document, not both',
      "line 5, image: ../outside.png must be inside the CSV file's folder",
      'line 6, image: docs/mfc.pdf is not an image that can be read',
      'line 7, url: "http://example.com/a.pdf" is an http:// address: links must use https:// (spec §5.1)',
      'line 8, url: "//example.com/a.pdf" starts with //, which leaves the site without saying how: write the address in full, starting with https://',
      "line 3, language: english is not one of the site's languages (en_US, de_DE, fr_FR)",
      'line 2, title: a new sheet needs a title',
      'line 5, document: docs/none.pdf does not exist or is larger than 50 MB',
    ]);
    expect(await readContentVersion(app.store.db)).toBe(before);
    expect(await itemsOf(app, DEMO_IDS.collectionKey)).toEqual(itemsBefore);
  });

  it('refuses languages the site does not have, and a language twice for one sheet', async () => {
    const path = writeCsv('languages.csv', [
      ['title', 'language', 'urlName'],
      ['A', 'ja_JP', 'a'],
      ['B', '', 'b'],
      ['B again', 'en_US', 'b'],
    ]);
    const error = (await importCsvFile(app.store.db, path, options(app)).catch((caught: unknown) => caught)) as ManifestError;
    expect(error.problems).toEqual([
      "line 2, language: ja_JP is not one of the site's languages (en_US, de_DE, fr_FR)",
      'line 4, language: repeats the language en_US of line 3 for the same sheet',
    ]);
  });

  it('imports what LibreOffice writes from an .xlsx by default (Windows-1252), line breaks and separators in cells included', async () => {
    const prepared = await prepareCsvImport(app.store.db, join('tests', 'fixtures', 'csv', 'libreoffice-default-from-xlsx.csv'), options(app));
    expect(prepared.notes).toEqual([expect.stringMatching(/was read as Windows-1252/)]);
    const byName = new Map(prepared.sheets.map((sheet) => [sheet.target.urlName, sheet.target]));
    expect(byName.get('teos')?.translations.de_DE).toMatchObject({
      title: 'Tetraethylorthosilicat (TEOS), Größe 1',
      description: 'Zeile eins; mit Semikolon\nZeile zwei mit "Zitat"',
    });
    expect(byName.get('silane')?.translations.en_US).toMatchObject({ title: 'Silane, 99.9999 %', description: 'Ultra-high purity at 12 € a litre' });
  });

  it('reads a Windows-1252 file as such and says so, and refuses bytes that are text in neither', async () => {
    const path = join(folder, 'latin1.csv');
    writeFileSync(path, Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0x54, 0xe9, 0x0a]));
    const prepared = await prepareCsvImport(app.store.db, path, options(app));
    expect(prepared.sheets.map((sheet) => sheet.target.translations.en_US?.title)).toEqual(['Té']);
    expect(prepared.notes).toEqual([expect.stringMatching(/was read as Windows-1252/)]);
    writeFileSync(path, Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0x54, 0x81, 0x0a]));
    await expect(importCsvFile(app.store.db, path, options(app))).rejects.toThrow(/not UTF-8 text, nor Windows-1252: save it as CSV UTF-8/);
    writeFileSync(join(folder, 'open.csv'), 'title\n"never closed\n');
    await expect(importCsvFile(app.store.db, join(folder, 'open.csv'), options(app))).rejects.toThrow(/line 2: a quoted field is never closed/);
  });
});

const sheetsNamed = (db: ContentStore, ...urlNames: string[]) => listContentsByUrlNames(db, DEMO_IDS.siteId, urlNames);

/** Each stored translation's topics, by language, of the demo site's sheet with this URL name. */
async function storedTopics(db: ContentStore, urlName: string): Promise<Record<string, string[]>> {
  const [sheet] = await sheetsNamed(db, urlName);
  const rows = await listStoredTranslations(db, [sheet!.id]);
  return Object.fromEntries(rows.map((row) => [row.language, topicsOfBody(JSON.parse(row.body) as Record<string, unknown>)]));
}

describe('the topics column', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('takes a sheet’s topics from any of its rows, in order and once each, into every language, the ones the file leaves out too', async () => {
    await importCsvFile(
      app.store.db,
      writeCsv('topics.csv', [
        ['title', 'description', 'language', 'urlName', 'topics'],
        ['Ozone generator', 'Makes O₃ for ALD oxides.', 'en_US', 'ozone-generator', ''],
        ['Ozongenerator', '', 'de_DE', 'ozone-generator', ' ald ; equipment;ald; '],
        // teos has en_US, de_DE and fr_FR: the file gives only its German row.
        ['', '', 'de_DE', 'teos', 'ald;precursor;silicon'],
        // An empty cell keeps what is stored.
        ['', 'Silane, corrected.', 'en_US', 'silane', ''],
      ]),
      options(app),
    );
    expect(await storedTopics(app.store.db, 'ozone-generator')).toEqual({ en_US: ['ald', 'equipment'], de_DE: ['ald', 'equipment'] });
    expect(await storedTopics(app.store.db, 'teos')).toEqual({
      en_US: ['ald', 'precursor', 'silicon'],
      de_DE: ['ald', 'precursor', 'silicon'],
      fr_FR: ['ald', 'precursor', 'silicon'],
    });
    expect(Object.values(await storedTopics(app.store.db, 'silane'))).toEqual([
      ['cvd', 'precursor', 'silicon'],
      ['cvd', 'precursor', 'silicon'],
      ['cvd', 'precursor', 'silicon'],
    ]);
    // The editing model reads them as the sheet's.
    const [ozone] = await sheetsNamed(app.store.db, 'ozone-generator');
    expect((await publishedSheet(app.store.db, ozone!.id))?.topics).toEqual(['ald', 'equipment']);
  });

  it('reports malformed and unknown topics, and two lists for one sheet, each with its line, and changes nothing', async () => {
    // What earlier changes journaled is read first: the version then moves only with this change.
    await readJournalOnce(app.store);
    const before = await readContentVersion(app.store.db);
    const path = writeCsv('bad-topics.csv', [
      ['title', 'language', 'urlName', 'topics'],
      ['Sheet A', 'en_US', 'sheet-a', 'cvd;Not A Slug'],
      ['Sheet B', 'en_US', 'sheet-b', 'plutonium; cvd; sputtering'],
      ['Sheet C', 'en_US', 'sheet-c', 'cvd;ald'],
      ['Blatt C', 'de_DE', 'sheet-c', 'ald;cvd'],
      ['Sheet D', 'en_US', 'sheet-d', 'zinc'],
    ]);
    const error = (await importCsvFile(app.store.db, path, options(app)).catch((caught: unknown) => caught)) as ManifestError;
    expect(error).toBeInstanceOf(ManifestError);
    expect(error.problems).toEqual([
      'line 2, topics: "Not A Slug" is not a topic slug (lower-case letters and digits joined by single hyphens, e.g. cvd or gas-cabinet)',
      'line 5, topics: a sheet has one list of topics, and line 4 gives another (give it on one row, or the same on each)',
      'line 3, topics: "plutonium", "sputtering" are not topics of the site',
    ]);
    expect(await readContentVersion(app.store.db)).toBe(before);
    expect(await sheetsNamed(app.store.db, 'sheet-a', 'sheet-b', 'sheet-c', 'sheet-d')).toEqual([]);
  });

  it('exports each sheet’s topics on each of its rows, and that file imports as no change', async () => {
    const path = join(folder, 'export', 'sheets.csv');
    await exportCsvFile(app.store.db, path);
    const [header, ...rows] = parseCsv(readFileSync(path, 'utf8')).map((row) => row.fields);
    expect(header).toContain('topics');
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    const teos = rows.filter((row) => cell(row, 'urlName') === 'teos');
    expect(teos.map((row) => cell(row, 'topics'))).toEqual(['ald;precursor;silicon', 'ald;precursor;silicon', 'ald;precursor;silicon']);
    expect(rows.find((row) => cell(row, 'urlName') === 'gas-cabinet')?.[header!.indexOf('topics')]).toBe('cvd;equipment');

    const plan = await planProposal(app.store.db, await prepareCsvImport(app.store.db, path, options(app)));
    expect(plan.entries.filter((entry) => entry.action !== 'keep')).toEqual([]);
  });
});

describe('CSV import into an empty store', () => {
  it('creates the site and the collection, and finds that collection the next time', async () => {
    const app = await createTestApp({ seed: false });
    try {
      // A site the import makes has no topics yet: a sheet can name none.
      const topical = writeCsv('fresh-topics.csv', [
        ['title', 'urlName', 'topics'],
        ['Bubbler', 'bubbler', 'cvd'],
      ]);
      const refused = (await importCsvFile(app.store.db, topical, options(app)).catch((caught: unknown) => caught)) as ManifestError;
      expect(refused.problems).toEqual(['line 2, topics: "cvd" is not a topic of the site (it has no topics yet)']);
      expect(await listSites(app.store.db)).toEqual([]);

      const path = writeCsv('fresh.csv', SHEETS);
      const summary = await importCsvFile(app.store.db, path, options(app, { newCollectionTitle: 'Precursor Literature' }));
      expect(summary).toMatchObject({ summary: '3 sheets added', removedFromCollection: 0 });
      const [site] = await listSites(app.store.db);
      expect(site?.defaultLanguage).toBe('en_US');
      expect(site?.languages.map((entry) => entry.language)).toEqual(['en_US', 'de_DE']);

      const again = await importCsvFile(app.store.db, path, options(app));
      expect(again.collectionKey).toBe(summary.collectionKey);
      const items = await getOk<CollectionResponse>(
        app.app,
        `${API}/connect/sites/${site?.id}/cms/delivery/collections/${summary.collectionKey}?language=de_DE`,
      );
      expect(items.title).toBe('Precursor Literature');
      expect(items.items.map((item) => item.body.title)).toEqual(['Massendurchflussregler', 'Bubbler, 1,2 L', 'Diaphragm valve']);
    } finally {
      await app.close();
    }
  });
});
