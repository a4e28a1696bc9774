/**
 * Every way content comes in reads a sheet's values through the one field-value reader
 * (content-model/values.ts readFieldValue; issue 60 P1): the studio's save, a CSV, a folder's
 * manifest, a zip of one in the studio, an XLIFF file's texts and a migration from another
 * delivery API each refuse the same bad values with the same problem, at their own place, and
 * change nothing.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { createListeningApp, type ListeningApp } from '../../tests/helpers/listening-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { FIRST_SHEET } from '../../tests/helpers/import-files';
import { readContentVersion } from '../cms/repositories/store-state';
import { publishedSheet } from '../editing/sheet-state';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { DEMO_IDS } from '../demo/seed-demo';
import { formatCsvRow } from './csv';
import { exportContentFolder } from './export-content';
import { exportCsvFile } from './export-csv';
import { importContentFolder } from './import-content';
import { importCsvFile } from './import-csv';
import { ManifestError, type Manifest } from './manifest';
import { migrateFromDeliveryApi } from './migrate-from-api';
import { problemLine, type Problem } from '../shared/problems';

/** A bad value of a demo field, as a sheet's state holds it and as a CSV cell writes it, and the problem every way in names. */
interface BadValue {
  field: string;
  perLanguage: boolean;
  value: unknown;
  cell: string;
  problem: string;
}

const TOO_LONG = 'x'.repeat(101);
const BAD_VALUES: BadValue[] = [
  {
    field: 'casNumbers',
    perLanguage: false,
    value: ['75-24-2'],
    cell: '75-24-2',
    problem: 'casNumbers[0]: 75-24-2 is not a CAS number: its check digit would be 1, not 2',
  },
  { field: 'purity', perLanguage: false, value: TOO_LONG, cell: TOO_LONG, problem: 'purity: is longer than 100 characters' },
  {
    field: 'packageSizes',
    perLanguage: false,
    value: ['50 g', TOO_LONG],
    cell: `50 g; ${TOO_LONG}`,
    problem: 'packageSizes[1]: is longer than 100 characters',
  },
  { field: 'form', perLanguage: true, value: TOO_LONG, cell: TOO_LONG, problem: 'form: is longer than 100 characters' },
  // A field without a length of its own holds a text as long as a stored body keeps.
  { field: 'productCode', perLanguage: false, value: 'x'.repeat(100_001), cell: 'x'.repeat(100_001), problem: 'productCode: is longer than 100000 characters' },
];

let test: TestApp;
let source: ListeningApp;
let migrated: TestApp;
let editor: StudioClient;
let admin: StudioClient;
let folder: string;
let exported: Manifest;

beforeAll(async () => {
  [test, source, migrated] = await Promise.all([createTestApp(), createListeningApp(), createTestApp({ seed: false })]);
  [editor, admin] = await Promise.all([signInAs(test, 'editor'), signInAs(test, 'admin')]);
  folder = mkdtempSync(join(tmpdir(), 'values-every-way-in-'));
  await exportContentFolder(test.store.db, join(folder, 'export'));
  exported = JSON.parse(readFileSync(join(folder, 'export', 'manifest.json'), 'utf8')) as Manifest;
});
afterAll(async () => {
  await Promise.all([test.close(), source.close(), migrated.close()]);
  rmSync(folder, { recursive: true, force: true });
});

/** The problems `work` was refused with as an import (a ManifestError); said otherwise when it was not, or changed the store. */
async function importRefusal(target: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const before = await readContentVersion(target.store.db);
  const error = await work().then(
    () => null,
    (caught: unknown) => caught,
  );
  const changed = (await readContentVersion(target.store.db)) !== before;
  if (!(error instanceof ManifestError)) return [`not refused: ${error === null ? 'imported' : String(error)}`];
  return changed ? [...error.problems, 'and the store changed'] : error.problems;
}

const firstSheet = () => exported.contents.find((content) => content.type === LITERATURE_CONTENT_TYPE && content.urlName === FIRST_SHEET.slug)!;

/**
 * The first demo sheet alone in a manifest (its image, document and site are the store's), with the
 * bad value in its primary language's body (where a shared value is read from, too).
 */
function manifestWith(bad: BadValue): Manifest {
  const sheet = structuredClone(firstSheet());
  (sheet.translations.find((translation) => translation.language === 'en_US')!.body as Record<string, unknown>)[bad.field] = bad.value;
  return { ...exported, sites: [], contentTypes: [], contents: [sheet], fileAssets: [], collections: [], seoRecords: [] };
}

async function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const path = join(folder, `${Math.random().toString(36).slice(2)}.zip`);
  await pipeline(zip.outputStream, createWriteStream(path));
  return readFileSync(path);
}

/** The problems a 400 answer names; said otherwise when it is not one. */
function refusalOf(answer: { statusCode: number; body: string; json(): unknown }): string[] {
  if (answer.statusCode !== 400) return [`not refused: answered ${answer.statusCode}`];
  return (answer.json() as Array<{ problems: Problem[] }>)[0]!.problems.map(problemLine);
}

/** Each way in, feeding it the bad value; null where the way carries no such value (XLIFF carries a language's texts only). */
const WAYS_IN: Record<string, (bad: BadValue) => Promise<string[] | null>> = {
  'the studio’s save': async (bad) => {
    const made = await editor.request('POST', '/sheets', { title: `Bad ${bad.field}` });
    const { id, revision, draft } = made.json() as {
      id: string;
      revision: number;
      draft: { values?: Record<string, unknown>; translations: Record<string, { extra?: object }> };
    };
    if (bad.perLanguage) draft.translations.en_US!.extra = { [bad.field]: bad.value };
    else draft.values = { [bad.field]: bad.value };
    return refusalOf(await editor.request('PUT', `/sheets/${id}`, { revision, state: draft }));
  },
  'a CSV': async (bad) => {
    const path = join(folder, `${bad.field}.csv`);
    writeFileSync(
      path,
      [
        ['title', 'urlName', bad.field],
        [`Bad ${bad.field}`, `csv-bad-${bad.field.toLowerCase()}`, bad.cell],
      ]
        .map(formatCsvRow)
        .join('\r\n'),
    );
    return importRefusal(test, () => importCsvFile(test.store.db, path, { platformSitesSegment: test.config.platformSitesSegment }));
  },
  'a folder': async (bad) => {
    const path = mkdtempSync(join(folder, 'folder-'));
    writeFileSync(join(path, 'manifest.json'), JSON.stringify(manifestWith(bad)));
    return importRefusal(test, () => importContentFolder(test.store.db, path));
  },
  'a zip in the studio': async (bad) => {
    const zip = await zipOf({ 'export/manifest.json': JSON.stringify(manifestWith(bad)) });
    const token = ((await admin.request('POST', '/import-uploads')).json() as { token: string }).token;
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(zip)]), 'export.zip');
    const request = new Request('http://upload.test/', { method: 'POST', body: form });
    const sent = await admin.request('POST', `/import-uploads/${token}/files`, Buffer.from(await request.arrayBuffer()), {
      'content-type': request.headers.get('content-type') ?? '',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return refusalOf(await admin.request('POST', `/import-uploads/${token}/comparison`, {}));
  },
  'an XLIFF file': async (bad) => {
    if (!bad.perLanguage || typeof bad.value !== 'string') return null;
    const exportedXliff = (await editor.request('GET', '/translations/export?language=de_DE&format=1.2')).body;
    const unit = new RegExp(`(<trans-unit id="sheet\\.${firstSheet().id}\\.extra\\.${bad.field}"[\\s\\S]*?<target[^>]*>)[\\s\\S]*?(</target>)`);
    expect(exportedXliff).toMatch(unit);
    const xliff = exportedXliff.replace(unit, `$1${bad.value}$2`);
    const compared = await editor.request('POST', '/translations/comparison', { xliff });
    expect(compared.statusCode, compared.body.slice(0, 500)).toBe(200);
    return refusalOf(await editor.request('POST', '/translations/apply', { xliff, digest: (compared.json() as { digest: string }).digest }));
  },
  'a migration from another delivery API': async (bad) => {
    // The source serves its first sheet with the bad value.
    const hostileFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).includes('/collections/') || String(input).includes('/metadata')) return response;
      const page = (await response.json()) as { items: Array<{ body: { urlName: string; contentBody: Record<string, unknown> } }> };
      for (const item of page.items) if (item.body.urlName === FIRST_SHEET.slug) item.body.contentBody[bad.field] = bad.value;
      return Response.json(page, { status: response.status });
    };
    return importRefusal(migrated, () =>
      migrateFromDeliveryApi(migrated.store.db, {
        baseUrl: source.origin,
        siteId: DEMO_IDS.siteId,
        collectionKeyOrId: DEMO_IDS.collectionKey,
        fetch: hostileFetch,
      }),
    );
  },
};

describe('a bad value at every way in', () => {
  it.each(BAD_VALUES.map((bad) => [bad.problem, bad] as const))('is refused with "%s" by each', async (_problem, bad) => {
    const refusals: Record<string, string[] | null> = {};
    for (const [way, feed] of Object.entries(WAYS_IN)) refusals[way] = await feed(bad);
    const expected = Object.fromEntries(
      Object.entries(refusals).map(([way, problems]) => [way, problems === null ? null : [expect.stringContaining(bad.problem)]]),
    );
    expect(refusals).toEqual(expected);
  });
});

describe('a value a folder gives in another form', () => {
  it('is stored as the studio writes it (a list, hyphenated, without subscripts), and the store’s CSV export imports back unchanged', async () => {
    const manifest = manifestWith({ field: 'casNumbers', perLanguage: false, value: '7732185', cell: '', problem: '' });
    (manifest.contents[0]!.translations.find((translation) => translation.language === 'en_US')!.body as Record<string, unknown>).formula = 'Al(CH₃)₃';
    const path = mkdtempSync(join(folder, 'folder-'));
    writeFileSync(join(path, 'manifest.json'), JSON.stringify(manifest));
    await importContentFolder(test.store.db, path);
    expect((await publishedSheet(test.store.db, firstSheet().id))?.values).toMatchObject({ casNumbers: ['7732-18-5'], formula: 'Al(CH3)3' });

    const csv = join(mkdtempSync(join(folder, 'csv-')), 'sheets.csv');
    await exportCsvFile(test.store.db, csv);
    const again = await importCsvFile(test.store.db, csv, { platformSitesSegment: test.config.platformSitesSegment });
    expect(again.summary).toBe('0 changes');
  });
});
