import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../../tests/helpers/contract';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { changeSeoRecord } from '../../tests/helpers/test-content';
import { DEMO_IDS } from '../demo/seed-demo';
import type { SeoPropertiesResponse } from '../shared/delivery-types';

const root = `/services/data/v65.0/connect/communities/${DEMO_IDS.communityId}/seo/properties`;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
  await changeSeoRecord(test.store, 'silane', { isSeoIndexed: false, canonicalUrl: 'https://lit.example.com/', hrefLangUrls: { en_US: '/', de_DE: '/de_DE' } });
});
afterAll(async () => {
  await test.close();
});

describe('GET SEO properties (spec §7.5)', () => {
  it('finds a record by URL alias and by record id, with only the requested fields', async () => {
    const byAlias = await test.app.inject(`${root}/teos?fields=Title,CASNumber,NoSuchField`);
    expect(byAlias.statusCode).toBe(200);
    const body = byAlias.json() as SeoPropertiesResponse;
    expectContract('SeoProperties', body);
    expect(body).toEqual({
      recordId: body.recordId,
      recordName: 'Tetraethyl orthosilicate (TEOS)',
      objectName: 'Literature Sheet',
      fields: { Title: 'Tetraethyl orthosilicate (TEOS)', CASNumber: '78-10-4' },
      hrefLangUrls: {},
      canonicalUrl: null,
      isSeoIndexed: true,
    });
    const byId = (await test.app.inject(`${root}/${body.recordId}`)).json() as SeoPropertiesResponse;
    expect(byId.recordName).toBe(body.recordName);
    expect(Object.keys(byId.fields)).toEqual(['Title', 'Description', 'Category', 'Formula', 'CASNumber']);
  });

  it('carries hreflang URLs, the canonical URL and the indexing flag', async () => {
    const body = (await test.app.inject(`${root}/silane`)).json() as SeoPropertiesResponse;
    expect(body).toMatchObject({ isSeoIndexed: false, canonicalUrl: 'https://lit.example.com/', hrefLangUrls: { en_US: '/', de_DE: '/de_DE' } });
  });

  it('answers 404 NOT_FOUND for an unknown record or community', async () => {
    for (const url of [`${root}/nothing-here`, `/services/data/v65.0/connect/communities/0DB000000000001AAA/seo/properties/teos`]) {
      const response = await test.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual([{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
    }
  });

  it('refuses malformed field names', async () => {
    const response = await test.app.inject(`${root}/teos?fields=Title,<script>`);
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].message).toBe('The type entered for fields isn’t valid. Enter the value as a/an array.');
  });
});
