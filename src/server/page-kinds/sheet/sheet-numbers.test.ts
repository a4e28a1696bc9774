/**
 * Numbers on the site in the page's language (issue 60, T12), on a real store (SQLite, or
 * PostgreSQL when TEST_DATABASE_URL names one): a German or French page shows a density of 1.726
 * as "1,726 g/cm³" (a German reader takes "1.726" for a thousand and more), every digit kept, on
 * the sheet's page and on cards; structured data, the delivery API and the CSV export keep the
 * number as it is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { signInAs, type StudioClient } from '../../../../tests/helpers/studio-client';
import { findContentsByKeys } from '../../../cms/repositories/contents';
import { DEMO_IDS } from '../../../demo/seed-demo';
import { LITERATURE_CONTENT_TYPE } from '../../../shared/constants';
import { parseCsv } from '../../../transfer/csv';
import { collectCsv } from '../../../transfer/export-csv';

const typePath = `/content-types/${LITERATURE_CONTENT_TYPE}`;
const contentUrl = (key: string) => `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/contents/${key}`;
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1] ?? '{}'));

let test: TestApp;
let admin: StudioClient;
let editor: StudioClient;
beforeAll(async () => {
  test = await createTestApp();
  [admin, editor] = await Promise.all([signInAs(test, 'admin'), signInAs(test, 'editor')]);
  const density = { name: 'density', kind: 'number', labels: { en_US: 'Density', de_DE: 'Dichte' }, limits: { unit: 'g/cm³' }, shows: { card: true } };
  const assay = { name: 'assay', kind: 'number', labels: { en_US: 'Assay', de_DE: 'Gehalt' }, limits: { unit: '%' } };
  for (const field of [density, assay]) expect((await admin.request('POST', `${typePath}/fields`, field)).statusCode).toBe(201);
  const [content] = await findContentsByKeys(test.store.db, DEMO_IDS.siteId, [DEMO_IDS.sheetKey('teos')]);
  const sheet = (await editor.request('GET', `/sheets/${content!.id}`)).json() as { id: string; revision: number; draft: { values?: Record<string, unknown> } };
  const saved = await editor.request('PUT', `/sheets/${sheet.id}`, {
    revision: sheet.revision,
    state: { ...sheet.draft, values: { ...sheet.draft.values, density: 1.726, assay: 99.9995 } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await editor.request('POST', `/sheets/${sheet.id}/publish`, { revision: (saved.json() as { revision: number }).revision });
  expect(published.statusCode, published.body).toBe(200);
});
afterAll(() => test.close());

const page = async (url: string) => (await test.app.inject(url)).body;

describe('a number field on the site', () => {
  it('shows on the sheet page as the page’s language writes it, every digit kept', async () => {
    const german = await page('/de-DE/sheets/teos');
    expect(german).toContain('<dt>Dichte</dt><dd>1,726 g/cm³</dd>');
    expect(german).toContain('<dt>Gehalt</dt><dd>99,9995 %</dd>');
    expect(await page('/fr-FR/sheets/teos')).toContain('<dt>Density</dt><dd>1,726 g/cm³</dd>');
    const english = await page('/sheets/teos');
    expect(english).toContain('<dt>Density</dt><dd>1.726 g/cm³</dd>');
    expect(english).toContain('<dt>Assay</dt><dd>99.9995 %</dd>');
  });

  it('shows on the cards of a page in its language', async () => {
    expect(await page('/de-DE/?q=TEOS')).toContain('<dt>Dichte</dt><dd>1,726 g/cm³</dd>');
    expect(await page('/?q=TEOS')).toContain('<dt>Density</dt><dd>1.726 g/cm³</dd>');
  });

  it('stays as stored where machines read it: structured data, the delivery API, the CSV export', async () => {
    const [document] = jsonLd(await page('/de-DE/sheets/teos'));
    expect(document.about.additionalProperty).toEqual(
      expect.arrayContaining([{ '@type': 'PropertyValue', propertyID: 'density', name: 'Dichte', value: 1.726, unitText: 'g/cm³' }]),
    );
    const body = (await test.app.inject(`${contentUrl(DEMO_IDS.sheetKey('teos'))}?language=de_DE`)).json() as { contentBody: Record<string, unknown> };
    expect(body.contentBody).toMatchObject({ density: 1.726, assay: 99.9995 });
    const [header, ...rows] = parseCsv((await collectCsv(test.store.db)).csv).map((row) => row.fields);
    const teos = rows.find((row) => row[header!.indexOf('urlName')] === 'teos' && row[header!.indexOf('language')] === 'de_DE')!;
    expect([teos[header!.indexOf('density')], teos[header!.indexOf('assay')]]).toEqual(['1.726', '99.9995']);
  });
});
