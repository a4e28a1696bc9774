import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getOk, type TestApp } from '../../tests/helpers/test-app';
import type { CollectionResponse } from '../shared/delivery-types';
import { listSites } from '../cms/repositories/sites';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { DEMO_IDS } from '../demo/seed-demo';
import { readContentVersion } from '../cms/repositories/store-state';
import { formatCsvRow } from './csv';
import { importCsvFile, type CsvImportOptions } from './import-csv';
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

async function itemsOf(app: TestApp, collectionKey: string, language = 'en_US') {
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

  it('makes the rows the collection, in order, with translations, documents and an image', async () => {
    const before = await readContentVersion(app.store.db);
    const summary = await importCsvFile(app.store.db, writeCsv('sheets.csv', SHEETS), options(app));
    expect(summary).toMatchObject({
      collectionKey: DEMO_IDS.collectionKey,
      contents: 4,
      fileAssets: 3,
      collections: 1,
      removedFromCollection: DEMO_CATALOGUE.length,
    });
    expect(await readContentVersion(app.store.db)).toBeGreaterThan(before);

    const english = await itemsOf(app, DEMO_IDS.collectionKey);
    expect(english.items.map((item) => item.body.title)).toEqual(['Mass Flow Controller', 'Bubbler, 1.2 L', 'Diaphragm valve']);
    const [mfc, bubbler, valve] = english.items;
    expect(mfc!.body.contentBody.description).toBe('Meters carrier gas, precisely.');
    expect(mfc!.body.contentBody.url).toBe('/sfsites/c/file-asset/literature-sheet-mfc?v=1');
    expect(bubbler!.body.contentBody.description).toBe('Stainless steel "ampoule" for liquid precursors.');
    expect(valve!.body.contentBody.url).toBe('https://example.com/valve.pdf');

    const german = await itemsOf(app, DEMO_IDS.collectionKey, 'de_DE');
    expect(german.items.map((item) => item.body.title)).toEqual(['Massendurchflussregler', 'Bubbler, 1,2 L', 'Diaphragm valve']);
    expect(german.items[0]!.body.contentBody.url).toBe('/sfsites/c/file-asset/literature-sheet-mfc-de_de?v=1');
    // Empty cells of a translation row take the first row's values: one document for both languages.
    expect(german.items[1]!.body.contentBody.url).toBe(bubbler!.body.contentBody.url);
    expect(german.items[1]!.body.contentBody.description).toBe('Stainless steel "ampoule" for liquid precursors.');

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
    await importCsvFile(app.store.db, path, options(app, { now: new Date('2026-12-24T08:00:00Z') }));
    expect(await itemsOf(app, DEMO_IDS.collectionKey)).toEqual(first);
  });

  it('gives a changed document the next version and keeps the old one for old links', async () => {
    writeFileSync(join(folder, 'docs', 'mfc-v2.pdf'), '%PDF-1.4 mass flow controller, second edition\n');
    const rows = SHEETS.map((row) => row.map((cell) => (cell === 'docs/mfc.pdf' ? 'docs/mfc-v2.pdf' : cell)));
    await importCsvFile(app.store.db, writeCsv('sheets-v2.csv', rows), options(app));
    const english = await itemsOf(app, DEMO_IDS.collectionKey);
    expect(english.items[0]!.body.contentBody.url).toBe('/sfsites/c/file-asset/literature-sheet-mfc?v=2');
    expect((await app.app.inject('/sfsites/c/file-asset/literature-sheet-mfc?v=1')).statusCode).toBe(200);
  });

  it('refuses a URL name another content of the site has', async () => {
    const rows = [SHEETS[0]!, ['Gas cabinet', 'Houses cylinders.', '', 'gas-cabinet', '', '', '', '']];
    const error = (await importCsvFile(app.store.db, writeCsv('clash.csv', rows), options(app)).catch((caught: unknown) => caught)) as ManifestError;
    expect(error.problems).toEqual([
      expect.stringMatching(
        /^line 2, urlName: gas-cabinet is the URL name of another content in the store \(MC[A-Z0-9]{26}\): give this sheet another urlName/,
      ),
    ]);
  });

  it('keeps the sheets it does not list after its own with --keep-others', async () => {
    const rows = [SHEETS[0]!, ['Gas cabinet', 'Houses cylinders.', '', 'gas-cabinet-2', '', '', '', '']];
    const summary = await importCsvFile(app.store.db, writeCsv('one.csv', rows), options(app, { keepOthers: true }));
    expect(summary.removedFromCollection).toBe(0);
    const titles = (await itemsOf(app, DEMO_IDS.collectionKey)).items.map((item) => item.body.title);
    expect(titles).toEqual(['Gas cabinet', 'Mass Flow Controller', 'Bubbler, 1.2 L', 'Diaphragm valve']);
  });

  it('reports every problem with its line and column, and changes nothing', async () => {
    const before = await readContentVersion(app.store.db);
    const itemsBefore = await itemsOf(app, DEMO_IDS.collectionKey);
    const path = writeCsv('bad.csv', [
      ['Title', 'Description', 'Language', 'URL', 'Document', 'Image', 'Image alt', 'Colour'],
      ['', 'no title', 'en_US', '', '', '', '', 'red'],
      ['Evil link', '', 'english', 'javascript:alert(1)', '', '', '', ''],
      ['Both', '', '', 'https://example.com/a.pdf', 'docs/mfc.pdf', '', '', ''],
      ['Missing files', '', 'ja_JP', '', 'docs/none.pdf', '../outside.png', '', ''],
      ['Not an image', '', '', '', '', 'docs/mfc.pdf', 'alt', ''],
    ]);
    const error = await importCsvFile(app.store.db, path, options(app)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).problems).toEqual([
      'line 1: unknown column "Colour" (the columns are title, description, language, urlName, key, document, url, image, imageAlt)',
    ]);

    const withoutColour = writeCsv('bad.csv', [
      ['Title', 'Description', 'Language', 'URL', 'Document', 'Image', 'Image alt'],
      ['', 'no title', 'en_US', '', '', '', ''],
      ['Evil link', '', 'english', 'javascript:alert(1)', '', '', ''],
      ['Both', '', '', 'https://example.com/a.pdf', 'docs/mfc.pdf', '', ''],
      ['Missing files', '', '', '', 'docs/none.pdf', '../outside.png', ''],
      ['Not an image', '', '', '', '', 'docs/mfc.pdf', 'alt'],
    ]);
    const problems = ((await importCsvFile(app.store.db, withoutColour, options(app)).catch((caught: unknown) => caught)) as ManifestError).problems;
    expect(problems).toEqual([
      'line 2, title: every sheet needs a title',
      'line 3, language: "english" is not a language like en_US or de',
      'line 3, url: "javascript:alert(1)" uses the javascript: scheme, which a sheet never links to: use an https:// address or a path starting with /',
      'line 4: give a url or a document, not both',
      'line 5, document: docs/none.pdf does not exist or is larger than 50 MB',
      "line 5, image: ../outside.png must be inside the CSV file's folder",
      'line 6, image: docs/mfc.pdf is not an image that can be read',
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

  it('refuses a file that is not CSV text', async () => {
    const path = join(folder, 'latin1.csv');
    writeFileSync(path, Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0x54, 0xe9, 0x0a]));
    await expect(importCsvFile(app.store.db, path, options(app))).rejects.toThrow(/is not UTF-8 text/);
    writeFileSync(join(folder, 'open.csv'), 'title\n"never closed\n');
    await expect(importCsvFile(app.store.db, join(folder, 'open.csv'), options(app))).rejects.toThrow(/line 2: a quoted field is never closed/);
  });
});

describe('CSV import into an empty store', () => {
  it('creates the site and the collection, and finds that collection the next time', async () => {
    const app = await createTestApp({ seed: false });
    try {
      const path = writeCsv('fresh.csv', SHEETS);
      const summary = await importCsvFile(app.store.db, path, options(app, { newCollectionTitle: 'Precursor Literature' }));
      expect(summary).toMatchObject({ sites: 1, collections: 1, removedFromCollection: 0 });
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
