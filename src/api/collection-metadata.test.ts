import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../../tests/helpers/contract';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_IDS } from '../demo/seed-demo';

const { siteId, channelId, collectionKey, collectionId } = DEMO_IDS;
const sitePath = `/services/data/v65.0/connect/sites/${siteId}/cms/delivery/collections/${collectionKey}/metadata`;
const channelPath = `/services/data/v65.0/connect/cms/delivery/channels/${channelId}/collections/${collectionId}/metadata`;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('GET collection metadata (spec §7.2)', () => {
  it('answers both forms with the reference shape and an empty schema by default', async () => {
    for (const url of [sitePath, channelPath]) {
      const response = await test.app.inject(url);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expectContract('CollectionMetadata', body);
      expect(body).toMatchObject({
        collectionKey,
        id: collectionId,
        language: 'en_US',
        schema: {},
        collectionType: { fullyQualifiedName: 'literature_sheet', name: 'Literature Sheet' },
        collectionMetadata: { isDemoData: true },
      });
    }
  });

  it('describes the item type with expandMetadata=true', async () => {
    const body = (await test.app.inject(`${sitePath}?expandMetadata=true`)).json();
    // The type as the store defines it (content-model/literature-sheet.ts), in its order.
    expect(Object.keys(body.schema)).toEqual([
      'Title',
      'description',
      'url',
      'image',
      'casNumbers',
      'formula',
      'purity',
      'form',
      'packageSizes',
      'productCode',
      'documents',
    ]);
    expect(body.schema.image).toEqual({ label: 'Image', name: 'image', nodeType: 'Media' });
    expect(body.schema.casNumbers).toEqual({ label: 'CAS number', name: 'casNumbers', nodeType: 'Text' });
  });

  it('reports the language actually used when the requested one is not available', async () => {
    const body = (await test.app.inject(`${sitePath}?language=ja_JP`)).json();
    expect(body.language).toBe('en_US');
  });

  it('answers in the requested language when the collection is translated', async () => {
    const body = (await test.app.inject(`${sitePath}?language=de_DE`)).json();
    expect(body).toMatchObject({
      language: 'de_DE',
      title: 'Datenblätter - CVD- und ALD-Präkursoren',
      collectionMetadata: { description: expect.stringMatching(/^Demodaten/) },
    });
  });

  it('refuses a non-boolean expandMetadata and answers 404 for an unknown collection', async () => {
    const bad = await test.app.inject(`${sitePath}?expandMetadata=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual([
      { errorCode: 'INVALID_API_INPUT', message: 'The type entered for expandMetadata isn’t valid. Enter the value as a/an boolean.' },
    ]);
    const missing = await test.app.inject(sitePath.replace(collectionKey, 'MC0000000000000000000000000A'));
    expect(missing.statusCode).toBe(404);
  });
});
