/**
 * The content limits at every input (docs/content-format.md, "Limits"): a folder import, a CSV
 * import and a migration with --from each refuse a value beyond them with the record and the
 * field named, and leave the store as it was. Texts are normalised on the way in.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListeningApp, type ListeningApp } from '../../tests/helpers/listening-app';
import { createTestApp, getOk, type TestApp } from '../../tests/helpers/test-app';
import type { CollectionResponse } from '../shared/delivery-types';
import { listAllContents, listStoredTranslations } from '../cms/repositories/contents';
import { HEAD_TAGS_FIELD } from '../shared/seo-templates';
import { DEMO_IDS } from '../demo/seed-demo';
import { readContentVersion } from '../cms/repositories/store-state';
import { readJournalOnce } from '../server/journal-follower';
import { formatCsvRow } from './csv';
import { exportContentFolder } from './export-content';
import { importContentFolder } from './import-content';
import { importCsvFile } from './import-csv';
import { ManifestError, type Manifest } from './manifest';
import { migrateFromDeliveryApi } from './migrate-from-api';

/** JSON text of a value nested `depth` levels deep under `key` (too deep to build with JSON.stringify). */
const deepJson = (depth: number, key = 'deep') => `${`{"${key}":`.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
const DEEP_PLACEHOLDER = '"__deep__"';

let app: TestApp;
let folder: string;
let manifest: Manifest;

beforeAll(async () => {
  app = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'literature-limits-'));
  await exportContentFolder(app.store.db, folder);
  manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as Manifest;
});
afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Imports the exported folder with a changed manifest; answers the problems it was refused with. */
async function refusalOf(change: (copy: Manifest) => void, replacements: Array<[string, string]> = []): Promise<string[]> {
  const copy = structuredClone(manifest);
  change(copy);
  let text = JSON.stringify(copy);
  for (const [placeholder, json] of replacements) text = text.replace(placeholder, json);
  writeFileSync(join(folder, 'manifest.json'), text);
  // What earlier changes journaled is read first: the version then moves only with this change.
  await readJournalOnce(app.store);
  const before = await readContentVersion(app.store.db);
  const error = await importContentFolder(app.store.db, folder).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ManifestError);
  expect(await readContentVersion(app.store.db)).toBe(before);
  return (error as ManifestError).problems;
}

describe('a folder import', () => {
  it('refuses a body nested 10,000 deep, naming the content, its language and the field', async () => {
    const problems = await refusalOf(
      (copy) => {
        (copy.contents[0]?.translations[0]?.body as Record<string, unknown>).extra = '__deep__';
      },
      [[DEEP_PLACEHOLDER, deepJson(10_000)]],
    );
    const content = manifest.contents[0];
    expect(problems).toEqual([
      `contents[0].translations[0].body.extra.deep.deep.deep.deep.deep.….deep.deep.deep: is nested more than 32 levels deep (content ${content?.contentKey}, ${content?.translations[0]?.language})`,
    ]);
  });

  it('refuses 1 MB of nested head tags in an SEO record, and a text over 100,000 characters', async () => {
    const problems = await refusalOf((copy) => {
      const record = copy.seoRecords[0];
      if (record === undefined) throw new Error('the demo has SEO records');
      record.fields[HEAD_TAGS_FIELD] = '<b>'.repeat(350_000);
      (copy.contents[1]?.translations[0]?.body as Record<string, unknown>).description = 'x'.repeat(100_001);
    });
    expect(problems).toContain(`seoRecords[0].fields.${HEAD_TAGS_FIELD}: is larger than 64 KB (SEO record ${manifest.seoRecords[0]?.recordId})`);
    expect(problems.filter((problem) => problem.startsWith('seoRecords[0]'))).toHaveLength(1);
    expect(problems.some((problem) => problem.startsWith('contents[1].translations[0].body.description: is longer than 100000 characters (content '))).toBe(
      true,
    );
  });

  it('refuses deep collection metadata', async () => {
    const problems = await refusalOf(
      (copy) => {
        (copy.collections[0] as { metadata: Record<string, unknown> }).metadata.extra = '__deep__';
      },
      [[DEEP_PLACEHOLDER, deepJson(40)]],
    );
    expect(problems).toEqual([expect.stringMatching(/^collections\[0\]\.metadata\.extra\.deep\..*: is nested more than 32 levels deep \(collection MC/)]);
  });

  it('stores texts normalised: controls, lone surrogates and noncharacters become U+FFFD', async () => {
    const copy = structuredClone(manifest);
    const translation = copy.contents[0]?.translations[0];
    if (translation === undefined) throw new Error('the demo has contents');
    translation.title = 'TEOS\u0000 \ud800 \ufffe';
    (translation.body as Record<string, unknown>).Title = 'TEOS\u0001\udc00';
    writeFileSync(join(folder, 'manifest.json'), JSON.stringify(copy));
    await importContentFolder(app.store.db, folder);
    const row = (await listStoredTranslations(app.store.db, [copy.contents[0]?.id ?? ''])).find((stored) => stored.language === translation.language);
    if (row === undefined) throw new Error('the translation was not stored');
    expect(row.title).toBe('TEOS\ufffd \ufffd \ufffd');
    expect((JSON.parse(row.body) as { Title: string }).Title).toBe('TEOS\ufffd\ufffd');
  });
});

describe('a CSV import', () => {
  it('refuses a description over 100,000 characters, naming the line and column, and normalises texts', async () => {
    const path = join(folder, 'sheets.csv');
    const rows = [
      ['title', 'description', 'urlName'],
      ['Long one', 'x'.repeat(100_001), 'long-one'],
    ];
    writeFileSync(path, rows.map(formatCsvRow).join('\r\n'));
    const options = { platformSitesSegment: app.config.platformSitesSegment, keepOthers: true };
    await expect(importCsvFile(app.store.db, path, options)).rejects.toThrow(/line 2, description: is longer than 100000 characters/);

    writeFileSync(path, [rows[0] ?? [], ['Control\u0007 char', 'lone \ud800 surrogate', 'control-char']].map(formatCsvRow).join('\r\n'));
    await importCsvFile(app.store.db, path, options);
    const collection = await getOk<CollectionResponse>(
      app.app,
      `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=250`,
    );
    expect(collection.items.find((item) => item.body.urlName === 'control-char')?.body.contentBody).toMatchObject({
      Title: 'Control\ufffd char',
      description: 'lone \ufffd surrogate',
    });
  });
});

describe('a CSV import of long cells', () => {
  it('refuses a sheet whose body would be larger than 1 MB, as a save does', async () => {
    const path = join(folder, 'large.csv');
    const sizes = Array.from({ length: 12_000 }, (_, index) => `${index} ${'x'.repeat(90)}`).join('; ');
    writeFileSync(
      path,
      [
        ['title', 'urlName', 'packageSizes'],
        ['Many sizes', 'many-sizes', sizes],
      ]
        .map(formatCsvRow)
        .join('\r\n'),
    );
    await expect(importCsvFile(app.store.db, path, { platformSitesSegment: app.config.platformSitesSegment })).rejects.toThrow(
      /line 2, translations\.en_US: is larger than 1 MB as JSON/,
    );
  });
});

describe('a migration with --from', () => {
  let source: ListeningApp;
  beforeAll(async () => {
    source = await createListeningApp();
  });
  afterAll(() => source.close());

  it('refuses an item whose body the source nests 10,000 deep, naming it', async () => {
    const target = await createTestApp({ seed: false });
    try {
      // The source serves the collection with one body deeper than any of ours could be.
      const hostileFetch: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (!String(input).includes('/collections/') || String(input).includes('/metadata')) return response;
        const text = (await response.text()).replace('"contentBody":{', `"contentBody":{"extra":${deepJson(10_000)},`);
        return new Response(text, { status: response.status, headers: response.headers });
      };
      const error = await migrateFromDeliveryApi(target.store.db, {
        baseUrl: source.origin,
        siteId: DEMO_IDS.siteId,
        collectionKeyOrId: DEMO_IDS.collectionKey,
        fetch: hostileFetch,
      }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ManifestError);
      expect((error as ManifestError).problems).toEqual([
        expect.stringMatching(
          /^contents\[\d+\]\.translations\[0\]\.body\.extra\.deep\.deep.*: is nested more than 32 levels deep \(content MC[A-Z0-9]{26}, en_US\)$/,
        ),
      ]);
      expect(await listAllContents(target.store.db)).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
