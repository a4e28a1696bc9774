/**
 * Topic pages and each sheet's own page (docs/search.md): what search engines and visitors without
 * script get, on SQLite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEMO_CATALOGUE } from '../../demo/catalogue';
import { DEMO_IDS } from '../../demo/seed-demo';
import { demoTopicsOf } from '../../demo/topics';
import { saveSeoRecord } from '../../cms/repositories/seo-records';
import { readJournalOnce } from '../journal-follower';

const ORIGIN = 'http://localhost:80';
const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);
const cardTitles = (html: string) => all(html, /<a class="card__link" href="[^"]*">([^<]*)<\/a>/g);
const alternates = (html: string) => all(html, /<link rel="alternate" hreflang="([^"]*" href="[^"]*)">/g);
const jsonLd = (html: string) => all(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g).map((text) => JSON.parse(text ?? '{}'));

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const get = (url: string) => test.app.inject({ method: 'GET', url });

describe('topic pages at /topics/{slug}', () => {
  it('lists the topic’s sheets in collection order, indexable, with their own title, description and canonical', async () => {
    const response = await get('/topics/hafnium');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBeUndefined();
    const html = response.body;
    expect(cardTitles(html)).toEqual(['Tetrakis(ethylmethylamido)hafnium (TEMAH)', 'Tetrakis(dimethylamido)hafnium (TDMAH)']);
    expect(html).toContain('2 sheets about Hafnium');
    expect(html).toMatch(/<title>Hafnium – /);
    expect(html).toContain('<meta name="description" content="2 literature sheets about Hafnium, each with its document.">');
    expect(html).not.toContain('name="robots"');
    expect(all(html, /<link rel="canonical" href="([^"]*)">/g)).toEqual([`${ORIGIN}/topics/hafnium`]);
    expect(alternates(html)).toContain(`de-DE" href="${ORIGIN}/de-DE/topics/hafnium`);
    // Its own link in the topics menu says it is the current page.
    expect(html).toContain('<a href="/topics/hafnium" aria-current="page">Hafnium</a>');
  });

  it('pages a topic with many sheets by links', async () => {
    const ald = DEMO_CATALOGUE.filter((entry) => demoTopicsOf(entry).includes('ald'));
    const first = (await get('/topics/ald')).body;
    expect(cardTitles(first)).toHaveLength(7);
    expect(first).toContain(`${ald.length} sheets about ALD`);
    expect(first).toContain('href="/topics/ald?page=2#item-8"');
    expect(cardTitles((await get('/topics/ald?page=3')).body)).toHaveLength(Math.min(21, ald.length));
  });

  it('answers in the page’s language, names in it', async () => {
    const html = (await get('/de-DE/topics/silicon')).body;
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toMatch(/3 Datenblätter zu Silizium/);
  });

  it('searches within the topic for ?q=: noindex, the single topic page canonical', async () => {
    const response = await get('/topics/equipment?q=valve');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const html = response.body;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(all(html, /<link rel="canonical" href="([^"]*)">/g)).toEqual([`${ORIGIN}/topics/equipment`]);
    const titles = cardTitles(html);
    expect(titles.length).toBeGreaterThan(0);
    const equipment = new Set(DEMO_CATALOGUE.filter((entry) => entry.chemical === undefined).map((entry) => entry.title));
    for (const title of titles) expect(equipment.has(title ?? '')).toBe(true);
    // The same word outside the topic finds none of the precursors.
    expect(cardTitles((await get('/topics/precursor?q=dimeric')).body)).toEqual(['Trimethylaluminum (TMA)']);
    expect(cardTitles((await get('/topics/equipment?q=dimeric')).body)).toEqual([]);
  });

  it('finds nothing for a query without words, within a topic too', async () => {
    const html = (await get(`/topics/ald?q=${encodeURIComponent('!!!')}`)).body;
    expect(html).toContain('No sheet matches “!!!”.');
    expect(cardTitles(html)).toEqual([]);
  });

  it('names its topic in a heading of its own', async () => {
    expect((await get('/de-DE/topics/tungsten')).body).toContain('<h2 class="collection-search__topic">Wolfram</h2>');
  });

  it('answers 404 for a topic the site does not have', async () => {
    expect((await get('/topics/no-such-topic')).statusCode).toBe(404);
    expect((await get('/de-DE/topics/no-such-topic')).statusCode).toBe(404);
  });
});

describe('a page per sheet at /sheets/{urlName}', () => {
  it('shows the sheet: title, description, image, the PDF with size and language, topics and related sheets', async () => {
    const response = await get('/sheets/temah');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1 class="sheet__title">Tetrakis(ethylmethylamido)hafnium (TEMAH)</h1>');
    expect(html).toMatch(/<img class="sheet__image" src="\/sfsites\/c\/cms\/delivery\/media\/[^"]+" alt="[^"]+"/);
    expect(html).toMatch(
      /<a class="button button--primary" href="\/sfsites\/c\/file-asset\/[^"]+" type="application\/pdf" hrefLang="en-US">Data sheet \(PDF\)<\/a>/,
    );
    expect(html).toMatch(/PDF, \d+ kB, English/);
    expect(all(html, /<ul class="sheet__topics"[^>]*>([\s\S]*?)<\/ul>/g)[0]).toContain('<a href="/topics/hafnium">Hafnium</a>');
    const related = all(html, /<section class="sheet-related"[\s\S]*?<ul>([\s\S]*?)<\/ul>/g)[0] ?? '';
    // The sheet sharing the most topics comes first.
    expect(related).toMatch(/^<li><a href="\/sheets\/tdmah">/);
    expect(related).not.toContain('/sheets/temah"');
    // No script: the page needs none.
    expect(html).not.toContain('<script type="module"');
  });

  it('has one canonical, hreflang for every language, and DigitalDocument structured data', async () => {
    const html = (await get('/de-DE/sheets/trimethylaluminum')).body;
    expect(html).toContain('<html lang="de-DE">');
    expect(all(html, /<link rel="canonical" href="([^"]*)">/g)).toEqual([`${ORIGIN}/de-DE/sheets/trimethylaluminum`]);
    expect(alternates(html)).toEqual([
      `en-US" href="${ORIGIN}/sheets/trimethylaluminum`,
      `de-DE" href="${ORIGIN}/de-DE/sheets/trimethylaluminum`,
      `fr-FR" href="${ORIGIN}/fr-FR/sheets/trimethylaluminum`,
      `x-default" href="${ORIGIN}/sheets/trimethylaluminum`,
    ]);
    const [document] = jsonLd(html);
    expect(document).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'DigitalDocument',
      name: 'Trimethylaluminium (TMA)',
      description: expect.stringContaining('ALD-Präkursor'),
      // TMA's set has a German data sheet (demo/documents.ts): the German page's document.
      url: `${ORIGIN}/sfsites/c/file-asset/literature-sheet-trimethylaluminum-de?v=1`,
      encodingFormat: 'application/pdf',
      inLanguage: 'de-DE',
      mainEntityOfPage: `${ORIGIN}/de-DE/sheets/trimethylaluminum`,
    });
  });

  it('gives its PDF’s size on the document’s encoding, and the product’s properties, as schema.org defines them', async () => {
    const [document] = jsonLd((await get('/sheets/trimethylaluminum')).body);
    expect(document).not.toHaveProperty('contentSize');
    expect(document.encoding).toMatchObject({ '@type': 'MediaObject', encodingFormat: 'application/pdf', contentSize: expect.stringMatching(/^\d+ B$/) });
    expect(document.about).toMatchObject({ '@type': 'Product', name: 'Trimethylaluminum (TMA)' });
    expect(document.about.additionalProperty).toEqual(
      expect.arrayContaining([{ '@type': 'PropertyValue', propertyID: 'casNumbers', name: 'CAS number', value: '75-24-1' }]),
    );
  });

  it('says what a shared link shows: title, description, the sheet’s image cropped for sharing, the page’s locale and the others', async () => {
    const html = (await get('/de-DE/sheets/trimethylaluminum')).body;
    const property = (name: string) => all(html, new RegExp(`<meta property="${name}" content="([^"]*)">`, 'g'));
    expect(property('og:type')).toEqual(['article']);
    expect(property('og:title')).toEqual([all(html, /<title>([^<]*)<\/title>/g)[0]]);
    expect(property('og:url')).toEqual([`${ORIGIN}/de-DE/sheets/trimethylaluminum`]);
    expect(property('og:locale')).toEqual(['de_DE']);
    expect(property('og:locale:alternate')).toEqual(['en_US', 'fr_FR']);
    const [image] = property('og:image');
    expect(image).toMatch(new RegExp(`^${ORIGIN}/cdn-cgi/image/format=jpeg,fit=pad,width=1200,height=630/`));
    expect(property('og:image:width')).toEqual(['1200']);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The image is there, at the size the tags say.
    const served = await get(image!.slice(ORIGIN.length));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const { width, height } = await (await import('sharp')).default(served.rawPayload).metadata();
    expect([width, height]).toEqual([1200, 630]);
  });

  it('marks an untranslated sheet’s texts with their own language', async () => {
    const { id } = await test.store.db.selectFrom('contents').select('id').where('url_name', '=', 'gas-cabinet').executeTakeFirstOrThrow();
    await test.store.db.deleteFrom('content_translations').where('content_id', '=', id).where('language', '=', 'fr_FR').execute();
    // An operator's SQL: the journal's readers see it at their next look, here now.
    await readJournalOnce(test.store);
    const html = (await get('/fr-FR/sheets/gas-cabinet')).body;
    expect(html).toContain('<html lang="fr-FR">');
    expect(html).toContain('<h1 class="sheet__title" lang="en-US">Exhausted Gas Cabinet</h1>');
    expect(html).toContain('Fiche technique (PDF)');
  });

  it('links a sheet whose url is another site’s page by name, with no document facts', async () => {
    const { id } = await test.store.db.selectFrom('contents').select('id').where('url_name', '=', 'capacitance-manometer').executeTakeFirstOrThrow();
    const row = await test.store.db
      .selectFrom('content_translations')
      .select('body')
      .where('content_id', '=', id)
      .where('language', '=', 'en_US')
      .executeTakeFirstOrThrow();
    const body = { ...JSON.parse(row.body), url: 'https://example.com/manometer' };
    await test.store.db
      .updateTable('content_translations')
      .set({ body: JSON.stringify(body) })
      .where('content_id', '=', id)
      .where('language', '=', 'en_US')
      .execute();
    await readJournalOnce(test.store);
    const html = (await get('/sheets/capacitance-manometer')).body;
    expect(html).toMatch(/<a class="button button--primary" href="https:\/\/example.com\/manometer">Open the data sheet/);
    expect(html).not.toContain('Data sheet (PDF)');
    const [document] = jsonLd(html);
    expect(document).toMatchObject({ url: `${ORIGIN}/sheets/capacitance-manometer` });
    expect(document).not.toHaveProperty('encodingFormat');
  });

  it('answers 404 for a URL name no collection shows, and for an image’s', async () => {
    expect((await get('/sheets/no-such-sheet')).statusCode).toBe(404);
    expect((await get('/sheets/trimethylaluminum-image')).statusCode).toBe(404);
    expect((await get('/xx-XX/sheets/trimethylaluminum')).statusCode).toBe(404);
  });
});

describe('the sitemap', () => {
  it('lists every topic page and every sheet’s page in every language, with the same hreflang as their heads', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    const locations = all(sitemap, /<loc>([^<]*)<\/loc>/g);
    expect(locations).toContain(`${ORIGIN}/topics/ald`);
    expect(locations).toContain(`${ORIGIN}/fr-FR/topics/zinc`);
    for (const entry of DEMO_CATALOGUE) expect(locations).toContain(`${ORIGIN}/de-DE/sheets/${entry.slug}`);
    for (const path of ['/sheets/teos', '/de-DE/topics/cvd']) {
      const block = sitemap.split('<url>').find((candidate) => candidate.includes(`<loc>${ORIGIN}${path}</loc>`)) ?? '';
      const listed = all(block, /<xhtml:link rel="alternate" hreflang="([^"]*" href="[^"]*)"\/>/g);
      expect(listed).toEqual(alternates((await get(path)).body));
    }
  });

  it('is one part while it holds few enough URLs: no part of it is there, nor cached', async () => {
    for (const part of ['1', '2', '0', 'x', '1234567']) expect((await get(`/sitemap.xml?part=${part}`)).statusCode, part).toBe(404);
    expect((await get('/sitemap.xml')).body).toContain('<urlset');
  });

  it('leaves out a sheet its SEO record keeps from search engines, and the page says noindex', async () => {
    const { id: recordId } = await test.store.db.selectFrom('contents').select('id').where('url_name', '=', 'silane').executeTakeFirstOrThrow();
    await saveSeoRecord(test.store.db, DEMO_IDS.siteId, {
      recordId,
      urlAlias: 'silane',
      recordName: 'Silane',
      objectName: 'Literature Sheet',
      fields: {},
      hrefLangUrls: {},
      canonicalUrl: null,
      isSeoIndexed: false,
    });
    await readJournalOnce(test.store);
    expect((await get('/sitemap.xml')).body).not.toContain('/sheets/silane<');
    expect((await get('/sheets/silane')).body).toContain('<meta name="robots" content="noindex,nofollow">');
  });
});
