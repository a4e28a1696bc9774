/**
 * The studio's sheet list on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL names one):
 * drafted and never-edited sheets in one list, each status, the missing-translation filter, search,
 * the three sorts and paging agree with what each sheet is.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { TEST_ENGINE } from '../../tests/helpers/test-store';
import { findContentsByKeys } from '../cms/repositories/contents';
import { DEMO_IDS } from '../demo/seed-demo';
import type { Actor } from './audit';
import { listSheetPage } from './sheet-list';
import { scheduleSheet } from './schedules';
import { newSheetState, sheets } from './sheets';

const editor: Actor = { id: '005000000000001AAA', label: 'editor@example.com' };
const { siteId, collectionId } = DEMO_IDS;

let test: TestApp;
let total: number;
const ids: Record<string, string> = {};
beforeAll(async () => {
  test = await createTestApp();
  total = (await listSheetPage(db(), { siteId, limit: 1 })).total;
  const [teos, tdmat] = await findContentsByKeys(test.store.db, siteId, [DEMO_IDS.sheetKey('teos'), DEMO_IDS.sheetKey('tdmat')]);
  ids.changed = teos!.id;
  ids.unpublished = tdmat!.id;
  // A published sheet with a change in its draft, one taken off the site, and a new draft.
  const teosView = (await sheets.view(db(), ids.changed))!;
  await sheets.save(
    db(),
    ids.changed,
    { ...teosView.draft, translations: { ...teosView.draft.translations, en_US: { ...teosView.draft.translations.en_US!, title: 'Zeta TEOS, changed' } } },
    teosView.revision,
    editor,
  );
  const tdmatView = (await sheets.view(db(), ids.unpublished))!;
  await sheets.unpublish(db(), ids.unpublished, tdmatView.revision, editor);
  const fresh = newSheetState({
    siteId,
    collectionId,
    primaryLanguage: 'en_US',
    texts: { title: 'Aardvark 100% precursor' },
    urlName: 'aardvark-100-precursor',
  });
  ids.draft = (await sheets.create(db(), fresh.id, fresh, editor)).targetId;
  await scheduleSheet(db(), ids.draft, 'publish', new Date(Date.now() + 3_600_000).toISOString(), editor);
});
afterAll(async () => {
  await test.close();
});

const db = () => test.store.db;
const list = (query: Omit<Parameters<typeof listSheetPage>[1], 'siteId'>) => listSheetPage(db(), { siteId, ...query });

describe('the sheet list', () => {
  it('holds every sheet once, drafted or never edited, each with its status', async () => {
    const all = await list({ limit: 200 });
    expect(all.total).toBe(total + 1);
    expect(new Set(all.sheets.map((sheet) => sheet.id)).size).toBe(all.total);
    const byId = new Map(all.sheets.map((sheet) => [sheet.id, sheet]));
    expect(byId.get(ids.changed!)).toMatchObject({ status: 'changed', title: 'Zeta TEOS, changed' });
    expect(byId.get(ids.unpublished!)?.status).toBe('unpublished');
    expect(byId.get(ids.draft!)).toMatchObject({ status: 'draft', languages: ['en_US'], scheduled: { action: 'publish' } });
    const untouched = all.sheets.find((sheet) => !Object.values(ids).includes(sheet.id))!;
    expect(untouched.status).toBe('published');
    expect(untouched.languages.length).toBeGreaterThan(0);
  });

  it('shows each sheet’s card image and its description as the sheet itself has them', async () => {
    for (const sheet of (await list({ limit: 200 })).sheets) {
      const { draft } = (await sheets.view(db(), sheet.id))!;
      expect(sheet.image).toEqual(draft.image === null ? null : { sha256: draft.image.sha256, alt: draft.translations[draft.primaryLanguage]?.imageAlt ?? '' });
    }
  });

  it('filters by status, by a pending schedule and by search, % and _ taken as themselves', async () => {
    expect((await list({ status: 'changed' })).sheets.map((sheet) => sheet.id)).toEqual([ids.changed]);
    expect((await list({ status: 'unpublished' })).sheets.map((sheet) => sheet.id)).toEqual([ids.unpublished]);
    expect((await list({ status: 'scheduled' })).sheets.map((sheet) => sheet.id)).toEqual([ids.draft]);
    expect((await list({ status: 'published' })).total).toBe(total - 2);
    expect((await list({ q: '100%' })).sheets.map((sheet) => sheet.id)).toEqual([ids.draft]);
    expect((await list({ q: 'ZETA teos' })).sheets.map((sheet) => sheet.id)).toEqual([ids.changed]);
    expect((await list({ q: '_' })).total).toBe(0);
    // Every letter folds, not only ASCII (SQLite's own lower() would miss these).
    const umlaut = newSheetState({ siteId, collectionId, primaryLanguage: 'en_US', texts: { title: 'Überdruckventil ÄÖ' }, urlName: 'ueberdruckventil-aeoe' });
    await sheets.create(db(), umlaut.id, umlaut, editor);
    expect((await list({ q: 'überdruck' })).sheets.map((sheet) => sheet.title)).toEqual(['Überdruckventil ÄÖ']);
    expect((await list({ q: 'äö' })).total).toBe(1);
    await sheets.remove(db(), umlaut.id, undefined, editor);
  });

  it('finds the sheets that lack a language, drafted or not', async () => {
    const lackingGerman = await list({ missing: 'de_DE', limit: 200 });
    expect(lackingGerman.sheets.map((sheet) => sheet.id)).toContain(ids.draft);
    for (const sheet of lackingGerman.sheets) expect(sheet.languages).not.toContain('de_DE');
    const withGerman = (await list({ limit: 200 })).sheets.filter((sheet) => sheet.languages.includes('de_DE'));
    expect(withGerman.length + lackingGerman.total).toBe(total + 1);
  });

  it('sorts by change, title and status, and pages without losing or repeating a sheet', async () => {
    const byTitle = (await list({ sort: 'title', limit: 200 })).sheets.map((sheet) => sheet.title);
    expect(byTitle[0]).toBe('Aardvark 100% precursor');
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await list({ sort: 'status' })).sheets[0]?.status).toBe('changed');
    const newest = (await list({ limit: 3 })).sheets.map((sheet) => sheet.id);
    expect(newest).toContain(ids.draft);
    const paged = [];
    for (let offset = 0; offset < total + 1; offset += 7) paged.push(...(await list({ sort: 'title', offset, limit: 7 })).sheets.map((sheet) => sheet.id));
    expect(paged).toEqual((await list({ sort: 'title', limit: 200 })).sheets.map((sheet) => sheet.id));
  });

  it('counts every sheet the question lists on each of its pages, past the last page too', async () => {
    const everything = await list({ limit: 200 });
    expect(everything.total).toBe(everything.sheets.length);
    expect((await list({ sort: 'status', offset: 5, limit: 3 })).total).toBe(everything.total);
    expect(await list({ offset: everything.total + 10, limit: 3 })).toEqual({ total: everything.total, sheets: [] });
    const found = await list({ q: 'precursor', limit: 200 });
    expect(found.total).toBe(found.sheets.length);
    expect((await list({ q: 'precursor', limit: 1 })).total).toBe(found.total);
    expect(await list({ q: 'no sheet is called this', limit: 5 })).toEqual({ total: 0, sheets: [] });
  });

  // The plans of the statements a list request sends, as SQLite makes them for this store.
  it.runIf(TEST_ENGINE === 'sqlite')('reads titles and unsummarised drafts from indexes of their own on SQLite', async () => {
    const statements: string[] = [];
    const watched = await createTestApp({ onQuery: (text) => statements.push(text) });
    const planOf = async (text: string) =>
      (
        await watched.store.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(
            `EXPLAIN QUERY PLAN ${text}`,
            Array.from(text.matchAll(/\?/g), () => null),
          ),
        )
      ).rows.map((row) => row.detail);
    try {
      await listSheetPage(watched.store.db, { siteId, sort: 'title', q: 'silane', limit: 10 });
      // 10,000 sheets' titles from their translations' rows took some 20 ms of a 30 ms list (migration 033).
      const listing = statements.filter((text) => text.includes('left join "content_translations" as "t"'));
      expect(listing.length).toBeGreaterThan(0);
      for (const text of listing)
        expect((await planOf(text)).filter((detail) => /^SEARCH t /.test(detail))).toEqual([
          expect.stringContaining('USING COVERING INDEX content_translations_titles'),
        ]);
      // Asked before every list: without its index it read every draft row, states and all, 3 ms on 1,000 drafts (migration 034).
      const unsummarised = statements.filter((text) => text.includes('"status" is null'));
      expect(unsummarised.length).toBeGreaterThan(0);
      for (const text of unsummarised) expect(await planOf(text)).toEqual([expect.stringContaining('USING INDEX drafts_unsummarised')]);
    } finally {
      await watched.close();
    }
  });
});
