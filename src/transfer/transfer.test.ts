import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_DOCUMENT_SET } from '../demo/documents';
import { DEMO_CATALOGUE } from '../demo/catalogue';
import { DEMO_IDS } from '../demo/seed-demo';
import { readContentVersion } from '../cms/repositories/store-state';
import { readJournalOnce } from '../server/journal-follower';
import { listAllContents } from '../cms/repositories/contents';
import { collectContent, exportContentFolder } from './export-content';
import { importContentFolder, importManifest, knownRecords, proposeManifest, readContentFolder } from './import-content';
import { planProposal } from './import-plan';
import { ManifestError, readManifest, type Manifest } from './manifest';

const { siteId, communityId, collectionKey } = DEMO_IDS;
const API = '/services/data/v65.0';
/** Responses that must be the same from the exporting store and the importing one. */
const COMPARED = [
  `${API}/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}?pageSize=250`,
  `${API}/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}?pageSize=7&pageToken=2&language=de_DE`,
  `${API}/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}/metadata?expandMetadata=true&language=fr_FR`,
  `${API}/connect/sites/${siteId}/cms/delivery/contents?includeContentBody=true&pageSize=25&page=1`,
  `${API}/connect/sites/${siteId}/cms/delivery/contents/${DEMO_IDS.sheetKey('teos')}?referenceDepth=1`,
  `${API}/connect/communities/${communityId}/managed-content/delivery?pageSize=60`,
  `${API}/connect/communities/${communityId}/seo/properties/teos`,
  `/sfsites/c/file-asset/literature-sheet-teos?v=1`,
  `/sfsites/c/cms/delivery/media/${DEMO_IDS.imageKey('teos')}`,
];

let source: TestApp;
let folder: string;
beforeAll(async () => {
  source = await createTestApp();
  folder = mkdtempSync(join(tmpdir(), 'literature-export-'));
  await exportContentFolder(source.store.db, folder);
});
afterAll(async () => {
  await source.close();
  rmSync(folder, { recursive: true, force: true });
});

async function responsesOf(app: TestApp): Promise<string[]> {
  return Promise.all(COMPARED.map(async (url) => `${url}\n${(await app.app.inject(url)).body}`));
}

/** The demo's documents beyond each sheet's own (demo/documents.ts). */
const MORE_DOCUMENTS = DEMO_DOCUMENT_SET.length - 1;

const withoutDate = (manifest: Manifest) => ({ ...manifest, exportedAt: '' });

describe('export then import', () => {
  it('reproduces the same API responses, and importing again changes nothing', async () => {
    const target = await createTestApp({ seed: false });
    try {
      const summary = await importContentFolder(target.store.db, folder);
      expect(summary).toEqual({
        importId: expect.stringMatching(/^imp-\d{8}-[0-9a-f]{8}$/),
        summary: `${DEMO_CATALOGUE.length} sheets added`,
        added: DEMO_CATALOGUE.length,
        changed: 0,
        needAttention: [],
        into: 'site',
        sites: 1,
        contents: DEMO_CATALOGUE.length * 2,
        fileAssets: DEMO_CATALOGUE.length + MORE_DOCUMENTS,
        collections: 1,
        seoRecords: DEMO_CATALOGUE.length,
      });
      expect(await responsesOf(target)).toEqual(await responsesOf(source));

      expect((await importContentFolder(target.store.db, folder)).summary).toBe('0 changes');
      expect(await responsesOf(target)).toEqual(await responsesOf(source));
      expect(withoutDate((await collectContent(target.store.db)).manifest)).toEqual(withoutDate((await collectContent(source.store.db)).manifest));
    } finally {
      await target.close();
    }
  });

  it('reports progress for every record', async () => {
    const target = await createTestApp({ seed: false });
    try {
      const seen: Array<[number, number]> = [];
      await importContentFolder(target.store.db, join(folder, 'manifest.json'), { onProgress: (done, total) => seen.push([done, total]) });
      expect(seen.at(-1)).toEqual([seen.length, seen.length]);
      // A site, a collection, and every sheet, its image and its documents.
      expect(seen.length).toBe(DEMO_CATALOGUE.length * 3 + MORE_DOCUMENTS + 2);
    } finally {
      await target.close();
    }
  });
});

describe('ids', () => {
  it('refuses a new content that takes the id of another one in the store', async () => {
    const target = await createTestApp();
    const broken = mkdtempSync(join(tmpdir(), 'literature-broken-'));
    try {
      await exportContentFolder(source.store.db, broken);
      const manifest = JSON.parse(readFileSync(join(broken, 'manifest.json'), 'utf8')) as Manifest;
      const copy = structuredClone(manifest.contents[0]!);
      copy.contentKey = 'MCZZZZZZZZZZZZZZZZZZZZZZZZZZ';
      copy.urlName = 'another-name';
      manifest.contents = [copy];
      Object.assign(manifest, { collections: [], seoRecords: [], fileAssets: [] });
      writeFileSync(join(broken, 'manifest.json'), JSON.stringify(manifest));
      const error = (await importContentFolder(target.store.db, broken).catch((reason: unknown) => reason)) as ManifestError;
      expect(error.problems).toEqual([
        `contents[0].id: is the id of another content (${(await collectContent(source.store.db)).manifest.contents[0]!.contentKey}) in the store`,
      ]);
    } finally {
      await target.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

describe('a malformed manifest', () => {
  it('changes nothing and names every bad record with its place in the file', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'literature-broken-'));
    const target = await createTestApp();
    try {
      await exportContentFolder(source.store.db, broken);
      const manifest = JSON.parse(readFileSync(join(broken, 'manifest.json'), 'utf8')) as Record<string, unknown> & Manifest;
      manifest.contents[1]!.contentKey = 'not-a-key';
      manifest.contents[2]!.translations = [];
      (manifest.contents[3] as unknown as Record<string, unknown>).type = 'no_such_type';
      manifest.collections[0]!.items.push('MC0000000000000000000000000A');
      manifest.fileAssets[0]!.sha256 = '0'.repeat(64);
      manifest.seoRecords[4]!.isSeoIndexed = 'yes' as unknown as boolean;
      writeFileSync(join(broken, 'manifest.json'), JSON.stringify(manifest));
      // What earlier changes journaled is read first: the version then moves only with this change.
      await readJournalOnce(target.store);
      const versionBefore = await readContentVersion(target.store.db);
      const before = await responsesOf(target);

      const error = await importContentFolder(target.store.db, broken).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(ManifestError);
      const problems = (error as ManifestError).problems;
      expect(problems).toEqual(
        expect.arrayContaining([
          'contents[1].contentKey: has an unsupported value "not-a-key"',
          'contents[2].translations: must hold at least one translation',
          'contents[3].type: names the content type no_such_type, which is neither in the file nor in the store',
          `collections[0].items[${DEMO_CATALOGUE.length}]: names the content MC0000000000000000000000000A, which is neither in the file nor in the store`,
          'seoRecords[4].isSeoIndexed: must be true or false',
        ]),
      );
      expect((error as Error).message).toContain('nothing was changed');
      expect(await readContentVersion(target.store.db)).toBe(versionBefore);
      expect(await responsesOf(target)).toEqual(before);
    } finally {
      await target.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('refuses a file whose bytes do not match, and a file outside its folder', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'literature-broken-'));
    const target = await createTestApp({ seed: false });
    try {
      await exportContentFolder(source.store.db, broken);
      const manifest = JSON.parse(readFileSync(join(broken, 'manifest.json'), 'utf8')) as Manifest;
      manifest.fileAssets[0]!.sha256 = '0'.repeat(64);
      manifest.fileAssets[1]!.file = '../outside.pdf';
      writeFileSync(join(broken, 'manifest.json'), JSON.stringify(manifest));
      const error = (await importContentFolder(target.store.db, broken).catch((reason: unknown) => reason)) as ManifestError;
      expect(error.problems).toEqual(
        [
          `fileAssets[0].sha256: does not match the bytes of ${manifest.fileAssets[0]!.file}`,
          'fileAssets[1].file: has an unsupported value "../outside.pdf"',
        ].slice(error.problems.length === 1 ? 1 : 0),
      );
      expect(await listAllContents(target.store.db)).toEqual([]);
    } finally {
      await target.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('reports a URL name another content has, in the file or in the store, before writing anything', async () => {
    const target = await createTestApp();
    try {
      const { manifest } = await collectContent(source.store.db);
      const original = manifest.contents[0]!;
      const copy = { ...structuredClone(original), contentKey: 'MCZZZZZZZZZZZZZZZZZZZZZZZZZZ', id: '20YZZZZZZZZZZZZZZZ' };
      const problemsOf = (run: () => unknown) => {
        try {
          run();
          return [];
        } catch (caught) {
          return (caught as ManifestError).problems;
        }
      };
      expect(problemsOf(() => readManifest({ ...manifest, collections: [], contents: [original, copy] }, 'manifest.json'))).toEqual([
        `contents[1]: the URL name ${copy.urlName} is also that of contents[0]`,
      ]);
      const known = await knownRecords(target.store.db);
      expect(problemsOf(() => readManifest({ ...manifest, collections: [], contents: [copy] }, 'manifest.json', known))).toEqual([
        `contents[0].urlName: ${copy.urlName} is the URL name of another content (${original.contentKey}) in the store`,
      ]);

      const site = manifest.sites[0]!;
      const otherSite = { ...site, id: '0DMZZZZZZZZZZZZZZZ' };
      const record = manifest.seoRecords.find((entry) => entry.urlAlias !== null)!;
      const otherRecord = { ...record, recordId: 'another-record' };
      const otherCollection = { ...manifest.collections[0]!, collectionKey: 'MCYYYYYYYYYYYYYYYYYYYYYYYYYY' };
      expect(
        problemsOf(() =>
          readManifest(
            { ...manifest, sites: [otherSite], contents: [], collections: [{ ...otherCollection, items: [] }], seoRecords: [otherRecord] },
            'manifest.json',
            known,
          ),
        ),
      ).toEqual([
        `collections[0].id: is the id of another collection (${manifest.collections[0]!.collectionKey}) in the store`,
        `sites[0]: its URL name ${site.urlName} is that of another site (${site.id}) in the store`,
        `sites[0]: its channel id ${site.channelId} is that of another site (${site.id}) in the store`,
        `sites[0]: its community id ${site.communityId} is that of another site (${site.id}) in the store`,
        `seoRecords[0].urlAlias: ${record.urlAlias} is the URL alias of another SEO record (${record.recordId}) in the store`,
      ]);
    } finally {
      await target.close();
    }
  });

  it('leaves the store as it was when writing fails halfway', async () => {
    const target = await createTestApp();
    try {
      const { manifest, files } = await collectContent(source.store.db);
      // Another writer gave a new content's URL name to a content of its own after the checks ran
      // (simulated by checking against an empty store): only the database notices, after
      // everything before that content has been written.
      const copy = { ...structuredClone(manifest.contents[0]!), contentKey: 'MCZZZZZZZZZZZZZZZZZZZZZZZZZZ', id: '20YZZZZZZZZZZZZZZZ' };
      const checked = readManifest({ ...manifest, contents: [...manifest.contents.slice(1), copy] }, 'manifest.json');
      const before = await responsesOf(target);
      // What earlier changes journaled is read first: the version then moves only with this change.
      await readJournalOnce(target.store);
      const versionBefore = await readContentVersion(target.store.db);
      await expect(importManifest(target.store.db, checked, files)).rejects.toThrow(/unique|duplicate/i);
      expect(await readContentVersion(target.store.db)).toBe(versionBefore);
      expect(await responsesOf(target)).toEqual(before);
    } finally {
      await target.close();
    }
  });
});

describe('a safe folder import', () => {
  it('refuses javascript:, http:// and //host links, naming the record and the field', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'literature-links-'));
    const target = await createTestApp();
    try {
      await exportContentFolder(source.store.db, broken);
      const manifest = JSON.parse(readFileSync(join(broken, 'manifest.json'), 'utf8')) as Manifest;
      const sheets = manifest.contents.filter((content) => content.type === 'literature_sheet');
      sheets[0]!.translations[0]!.body.url = 'javascript:alert(1)';
      sheets[1]!.translations[0]!.body.url = '//evil.example/sheet.pdf';
      sheets[2]!.translations[0]!.body.url = 'http://example.com/sheet.pdf';
      writeFileSync(join(broken, 'manifest.json'), JSON.stringify(manifest));
      const error = (await importContentFolder(target.store.db, broken).catch((reason: unknown) => reason)) as ManifestError;
      const at = (sheet: number) => `contents[${manifest.contents.indexOf(sheets[sheet]!)}].translations[0].body.url`;
      const record = (sheet: number) => `(content ${sheets[sheet]!.contentKey}, ${sheets[sheet]!.translations[0]!.language})`;
      expect(error.problems).toEqual([
        `${at(0)}: "javascript:alert(1)" uses the javascript: scheme, which a sheet never links to: use an https:// address or a path starting with / ${record(0)}`,
        `${at(1)}: "//evil.example/sheet.pdf" starts with //, which leaves the site without saying how: write the address in full, starting with https:// ${record(1)}`,
        `${at(2)}: "http://example.com/sheet.pdf" is an http:// address: links must use https:// (spec §5.1) ${record(2)}`,
      ]);
    } finally {
      await target.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });

  it('keeps what the file does not carry: other translations, and the sheets it does not list, unless asked to remove those', async () => {
    const partial = mkdtempSync(join(tmpdir(), 'literature-partial-'));
    const target = await createTestApp();
    try {
      await exportContentFolder(source.store.db, partial);
      const manifest = JSON.parse(readFileSync(join(partial, 'manifest.json'), 'utf8')) as Manifest;
      const teos = manifest.contents.find((content) => content.contentKey === DEMO_IDS.sheetKey('teos'))!;
      teos.translations = teos.translations.filter((translation) => translation.language === 'en_US');
      teos.translations[0]!.body.description = 'Changed in the file.';
      manifest.contents = [teos];
      manifest.collections[0]!.items = [teos.contentKey];
      Object.assign(manifest, { sites: [], contentTypes: [], fileAssets: [], seoRecords: [] });
      writeFileSync(join(partial, 'manifest.json'), JSON.stringify(manifest));

      const { manifest: read, files } = await readContentFolder(target.store.db, partial);
      const plan = await planProposal(target.store.db, await proposeManifest(target.store.db, read, files));
      expect(plan.entries.map((entry) => [entry.action, entry.record, entry.fields.map((field) => field.field)])).toEqual([
        ['change', 'sheet "Tetraethyl orthosilicate (TEOS)" (teos)', ['translations.en_US.description']],
        ['change', 'collection "Literature Sheets - CVD, ALD Precursors"', ['order']],
      ]);
      const removing = await planProposal(target.store.db, await proposeManifest(target.store.db, read, files, { removeUnlisted: true }));
      expect(removing.entries.filter((entry) => entry.action === 'remove')).toHaveLength(DEMO_CATALOGUE.length - 1);

      await importContentFolder(target.store.db, partial);
      const collection = `${API}/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}?pageSize=250`;
      const items = (await target.app.inject(collection)).json<{ items: Array<{ body: { contentKey: string } }> }>().items.map((item) => item.body.contentKey);
      expect(items).toHaveLength(DEMO_CATALOGUE.length);
      expect(items[0]).toBe(teos.contentKey);
      const german = await target.app.inject(`${API}/connect/sites/${siteId}/cms/delivery/contents/${teos.contentKey}?language=de_DE`);
      expect(german.json<{ language: string }>().language).toBe('de_DE');

      await importContentFolder(target.store.db, partial, { removeUnlisted: true });
      expect((await target.app.inject(collection)).json<{ items: unknown[] }>().items).toHaveLength(1);
    } finally {
      await target.close();
      rmSync(partial, { recursive: true, force: true });
    }
  });
});
