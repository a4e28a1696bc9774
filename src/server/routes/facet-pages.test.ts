/**
 * Facets on the searchable pages (docs/search.md, "Facets") as visitors without script and search
 * engines get them, on SQLite and on PostgreSQL (TEST_DATABASE_URL): each choice a link with the
 * number of sheets it would give, combinations per request and noindex with the single topic's
 * page as canonical, the search form and the pages keeping the choices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEMO_CATALOGUE } from '../../demo/catalogue';
import { demoTopicsOf } from '../../demo/topics';
import { choiceKey, readEntryFacets } from '../../search/facets';

const ORIGIN = 'http://localhost:80';
const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);
const cardTitles = (html: string) => all(html, /<a class="card__link" href="[^"]*">([^<]*)<\/a>/g);
const decode = (text: string) => text.replace(/&amp;/g, '&');
/** Each choice link of the facets: its label, count, address and whether it is chosen. */
const choices = (html: string) =>
  [
    ...html.matchAll(
      /<a class="facets__choice( facets__choice--chosen)?" href="([^"]*)"[^>]*>([^<]*) <span class="facets__count">\(([^)]*)\)<\/span>(<span class="visually-hidden">, chosen<\/span>)?<\/a>/g,
    ),
  ].map((match) => ({ chosen: match[1] !== undefined && match[5] !== undefined, href: decode(match[2]!), label: decode(match[3]!), count: match[4]! }));
const choice = (html: string, label: string) => choices(html).find((entry) => entry.label === label);

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const get = (url: string) => test.app.inject({ method: 'GET', url });
/** The demo's sheets (English titles) having every one of these topics. */
const withTopics = (...topics: string[]) =>
  DEMO_CATALOGUE.filter((entry) => topics.every((topic) => demoTopicsOf(entry).includes(topic))).map((entry) => entry.title);

/** The English page's entries' titles by their choices, as the store holds them. */
async function storedChoices() {
  const rows = await test.store.db
    .selectFrom('search_entries as e')
    .innerJoin('search_texts as t', 't.entry_id', 'e.id')
    .select(['t.title', 'e.facets', 'e.serves'])
    .execute();
  return rows
    .filter((row) => row.serves.includes(' en_US '))
    .map((row) => ({
      title: row.title,
      keys: new Set(Object.entries(readEntryFacets(row.facets)).flatMap(([facet, values]) => values.map((value) => choiceKey(facet, value)))),
    }));
}

describe('facets on the searchable pages', () => {
  it('offers every facet’s choices on the literature page with their counts, as links; the page stays cached and indexable', async () => {
    const response = await get('/');
    expect(response.headers['x-robots-tag']).toBeUndefined();
    const html = response.body;
    expect(choice(html, 'ALD')).toEqual({ chosen: false, href: '/topics/ald', label: 'ALD', count: String(withTopics('ald').length) });
    expect(choice(html, 'Hafnium')?.count).toBe(String(withTopics('hafnium').length));
    const liquids = (await storedChoices()).filter((entry) => entry.keys.has('form:liquid'));
    expect(choice(html, 'Liquid')).toEqual({ chosen: false, href: '/?form=liquid', label: 'Liquid', count: String(liquids.length) });
    // A single topic's link is its page, for crawlers too; a combination's is not to be followed.
    expect(html).toMatch(/<a class="facets__choice" href="\/topics\/ald" data-choice="topic:ald">/);
    expect(html).toMatch(/<a class="facets__choice" href="\/\?form=liquid" rel="nofollow" data-choice="form:liquid">/);
    // Nothing chosen: the disclosure starts closed.
    expect(html).toContain('<details class="facets" data-facets="true">');
  });

  it('combines two topics of different facets (AND), per request, noindex, the first topic’s page canonical', async () => {
    const topic = await get('/topics/ald');
    expect(choice(topic.body, 'Hafnium')).toMatchObject({ href: '/topics/ald?topic=hafnium', count: String(withTopics('ald', 'hafnium').length) });
    const response = await get('/topics/ald?topic=hafnium');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const html = response.body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(all(html, /<link rel="canonical" href="([^"]*)">/g)).toEqual([`${ORIGIN}/topics/ald`]);
    expect(new Set(cardTitles(html))).toEqual(new Set(withTopics('ald', 'hafnium')));
    expect(html).toContain(`${withTopics('ald', 'hafnium').length} sheets about ALD, Hafnium`);
    // Each chosen choice unmakes itself; the disclosure is open.
    expect(choice(html, 'Hafnium')).toMatchObject({ chosen: true, href: '/topics/ald' });
    expect(choice(html, 'ALD')).toMatchObject({ chosen: true, href: '/topics/hafnium' });
    expect(html).toContain('<details class="facets" open="" data-facets="true">');
  });

  it('takes two choices of one facet as either (OR), and counts a facet’s choices as if it were not chosen', async () => {
    const html = (await get('/topics/ald?topic=cvd&topic=precursor')).body;
    const expected = DEMO_CATALOGUE.filter((entry) => {
      const topics = demoTopicsOf(entry);
      return (topics.includes('ald') || topics.includes('cvd')) && topics.includes('precursor');
    }).map((entry) => entry.title);
    expect(new Set(cardTitles(html).concat(cardTitles((await get('/topics/ald?topic=cvd&topic=precursor&page=5')).body)))).toEqual(new Set(expected));
    expect(choice(html, 'CVD')).toMatchObject({ chosen: true, count: String(withTopics('cvd', 'precursor').length) });
    // Equipment in place of Precursor, the process kept: ALD or CVD equipment.
    const aldOrCvd = new Set([...withTopics('ald'), ...withTopics('cvd')]);
    expect(choice(html, 'Equipment')).toMatchObject({ chosen: false, count: String(withTopics('equipment').filter((title) => aldOrCvd.has(title)).length) });
  });

  it('keeps the choices in the search form and the pages’ links, and counts what the query finds', async () => {
    const html = (await get('/topics/precursor?form=liquid&q=ald')).body;
    expect(html).toContain('<form class="collection-search__form" action="/topics/precursor" method="get">');
    expect(html).toContain('</div><input type="hidden" name="form" value="liquid"/></form>');
    const stored = await storedChoices();
    const results = cardTitles(html);
    expect(results.length).toBeGreaterThan(0);
    for (const title of results) expect(stored.find((entry) => entry.title === title)?.keys.has('form:liquid')).toBe(true);
    const withoutForm = cardTitles((await get('/topics/precursor?q=ald&page=10')).body);
    const solids = withoutForm.filter((title) => stored.find((entry) => entry.title === title)?.keys.has('form:solid'));
    expect(choice(html, 'Solid')?.count ?? '0').toBe(String(solids.length));
    expect(choice(html, 'Liquid')).toMatchObject({ chosen: true, href: '/topics/precursor?q=ald' });
  });

  it('leads from a combination to the same query and topics in another language (a field’s values are written in each)', async () => {
    const html = (await get('/topics/ald?q=hafnium&topic=precursor&form=liquid')).body;
    expect(html).toContain('<a href="/de-DE/topics/ald?q=hafnium&amp;topic=precursor" hrefLang="de-DE" lang="de-DE">');
    expect((await get('/topics/ald')).body).toContain('<a href="/de-DE/topics/ald" hrefLang="de-DE" lang="de-DE">');
  });

  it('pages a combination by links that keep it', async () => {
    const html = (await get('/?form=liquid')).body;
    const liquids = (await storedChoices()).filter((entry) => entry.keys.has('form:liquid'));
    expect(liquids.length).toBeGreaterThan(7);
    expect(html).toContain('href="/?form=liquid&amp;page=2#item-8"');
    expect(cardTitles((await get('/?form=liquid&page=99')).body)).toHaveLength(liquids.length);
  });

  it('leaves the page as it is for parameters that choose nothing', async () => {
    const response = await get('/?utm_source=newsletter&topic=no-such-topic&form=');
    expect(response.headers['x-robots-tag']).toBeUndefined();
    expect(cardTitles(response.body)).toEqual(cardTitles((await get('/')).body));
  });
});
