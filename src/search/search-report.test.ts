/**
 * The search report (docs/search.md, "What searches found nothing"): searches and opened results
 * counted in aggregate, written in batches, kept 30 days and bounded per day; the studio's view
 * of it, and a synonym made from a query that found nothing. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../tests/helpers/studio-client';
import { DEMO_IDS } from '../demo/seed-demo';
import { createSearchReport, QUERIES_PER_DAY, readSearchReport, withoutPartials, type LanguageReport } from './search-report';

let test: TestApp;
let editor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  editor = await signInAs(test, 'editor');
});
afterAll(async () => {
  await test.close();
});

const siteId = DEMO_IDS.siteId;
const HOST = 'lit.example.com';
const english = (report: LanguageReport[]) => report.find((language) => language.language === 'en_US');

describe('counting searches and what was opened from them', () => {
  it('adds up searches per query, lists those that found nothing first, and counts a result opened from its results page', async () => {
    let now = new Date('2026-03-02T10:00:00Z');
    const report = createSearchReport(test.store.db, { enabled: true, now: () => now });
    const shown = [{ contentId: 'sheet-tma', hrefs: ['/sfsites/c/file-asset/tma?v=1', '/sheets/trimethylaluminum'] }];
    for (let time = 0; time < 3; time++) report.searched({ siteId, language: 'en_US', query: ' TMA ', found: 1, shown });
    report.searched({ siteId, language: 'en_US', query: 'quantum flux', found: 0, shown: [] });
    report.searched({ siteId, language: 'de_DE', query: 'Legierung', found: 2, shown: [] });
    report.opened('/sheets/trimethylaluminum', `https://${HOST}/?q=tma`, HOST);
    report.opened('/sfsites/c/file-asset/tma?v=1', `https://${HOST}/?q=TMA`, HOST);
    // Not from a results page of this site, or not a result of that query: not counted.
    report.opened('/sheets/trimethylaluminum', `https://elsewhere.example/?q=tma`, HOST);
    report.opened('/sheets/trimethylaluminum', `https://${HOST}/?q=silane`, HOST);
    report.opened('/sheets/trimethylaluminum', `https://${HOST}/`, HOST);
    await report.flush();
    now = new Date('2026-03-03T10:00:00Z');
    report.searched({ siteId, language: 'en_US', query: 'tma', found: 1, shown });
    await report.close();

    const read = await readSearchReport(test.store.db, siteId, now);
    expect(english(read)?.queries).toEqual([
      { query: 'quantum flux', searches: 1, found: 0 },
      { query: 'tma', searches: 4, found: 1 },
    ]);
    expect(english(read)?.opened).toEqual([{ contentId: 'sheet-tma', title: 'sheet-tma', opens: 2, queries: ['tma'] }]);
    expect(read.find((language) => language.language === 'de_DE')?.queries).toEqual([{ query: 'legierung', searches: 1, found: 2 }]);
  });

  it('keeps 30 days, and at most so many queries of a language a day', async () => {
    let now = new Date('2026-04-01T10:00:00Z');
    const report = createSearchReport(test.store.db, { enabled: true, now: () => now });
    for (let n = 0; n <= QUERIES_PER_DAY; n++) report.searched({ siteId, language: 'fr_FR', query: `requête ${n}`, found: 0, shown: [] });
    await report.flush();
    const day = await test.store.db
      .selectFrom('search_queries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('day', '=', '2026-04-01')
      .executeTakeFirstOrThrow();
    expect(Number(day.count)).toBe(QUERIES_PER_DAY);
    now = new Date('2026-05-01T10:00:00Z');
    report.searched({ siteId, language: 'fr_FR', query: 'plus tard', found: 0, shown: [] });
    await report.close();
    const left = await test.store.db.selectFrom('search_queries').select('day').distinct().where('language', '=', 'fr_FR').execute();
    expect(left.map((row) => row.day)).toEqual(['2026-05-01']);
  });

  it('adds up what several serving processes write to the same row at once', async () => {
    const now = () => new Date('2026-07-01T10:00:00Z');
    const reports = Array.from({ length: 4 }, () => createSearchReport(test.store.db, { enabled: true, now }));
    for (const report of reports)
      for (let time = 0; time < 5; time++) report.searched({ siteId, language: 'en_US', query: 'all at once', found: 2, shown: [] });
    await Promise.all(reports.map((report) => report.close()));
    const row = await test.store.db.selectFrom('search_queries').select('searches').where('query', '=', 'all at once').executeTakeFirstOrThrow();
    expect(row.searches).toBe(20);
  });

  it('counts nothing when turned off', async () => {
    const report = createSearchReport(test.store.db, { enabled: false, now: () => new Date('2026-06-01T10:00:00Z') });
    report.searched({ siteId, language: 'en_US', query: 'never kept', found: 0, shown: [] });
    await report.close();
    expect(await test.store.db.selectFrom('search_queries').selectAll().where('query', '=', 'never kept').execute()).toEqual([]);
  });

  it('leaves out a word still being typed, not a query another adds words to', () => {
    const rows = ['trimethyl', 'trimethylaluminum', 'tma', 'tma bubbler'].map((query) => ({ query }));
    expect(withoutPartials(rows).map((row) => row.query)).toEqual(['trimethylaluminum', 'tma', 'tma bubbler']);
  });
});

describe('the report in the studio', () => {
  it('shows a search made on the site with its count; a synonym added from it makes the next search find the sheet', async () => {
    expect((await test.app.inject('/?q=quokkafish')).body).toContain('No sheet matches');
    const report = (await editor.request('GET', '/search-report')).json() as { enabled: boolean; languages: LanguageReport[] };
    expect(report.enabled).toBe(true);
    expect(english(report.languages)?.queries).toContainEqual({ query: 'quokkafish', searches: 1, found: 0 });

    const added = await editor.request('POST', '/synonyms', { query: 'quokkafish', means: 'dimeric' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ group: 'search:quokkafish', terms: ['quokkafish', 'dimeric'] });
    expect((await test.app.inject('/?q=quokkafish')).body).toContain('Trimethylaluminum (TMA)');
    const audit = await test.store.db.selectFrom('audit_log').select(['action', 'actor']).where('action', '=', 'search.synonym-add').execute();
    expect(audit).toEqual([{ action: 'search.synonym-add', actor: editor.email }]);
  });

  it('refuses a synonym that says nothing, and a visitor', async () => {
    expect((await editor.request('POST', '/synonyms', { query: 'quokka', means: ' QUOKKA ' })).statusCode).toBe(400);
    expect((await test.app.inject({ method: 'GET', url: '/studio/api/search-report' })).statusCode).toBe(401);
  });
});
