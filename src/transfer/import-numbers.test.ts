/**
 * Numbers and workbooks in an import (issue 60), on a real store (SQLite, or PostgreSQL when
 * TEST_DATABASE_URL names one): a CSV German LibreOffice saved (`;`, decimal commas) imports its
 * numbers as numbers; the .xlsx LibreOffice saved of the same rows reads as that CSV does, and so
 * compares as no change once the CSV is in; a file whose numbers nothing explains is refused only
 * where a number could be read two ways; spreadsheets an import cannot read say what to do.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs } from '../../tests/helpers/studio-client';
import { DEMO_IDS } from '../demo/seed-demo';
import { LITERATURE_CONTENT_TYPE } from '../shared/constants';
import { importCsvFile, prepareCsvImport, type CsvImportOptions } from './import-csv';
import { readJournalOnce } from '../server/journal-follower';
import { planProposal } from './import-plan';
import type { ManifestError } from './manifest';

const FIXTURES = join('tests', 'fixtures', 'csv');
const contentUrl = (urlName: string) =>
  `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents/${DEMO_IDS.sheetKey(urlName)}?language=de_DE`;

let test: TestApp;
let folder: string;
beforeAll(async () => {
  test = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'literature-numbers-'));
  const admin = await signInAs(test, 'admin');
  const fields = [
    { name: 'density', kind: 'number', labels: { en_US: 'Density', de_DE: 'Dichte' }, limits: { unit: 'g/cm³' } },
    { name: 'boilingPoint', kind: 'number', labels: { en_US: 'Boiling point' }, limits: { unit: '°C' } },
    { name: 'meltingPoint', kind: 'number', labels: { en_US: 'Melting point' }, limits: { unit: '°C' } },
    { name: 'reviewedOn', kind: 'date', labels: { en_US: 'Reviewed on' } },
  ];
  for (const field of fields) {
    const added = await admin.request('POST', `/content-types/${LITERATURE_CONTENT_TYPE}/fields`, { ...field, perLanguage: false });
    expect(added.statusCode, added.body).toBe(201);
  }
});
afterAll(async () => {
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

const options = (): CsvImportOptions => ({ platformSitesSegment: test.config.platformSitesSegment });
const fixture = (name: string) => {
  const path = join(folder, name);
  copyFileSync(join(FIXTURES, name), path);
  return path;
};
const problemsOf = async (path: string) =>
  ((await prepareCsvImport(test.store.db, path, options()).catch((error: unknown) => error)) as ManifestError).problems;
const changesOf = async (path: string) =>
  (await planProposal(test.store.db, await prepareCsvImport(test.store.db, path, options()))).entries.filter((entry) => entry.action !== 'keep');
/** A sheet's body as the delivery API answers it once the journal is read, as the import command does as it ends. */
const bodyOf = async (urlName: string) => {
  await readJournalOnce(test.store);
  return ((await test.app.inject(contentUrl(urlName))).json() as { contentBody: Record<string, unknown> }).contentBody;
};

describe('numbers in a CSV', () => {
  it('imports a German LibreOffice CSV’s decimal commas as the numbers they are', async () => {
    const path = fixture('libreoffice-german-decimal-comma.csv');
    const [teos] = await changesOf(path);
    expect(teos!.fields).toEqual(expect.arrayContaining([{ field: 'values.density', before: null, after: '0.933' }]));
    await importCsvFile(test.store.db, path, options());
    expect(await bodyOf('teos')).toMatchObject({ density: 0.933, boilingPoint: 168.1, meltingPoint: -77, reviewedOn: '2025-11-04' });
    expect(await bodyOf('trimethylaluminum')).toMatchObject({ density: 0.752, boilingPoint: 125.5, meltingPoint: 15.4, purity: 'Halbleiterqualität; 6N' });
    expect(await bodyOf('titanium-tetrachloride')).toMatchObject({ density: 1.726, meltingPoint: -24.1, purity: '99,99 % (4N)' });
  });

  it('refuses a number only where the file does not say which way it could be read, saying both', async () => {
    const path = join(folder, 'tabs.csv');
    writeFileSync(path, 'urlName\tdensity\tboilingPoint\nteos\t1,726\t0,933\ntrimethylaluminum\t1.726\t1.234,5\n');
    expect(await problemsOf(path)).toEqual(['line 2, density: "1,726" could be 1726 or 1.726: write it as 1726 or as 1.726, without a thousands separator']);
    const comma = join(folder, 'comma.csv');
    writeFileSync(comma, 'urlName,density\nteos,"1,726"\n');
    const [teos] = await changesOf(comma);
    expect(teos!.fields).toEqual([{ field: 'values.density', before: '0.933', after: '1726' }]);
  });
});

describe('an Excel workbook (.xlsx)', () => {
  it('reads its first sheet as the CSV’s rows: the same rows LibreOffice saved as .xlsx change nothing once the CSV is in', async () => {
    expect(await changesOf(fixture('libreoffice-german-decimal-comma.xlsx'))).toEqual([]);
  });

  it('takes a number cell as the number it is and a date cell as its day, and checks its rows as a CSV’s', async () => {
    const path = fixture('libreoffice-german-decimal-comma.xlsx');
    await importCsvFile(test.store.db, fixture('libreoffice-german-decimal-comma.csv'), options());
    const changed = join(folder, 'changed.csv');
    writeFileSync(changed, 'urlName;density;reviewedOn\nteos;2,5;2020-01-01\n');
    await importCsvFile(test.store.db, changed, options());
    const [teos] = await changesOf(path);
    expect(teos!.fields).toEqual([
      { field: 'values.density', before: '2.5', after: '0.933' },
      { field: 'values.reviewedOn', before: '2020-01-01', after: '2025-11-04' },
    ]);
    await importCsvFile(test.store.db, path, options());
    expect(await bodyOf('teos')).toMatchObject({ density: 0.933, reviewedOn: '2025-11-04' });
  });

  it('says what to do with a workbook it cannot read', async () => {
    const xls = join(folder, 'old.xlsx');
    writeFileSync(xls, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]));
    expect(await problemsOf(xls)).toEqual([
      'It is an Excel 97–2003 workbook (.xls), though named .xlsx: save it as an Excel workbook (.xlsx) or as CSV UTF-8, and import that.',
    ]);
  });
});
