/**
 * The read model of what is published, as the journal's reader keeps it (docs/decisions/040): after
 * each kind of change a page depends on, from anywhere (the studio's engine, an operator's SQL), the
 * rows say what the write side says, and a rebuild from scratch finds nothing to write. On a real
 * store (SQLite, or PostgreSQL when TEST_DATABASE_URL names one).
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore } from '../../tests/helpers/test-app';
import { appendJournalEntries } from '../cms/repositories/journal';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import { readJournalOnce } from '../server/journal-follower';
import { rebuildPublished } from './published-reader';
import type { PublishedContent } from './published-content';
import { IMAGE_CONTENT_TYPE } from '../shared/constants';
import { contentByKeyOrId, contentsPage, countContents } from './contents';
import { movedFrom, sheetAt, sheetsOf } from './sheets';

let test: Awaited<ReturnType<typeof openTestStore>>;
const db = () => test.store.db;

beforeEach(async () => {
  test = await openTestStore();
});
afterEach(async () => {
  await test.close();
});

/** Reads the journal as a server would, then checks that a rebuild from scratch would write nothing. */
async function readAndCompare(): Promise<void> {
  await readJournalOnce(test.store);
  expect(await rebuildPublished(test.store), 'a rebuild finds the rows as the reader left them').toEqual({ written: 0, removed: 0 });
}

const english = { siteId: DEMO_IDS.siteId, language: 'en_US', defaultLanguage: 'en_US' };

const idOf = async (slug: string) => (await findContentsByKeys(db(), DEMO_IDS.siteId, [DEMO_IDS.sheetKey(slug)]))[0]!.id;
const rowOf = async (slug: string, language = 'en_US'): Promise<PublishedContent | undefined> => (await sheetsOf(db(), language, [await idOf(slug)]))[0];

describe('the read model of what is published', () => {
  it('holds every sheet a collection shows, read in each of the site’s languages; a language that shows nothing of its own has no row', async () => {
    await readAndCompare();
    const shown = (await db().selectFrom('collection_items').select('content_id').distinct().execute()).map((row) => row.content_id);
    for (const language of ['en_US', 'de_DE', 'fr_FR'])
      expect((await sheetsOf(db(), language, shown)).map((sheet) => sheet.language)).toEqual(shown.map(() => language));
    const silane = await sheetAt(db(), DEMO_IDS.siteId, 'de_DE', 'silane');
    expect(silane).toMatchObject({ urlName: 'silane', language: 'de_DE', textLanguage: 'de_DE', indexed: true });
    expect(Object.values(silane!.documents).length, 'the documents it links, with their facts').toBeGreaterThan(0);

    const id = await idOf('silane');
    await db().deleteFrom('content_translations').where('content_id', '=', id).where('language', '=', 'fr_FR').execute();
    await readAndCompare();
    const rows = await db().selectFrom('published_contents').select('language').where('content_id', '=', id).orderBy('language').execute();
    expect(
      rows.map((row) => row.language),
      'French shows what English shows: no row of its own',
    ).toEqual(['de_DE', 'en_US']);
    expect(await sheetAt(db(), DEMO_IDS.siteId, 'fr_FR', 'silane')).toMatchObject({ language: 'fr_FR', textLanguage: 'en_US' });
  });

  it('holds every content of the site, images and sheets no collection shows too, newest first for the content calls', async () => {
    await readAndCompare();
    const stored = await db()
      .selectFrom('contents')
      .select(['id', 'content_type'])
      .where('site_id', '=', DEMO_IDS.siteId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
    expect(new Set(stored.map((row) => row.content_type)).size, 'the demo has more than one type').toBeGreaterThan(1);
    expect((await contentsPage(db(), english, {}, 0, 1000)).map((content) => content.id)).toEqual(stored.map((row) => row.id));
    expect(await countContents(db(), english, { types: [IMAGE_CONTENT_TYPE] })).toBe(stored.filter((row) => row.content_type === IMAGE_CONTENT_TYPE).length);
    const image = (await contentsPage(db(), english, { types: [IMAGE_CONTENT_TYPE] }, 0, 1))[0]!;
    expect(image.media, 'an image’s file').toMatchObject({ mimeType: expect.stringMatching(/^image\//), version: expect.any(String) });
    expect(image.shown, 'no page of its own').toBe(false);
  });

  it('follows an operator’s SQL: a translation removed, a sheet taken out of its collections', async () => {
    const id = await idOf('silane');
    await db().deleteFrom('content_translations').where('content_id', '=', id).where('language', '=', 'de_DE').execute();
    await readAndCompare();
    expect((await rowOf('silane', 'de_DE'))?.textLanguage, 'the default language’s text, for a German reader').toBe('en_US');
    await db().deleteFrom('collection_items').where('content_id', '=', id).execute();
    await readAndCompare();
    expect(await sheetAt(db(), DEMO_IDS.siteId, 'en_US', 'silane'), 'no collection shows it').toBeUndefined();
    expect(await contentByKeyOrId(db(), english, id), 'the content calls still deliver it').toMatchObject({ urlName: 'silane', shown: false });
  });

  it('makes a sheet again when an image or a document its row was made from changes', async () => {
    const sheet = (await db().selectFrom('published_contents').select('facts').execute())
      .map((row) => JSON.parse(row.facts) as PublishedContent)
      .find((candidate) => Object.keys(candidate.images).length > 0 && Object.keys(candidate.documents).length > 0)!;
    const image = Object.values(sheet.images)[0]!;
    await db()
      .updateTable('media')
      .set({ sha256: 'f'.repeat(64) })
      .where('content_id', '=', image.id)
      .execute();
    const [assetId, version] = Object.keys(sheet.documents)[0]!.split(' ') as [string, string];
    await db()
      .updateTable('file_assets')
      .set({ retired_at: '2026-06-01T00:00:00.000Z' })
      .where('asset_id', '=', assetId)
      .where('version', '=', Number(version))
      .execute();
    await readAndCompare();
    const again = (await sheetsOf(db(), sheet.language, [sheet.id]))[0]!;
    expect(again.images[image.contentKey]?.version, 'the image’s new file').toBe('f'.repeat(12));
    expect((await contentByKeyOrId(db(), english, image.id))?.media?.version, 'the image’s own row').toBe('f'.repeat(12));
    expect(again.documents[`${assetId} ${version}`]?.retired, 'the document withdrawn').toBe(true);
  });

  it('says what an SEO record and the site’s languages say', async () => {
    const id = await idOf('teos');
    await db().updateTable('seo_records').set({ is_seo_indexed: 0 }).where('site_id', '=', DEMO_IDS.siteId).where('record_id', '=', id).execute();
    await db().updateTable('site_languages').set({ is_active: 0 }).where('site_id', '=', DEMO_IDS.siteId).where('language', '=', 'fr_FR').execute();
    await readAndCompare();
    expect((await rowOf('teos'))?.indexed).toBe(false);
    expect(
      await db().selectFrom('published_contents').select('content_id').where('language', '=', 'fr_FR').execute(),
      'no rows in a language the site has off',
    ).toEqual([]);
  });

  it('answers where an old address went once the sheet has a new URL name', async () => {
    const id = await idOf('silane');
    await db()
      .insertInto('old_addresses')
      .values({ site_id: DEMO_IDS.siteId, url_name: 'monosilane', content_id: id, created_at: '2026-06-01T00:00:00.000Z' })
      .execute();
    await readAndCompare();
    expect(await movedFrom(db(), DEMO_IDS.siteId, 'monosilane')).toBe('silane');
    expect(await movedFrom(db(), DEMO_IDS.siteId, 'silane'), 'its own address has not moved').toBeUndefined();
  });

  it('is made whole again from the journal’s `published rebuild` entry, as its migration leaves one', async () => {
    await readJournalOnce(test.store);
    await sql`DELETE FROM published_contents`.execute(db());
    await appendJournalEntries(db(), [{ subject: 'published', target: 'rebuild' }], null, new Date());
    await readAndCompare();
    expect(await rowOf('silane')).toMatchObject({ urlName: 'silane' });
  });
});
