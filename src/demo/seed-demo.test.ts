import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createTestStoreLocation, type TestStoreLocation } from '../../tests/helpers/test-store';
import { loadConfig } from '../server/config';
import { sql, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isContentKey, isWellFormedId } from '../shared/ids';
import { migrateToLatest, openDatabase, type OpenStore } from '../cms/database';
import { countCollectionItems } from '../cms/repositories/collections';
import { listAllContents } from '../cms/repositories/contents';
import { listAllFileAssets, listAllMedia } from '../cms/repositories/files';
import { listSites } from '../cms/repositories/sites';
import { readContentVersion } from '../cms/repositories/store-state';
import { checkImage } from '../files/uploads';
import { DEMO_DOCUMENT_SET } from './documents';
import { DEMO_CATALOGUE } from './catalogue';
import { molarMass } from './chemistry';
import { renderIllustrationImage } from './illustrations';
import { DEMO_TRANSLATION_LANGUAGES, DEMO_TRANSLATIONS } from './translations';
import { DEMO_IDS, seedDemoContentIfEmpty } from './seed-demo';

let location: TestStoreLocation;
let store: OpenStore;
beforeEach(async () => {
  location = await createTestStoreLocation();
  store = openDatabase(loadConfig({ DATABASE_URL: location.databaseUrl }).database);
  await migrateToLatest(store);
});
afterEach(async () => {
  await store.close();
  await location.drop();
});

describe('the demo catalogue', () => {
  it('has at least 24 sheets with unique slugs and titles', () => {
    expect(DEMO_CATALOGUE.length).toBeGreaterThanOrEqual(24);
    expect(new Set(DEMO_CATALOGUE.map((entry) => entry.slug)).size).toBe(DEMO_CATALOGUE.length);
    expect(new Set(DEMO_CATALOGUE.map((entry) => entry.title)).size).toBe(DEMO_CATALOGUE.length);
  });

  it('gives every chemical a CAS number with a valid check digit and a computable formula', () => {
    for (const { chemical } of DEMO_CATALOGUE) {
      if (chemical === undefined) continue;
      expect(chemical.cas).toMatch(/^\d{2,7}-\d{2}-\d$/);
      const digits = chemical.cas.replace(/-/g, '');
      const body = digits.slice(0, -1).split('').reverse();
      const checksum = body.reduce((sum, digit, index) => sum + Number(digit) * (index + 1), 0) % 10;
      expect(checksum, chemical.name).toBe(Number(digits.at(-1)));
      expect(molarMass(chemical.hill)).toBeGreaterThan(0);
    }
  });

  it('keeps descriptions to one or two sentences and gives every image alt text', () => {
    for (const entry of DEMO_CATALOGUE) {
      const sentences = entry.description.split(/(?<=[.!?])\s+/).filter(Boolean);
      expect(sentences.length, entry.slug).toBeGreaterThanOrEqual(1);
      expect(sentences.length, entry.slug).toBeLessThanOrEqual(2);
      expect(entry.altText.length, entry.slug).toBeGreaterThan(10);
    }
  });
});

describe('the demo translations', () => {
  it('give every sheet a title and a one- or two-sentence description in German and French', () => {
    for (const entry of DEMO_CATALOGUE) {
      for (const language of DEMO_TRANSLATION_LANGUAGES) {
        const text = DEMO_TRANSLATIONS[entry.slug]?.[language];
        expect(text?.title, `${entry.slug} ${language}`).toBeTruthy();
        const sentences = (text?.description ?? '').split(/(?<=[.!?])\s+/).filter(Boolean);
        expect(sentences.length, `${entry.slug} ${language}`).toBeGreaterThanOrEqual(1);
        expect(sentences.length, `${entry.slug} ${language}`).toBeLessThanOrEqual(2);
        // Abbreviations and formulas carry over unchanged.
        const abbreviation = /\(([^()]+(?:\([^()]*\)[^()]*)?)\)$/.exec(entry.title)?.[1];
        if (abbreviation) expect(text?.title.endsWith(`(${abbreviation})`), `${entry.slug} ${language}`).toBe(true);
      }
    }
  });
});

describe('seedDemoContentIfEmpty', () => {
  it('seeds an empty store once, and leaves a store with content alone', async () => {
    const first = await seedDemoContentIfEmpty(store.db, { platformSitesSegment: 'sfsites' });
    expect(first).toEqual({ seeded: true, items: DEMO_CATALOGUE.length });
    expect(await countCollectionItems(store.db, DEMO_IDS.collectionId)).toBe(DEMO_CATALOGUE.length);
    expect(await readContentVersion(store.db)).toBeGreaterThan(0);

    const second = await seedDemoContentIfEmpty(store.db, { platformSitesSegment: 'sfsites' });
    expect(second).toEqual({ seeded: false, items: 0 });
    expect(await countCollectionItems(store.db, DEMO_IDS.collectionId)).toBe(DEMO_CATALOGUE.length);
  });

  it('stores an image and a PDF for every sheet', async () => {
    await seedDemoContentIfEmpty(store.db, { platformSitesSegment: 'sfsites' });
    const media = await listAllMedia(store.db);
    const assets = await listAllFileAssets(store.db);
    expect(media).toHaveLength(DEMO_CATALOGUE.length);
    for (const row of media) {
      const metadata = await sharp(row.bytes).metadata();
      expect(metadata, row.file_name).toMatchObject({ format: 'png', width: 960, height: 720 });
      expect(row, row.file_name).toMatchObject({ mime_type: 'image/png', width: 960, height: 720, byte_size: row.bytes.length });
      expect(row.file_name).toMatch(/^[a-z0-9-]+\.png$/);
    }
    // One for every sheet, and the other documents of the demo's set (demo/documents.ts).
    expect(assets).toHaveLength(DEMO_CATALOGUE.length + DEMO_DOCUMENT_SET.length - 1);
    expect(assets.every((row) => row.mime_type === 'application/pdf' && row.bytes.subarray(0, 5).toString() === '%PDF-')).toBe(true);
  });

  it('stores each illustration as an upload of it would be stored, the same bytes every time', async () => {
    await seedDemoContentIfEmpty(store.db, { platformSitesSegment: 'sfsites' });
    const media = new Map((await listAllMedia(store.db)).map((row) => [row.file_name, row]));
    const folder = await mkdtemp(join(tmpdir(), 'demo-images-'));
    try {
      for (const entry of DEMO_CATALOGUE.slice(0, 4)) {
        const row = media.get(`${entry.slug}.png`);
        const image = await renderIllustrationImage(entry);
        expect(row?.bytes.equals(image.bytes), entry.slug).toBe(true);
        expect(row?.sha256).toBe(createHash('sha256').update(image.bytes).digest('hex'));
        // What an editor's upload of the same file would be checked and recorded as.
        const path = join(folder, `${entry.slug}.png`);
        await writeFile(path, image.bytes);
        expect(await checkImage(path)).toEqual({ mimeType: row?.mime_type, width: row?.width, height: row?.height });
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('uses well-formed ids', () => {
    expect(isWellFormedId(DEMO_IDS.siteId) && DEMO_IDS.siteId.startsWith('0DM')).toBe(true);
    expect(isWellFormedId(DEMO_IDS.channelId) && DEMO_IDS.channelId.startsWith('0ap')).toBe(true);
    expect(isContentKey(DEMO_IDS.collectionKey)).toBe(true);
  });

  it('leaves nothing behind when it fails halfway', async () => {
    // The last write fails, as a full disk or a lost connection would fail it.
    await expect(seedDemoContentIfEmpty(store.db.withPlugin(failingWritesTo('collection_items')), { platformSitesSegment: 'sfsites' })).rejects.toThrow(
      'write to collection_items failed',
    );
    expect(await listSites(store.db)).toEqual([]);
    expect(await listAllContents(store.db)).toEqual([]);
  });
});

describe('migrations', () => {
  it('apply once and then report nothing to do', async () => {
    expect(await migrateToLatest(store)).toEqual([]);
  });
});

describe('the content version', () => {
  it('changes with every insert, update and delete of content, however it is made', async () => {
    await seedDemoContentIfEmpty(store.db, { platformSitesSegment: 'sfsites' });
    let version = await readContentVersion(store.db);
    // Statements as an operator would type them, around the repositories.
    const changes = [
      sql`UPDATE content_translations SET title = 'changed' WHERE language = 'en_US'`,
      sql`UPDATE collections SET title = 'changed'`,
      sql`DELETE FROM collection_items WHERE position = 0`,
      sql`UPDATE seo_records SET is_seo_indexed = 0`,
      sql`UPDATE media SET file_name = 'x.png'`,
      sql`UPDATE file_assets SET file_name = 'x.pdf'`,
      sql`UPDATE site_languages SET position = 3`,
    ];
    for (const change of changes) {
      await change.execute(store.db);
      const next = await readContentVersion(store.db);
      expect(next).toBeGreaterThan(version);
      version = next;
    }
  });
});

/** A plugin that fails the first insert into a table, before it reaches the store. */
function failingWritesTo(table: string): KyselyPlugin {
  return {
    transformQuery({ node }) {
      if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === table) throw new Error(`write to ${table} failed`);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}
