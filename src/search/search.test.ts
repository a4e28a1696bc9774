/**
 * Search against the store's own engine (SQLite FTS5 here; PostgreSQL when the suite runs with
 * TEST_DATABASE_URL), on the demo catalogue: its PDFs' text, its three languages, its synonyms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore } from '../../tests/helpers/test-app';
import { saveTranslation } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import { search, type SearchHit, type SearchResult } from './search-query';
import { SQLITE_INDEX } from '../cms/migrations/016-search-heads';
import { emptySearchIndex } from '../cms/migrations/search-index-emptied';
import { removeEntries, scopeWord, WRITTEN } from './index-store';
import { syncSearchIndex } from './search-index';
import { up as upIdentifierWords } from '../cms/migrations/025-identifier-words';
import { TEST_ENGINE } from '../../tests/helpers/test-store';
import { sql } from 'kysely';
import { inTransaction, openDatabase } from '../cms/database';
import type { PassagePart } from '../shared/passage';

// A store no server follows: what these tests sync is theirs alone to sync.
let test: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => {
  test = await openTestStore();
  await syncSearchIndex(test.store);
});
afterAll(async () => {
  await test.close();
});

const find = (query: string, language = 'en_US', limit = 30): Promise<SearchResult> =>
  search(test.store, { siteId: DEMO_IDS.siteId, language, query, limit, offset: 0 });
const titles = (result: SearchResult) => result.hits.map((hit) => hit.title);
const marked = (passage: PassagePart[]) => passage.filter((part) => part.mark).map((part) => part.text.toLowerCase());

describe('search', () => {
  it('finds a word that appears only inside one sheet’s PDF, and only that sheet, with the passage marked', async () => {
    const result = await find('dimeric');
    expect(titles(result)).toEqual(['Trimethylaluminum (TMA)']);
    expect(result.total).toBe(1);
    expect(marked(result.hits[0]!.passage)).toEqual(['dimeric']);
    expect(result.hits[0]!.passage.map((part) => part.text).join('')).toContain('Colourless liquid (dimeric');
  });

  it('finds every form of a word by its stem', async () => {
    expect(titles(await find('encapsulating'))).toEqual(titles(await find('encapsulation')));
    expect((await find('precursors')).total).toBe((await find('precursor')).total);
  });

  it('finds a British spelling’s American sheet, an abbreviation’s and a formula written without subscripts', async () => {
    expect(titles(await find('vaporiser'))).toContain('Direct Liquid Injection Vaporizer');
    expect(titles(await find('TEMAH'))[0]).toBe('Tetrakis(ethylmethylamido)hafnium (TEMAH)');
    expect(titles(await find('trimethylaluminium'))[0]).toBe('Trimethylaluminum (TMA)');
    expect(titles(await find('Al(CH3)3'))[0]).toBe('Trimethylaluminum (TMA)');
    expect(titles(await find('Al(CH₃)₃'))[0]).toBe('Trimethylaluminum (TMA)');
  });

  it('stems German words on the German page', async () => {
    // "Legierungen" is in the TMGa sheet's German description; the singular is nowhere.
    const result = await find('Legierung', 'de_DE');
    expect(titles(result)).toContain('Trimethylgallium (TMGa)');
    expect(marked(result.hits.find((hit) => hit.title === 'Trimethylgallium (TMGa)')!.passage)).toContain('legierungen');
  });

  it('needs every word, and takes the last one as the start of a name while it is typed', async () => {
    expect(titles(await find('dimeric gallium'))).toEqual([]);
    expect(titles(await find('dimeric trimethylalum'))).toEqual(['Trimethylaluminum (TMA)']);
    expect(titles(await find('Trimethylgal'))).toEqual(['Trimethylgallium (TMGa)']);
    // Once the word is ended, it is a word: no longer the start of one.
    expect(titles(await find('Trimethylgal '))).toEqual([]);
  });

  it('finds a sheet first by its CAS number, written with or without hyphens, on every page language', async () => {
    for (const language of ['en_US', 'de_DE', 'fr_FR'])
      for (const query of ['75-24-1', '75241']) expect((await find(query, language)).hits[0]?.title, `${query} on ${language}`).toMatch(/\(TMA\)$/);
    // Another sheet's CAS number finds that sheet alone.
    expect(titles(await find('1445790'))).toEqual(['Trimethylgallium (TMGa)']);
  });

  it('finds a sheet first by its product code and its formula, however they are written apart', async () => {
    for (const query of ['LS-TMA-5N', 'ls-tma-5n', 'LSTMA5N', 'Al(CH3)3', 'Al(CH₃)₃', 'AlCH33'])
      expect((await find(query)).hits[0]?.title, query).toBe('Trimethylaluminum (TMA)');
  });

  it('completes an identifier being typed, hyphens and all', async () => {
    expect((await find('75-24')).hits[0]?.title).toBe('Trimethylaluminum (TMA)');
    expect((await find('LS-TMG')).hits.map((hit) => hit.title)).toEqual(['Trimethylgallium (TMGa)']);
  });

  it('ranks a sheet named by the query above sheets that only mention it', async () => {
    expect(titles(await find('silane'))[0]).toBe('Silane (SiH₄)');
  });

  it('answers nothing for a query without words, and never takes the query as engine syntax', async () => {
    expect(await find('  ')).toEqual({ total: 0, more: false, hits: [] });
    for (const hostile of ['"', 'NEAR(a b)', '*', 'a OR b', "'); DROP TABLE search_entries; --", 'title:x', '!(&|)', ':*']) {
      await expect(find(hostile)).resolves.toMatchObject({ hits: expect.any(Array) });
    }
  });

  it('pages through the results', async () => {
    const all = await find('precursor', 'en_US', 100);
    const second = await search(test.store, { siteId: DEMO_IDS.siteId, language: 'en_US', query: 'precursor', limit: 5, offset: 5 });
    expect(second.total).toBe(all.total);
    expect(titles(second)).toEqual(titles(all).slice(5, 10));
  });
});

describe('syncSearchIndex, a part at a time', () => {
  // A store of its own: the changes below would move the order of the shared store's results.
  let own: Awaited<ReturnType<typeof openTestStore>>;
  beforeAll(async () => {
    own = await openTestStore();
    await syncSearchIndex(own.store);
  });
  afterAll(async () => {
    await own.close();
  });

  it('compares the store a part at a time and misses nothing at the parts’ edges: removed, added and changed sheets alike', async () => {
    const entries = async () =>
      (await own.store.db.selectFrom('search_entries').select(['content_id', 'language', 'serves', 'published_at']).execute())
        .map((row) => `${row.content_id} ${row.language} ${row.serves} ${row.published_at}`)
        .sort();
    const shown = await own.store.db.selectFrom('collection_items').select('content_id').orderBy('content_id').execute();
    const ids = shown.map((row) => row.content_id);
    const synced = await entries();
    // Every other sheet's entries out of date, one sheet's entries never made, another sheet gone from the collection.
    for (const id of ids.filter((_, index) => index % 2 === 0))
      await own.store.db.updateTable('search_entries').set({ published_at: '' }).where('content_id', '=', id).execute();
    const unmade = await own.store.db.selectFrom('search_entries').select('id').where('content_id', '=', ids[3]!).execute();
    await inTransaction(own.store.db, (trx) =>
      removeEntries(
        trx,
        TEST_ENGINE,
        unmade.map((row) => Number(row.id)),
      ),
    );
    const leaving = ids[5]!;
    const items = await own.store.db.selectFrom('collection_items').selectAll().where('content_id', '=', leaving).execute();
    await own.store.db.deleteFrom('collection_items').where('content_id', '=', leaving).execute();
    const result = await syncSearchIndex(own.store, { partSize: 2 });
    expect(result.removed).toBeGreaterThan(0);
    const parted = await entries();
    // What a sync of the whole store at once makes of the same state: nothing more to do, and the same entries.
    expect(await syncSearchIndex(own.store)).toEqual({ written: 0, removed: 0 });
    expect(parted).toEqual(synced.filter((entry) => !entry.startsWith(`${leaving} `)));
    await own.store.db.insertInto('collection_items').values(items).execute();
    await syncSearchIndex(own.store);
    expect(await entries()).toEqual(synced);
  });
});

describe('syncSearchIndex', () => {
  /** Publishes a new description of the Silane sheet in English. */
  async function describeSilane(description: string, publishedAt: string): Promise<void> {
    const sheet = await test.store.db
      .selectFrom('content_translations')
      .select(['content_id', 'title', 'body'])
      .where('language', '=', 'en_US')
      .where('title', '=', 'Silane (SiH₄)')
      .executeTakeFirstOrThrow();
    const body = JSON.parse(sheet.body) as Record<string, unknown>;
    await saveTranslation(test.store.db, sheet.content_id, { language: 'en_US', title: sheet.title, body: { ...body, description }, publishedAt });
  }

  it('brings only what changed up to date, and a changed sheet is found by its new words', async () => {
    expect(await syncSearchIndex(test.store)).toEqual({ written: 0, removed: 0 });
    await describeSilane('Now with quokkas.', '2026-02-01T00:00:00.000Z');
    // The primary translation changed: the sheet's entries are made again (each holds its topics and
    // shared facet values), and no other sheet's.
    expect(await syncSearchIndex(test.store)).toEqual({ written: 3, removed: 0 });
    expect(titles(await find('quokka'))).toEqual(['Silane (SiH₄)']);
    expect(titles(await find('quokka', 'de_DE'))).toEqual([]);
  });

  it('indexes a description holding a word longer than anyone types (a pasted code), and lists only the words one does', async () => {
    const code = `q${'0123456789abcdef'.repeat(250)}`;
    await describeSilane(`Quokkas again. ${code}`, '2026-02-02T00:00:00.000Z');
    expect(await syncSearchIndex(test.store)).toEqual({ written: 3, removed: 0 });
    expect(titles(await find('quokkas agai'))).toEqual(['Silane (SiH₄)']);
    const listed = await test.store.db.selectFrom('search_words').select('word').where('word', '=', code).execute();
    expect(listed).toEqual([]);
  });

  it('is brought up to date by two processes at once (serving processes after a publish), each entry made once', async () => {
    const other = openDatabase(test.config.database);
    try {
      await syncSearchIndex(test.store);
      // Every entry out of date, as after an upgrade: both make them at once, racing batch by batch.
      await test.store.db.updateTable('search_entries').set({ published_at: '' }).execute();
      const [one, two] = await Promise.all([syncSearchIndex(test.store), syncSearchIndex(other)]);
      expect(one.written + two.written).toBeGreaterThan(0);
      const rows = await test.store.db.selectFrom('search_entries').select(['content_id', 'language']).execute();
      expect(new Set(rows.map((row) => `${row.content_id} ${row.language}`)).size).toBe(rows.length);
      expect(await syncSearchIndex(test.store)).toEqual({ written: 0, removed: 0 });
      expect(titles(await find('dimeric'))).toEqual(['Trimethylaluminum (TMA)']);
    } finally {
      await other.close();
    }
  });

  it('falls back to the default language for an untranslated sheet, and removes what is gone', async () => {
    const tma = await test.store.db.selectFrom('contents').select('id').where('url_name', '=', 'trimethylaluminum').executeTakeFirstOrThrow();
    await test.store.db.deleteFrom('content_translations').where('content_id', '=', tma.id).where('language', '=', 'de_DE').execute();
    // The German entry goes; the English one is made again, to be shown on the German page too (and,
    // the primary translation's being made again, the French one).
    expect(await syncSearchIndex(test.store)).toEqual({ written: 2, removed: 1 });
    const german = await find('archetypal', 'de_DE');
    expect(german.hits.map((hit) => [hit.title, hit.textLanguage])).toEqual([['Trimethylaluminum (TMA)', 'en_US']]);
    // The French page shows its own translation (whose document is the same English PDF).
    expect((await find('archetypal', 'fr_FR')).hits.map((hit) => [hit.title, hit.textLanguage])).toEqual([['Triméthylaluminium (TMA)', 'fr_FR']]);

    await test.store.db.deleteFrom('collection_items').where('content_id', '=', tma.id).execute();
    expect(await syncSearchIndex(test.store)).toEqual({ written: 0, removed: 2 });
    expect((await find('dimeric')).total).toBe(0);
  });

  it('makes whole again, at the next sync, entries made before titles and descriptions had an index of their own (migration 016)', async () => {
    const before = titles(await find('silane', 'en_US', 100));
    // As migration 015 left them: no title and description indexes (nor, on PostgreSQL, scope words or words as written in `terms`).
    if (TEST_ENGINE === 'sqlite')
      for (const table of ['search_titles', 'search_heads', 'search_words']) await sql`DELETE FROM ${sql.raw(table)}`.execute(test.store.db);
    else {
      const scopes = ['en_US', 'de_DE', 'fr_FR'].map((language) => scopeWord(DEMO_IDS.siteId, language));
      await sql`UPDATE search_entries SET heads = ''::tsvector, titles = ''::tsvector,
        terms = ts_delete(terms, ${scopes}::text[] || ARRAY(SELECT lexeme FROM unnest(terms) WHERE lexeme LIKE ${`${WRITTEN}%`}))`.execute(test.store.db);
    }
    expect(titles(await find('silane', 'en_US', 100))).not.toEqual(before);
    // What the migration does: the index emptied, for the next sync to make again.
    await emptySearchIndex(test.store.db, TEST_ENGINE === 'sqlite' ? SQLITE_INDEX : {});
    expect((await syncSearchIndex(test.store)).written).toBeGreaterThan(0);
    const after = titles(await find('silane', 'en_US', 100));
    // The same sheets, the one naming the word first; within a tier, PostgreSQL's order is where the rewritten rows went.
    expect([...after].sort()).toEqual([...before].sort());
    expect([before[0], after[0]]).toEqual(['Silane (SiH₄)', 'Silane (SiH₄)']);
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'makes whole again, at the next sync, entries made before the words as written were in the vectors (migration 018)',
    async () => {
      const typed = async () => titles(await find('silane tetraeth'));
      const before = await typed();
      expect(before).toContain('Tetraethyl orthosilicate (TEOS)');
      // As migration 017 left them: the words as written in `names` alone, and no list of them.
      const written = sql`ARRAY(SELECT lexeme FROM unnest(terms) WHERE lexeme LIKE ${`${WRITTEN}%`})`;
      await sql`UPDATE search_entries SET terms = ts_delete(terms, ${written}), heads = ts_delete(heads, ${written})`.execute(test.store.db);
      await sql`DELETE FROM search_words`.execute(test.store.db);
      expect(await typed()).toEqual([]);
      await emptySearchIndex(test.store.db, {});
      expect((await syncSearchIndex(test.store)).written).toBeGreaterThan(0);
      expect((await typed()).sort()).toEqual([...before].sort());
    },
  );

  it('makes every entry again, at the next sync, after identifiers became words of their own (migration 025), answering meanwhile', async () => {
    const entries = await test.store.db
      .selectFrom('search_entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    await upIdentifierWords(test.store.db as never);
    // Marked out of date, the entries as they are still answer.
    expect(titles(await find('quokka'))).toEqual(['Silane (SiH₄)']);
    expect(await syncSearchIndex(test.store)).toEqual({ written: Number(entries.count), removed: 0 });
    expect((await find('7803625')).hits[0]?.title).toBe('Silane (SiH₄)');
  });

  it('makes every entry again on a rebuild', async () => {
    const entries = await test.store.db
      .selectFrom('search_entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(await syncSearchIndex(test.store, { rebuild: true })).toEqual({ written: Number(entries.count), removed: 0 });
    expect(titles(await find('quokka'))).toEqual(['Silane (SiH₄)']);
  });
});

describe('the order of results, and how many are listed', () => {
  const page = (query: string, limit: number, offset: number, listed?: number) =>
    search(test.store, { siteId: DEMO_IDS.siteId, language: 'en_US', query, limit, offset }, listed);
  const tierOf = (hit: SearchHit) => (/precursor/i.test(hit.title) ? 0 : /precursor/i.test(hit.description) ? 1 : 2);

  it('lists the sheets with every word in the title first, then in the description, then the others', async () => {
    const tiers = (await page('precursor', 100, 0)).hits.map(tierOf);
    expect(tiers).toEqual([...tiers].sort());
    expect(new Set(tiers)).toEqual(new Set([0, 1, 2]));
  });

  it('pages across the tiers without a sheet twice or missed', async () => {
    const whole = await page('precursor', 100, 0);
    const paged: string[] = [];
    for (let offset = 0; offset < whole.total; offset += 4) {
      const part = await page('precursor', 4, offset);
      expect(part.total).toBe(whole.total);
      paged.push(...titles(part));
    }
    expect(paged).toEqual(titles(whole));
  });

  it('counts no further than it lists, and says there are more', async () => {
    const whole = await page('precursor', 100, 0);
    expect(whole).toMatchObject({ more: false });
    const capped = await page('precursor', 100, 0, 5);
    expect(capped).toMatchObject({ total: 5, more: true });
    expect(titles(capped)).toEqual(titles(whole).slice(0, 5));
    expect((await page('precursor', 4, 4, 5)).hits).toHaveLength(1);
    expect((await page('precursor', 4, 5, 5)).hits).toEqual([]);
  });

  it('completes a start that many words share, as well as one that few do', async () => {
    // (The sheet of the tests above that found TMA by its document has left the collection.)
    // More words start with 's' than are listed: the engine's own prefix match.
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_words WHERE word >= 's' AND word < 't'`.execute(test.store.db);
    expect(Number(rows[0]!.n)).toBeGreaterThan(50);
    expect(titles(await find('silane s'))).toContain('Silane (SiH₄)');
    expect(titles(await find('silane sih'))).toContain('Silane (SiH₄)');
    expect(titles(await find('silane sihx'))).toEqual([]);
  });
});

describe('a document whose text was never kept', () => {
  it('has it read at the next sync, kept with its bytes, and found', async () => {
    await sql`UPDATE blobs SET text = NULL WHERE mime_type = 'application/pdf'`.execute(test.store.db);
    await syncSearchIndex(test.store, { rebuild: true });
    const { rows } = await sql<{
      text: string | null;
    }>`SELECT b.text FROM blobs b JOIN file_assets f ON f.sha256 = b.sha256 WHERE f.asset_id = ${DEMO_IDS.assetId('silane')}`.execute(test.store.db);
    expect(rows[0]?.text).toContain('Silane');
    expect(titles(await find('silane'))).toContain('Silane (SiH₄)');
  });
});
