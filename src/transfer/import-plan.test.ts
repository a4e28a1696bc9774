/** An import's plan of very many sheets (issue 60 F6): worked out entry by entry, never spread onto the stack. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import type { SheetState } from '../sheet/shape';
import { planProposal } from './import-plan';
import { MANIFEST_FORMAT, MANIFEST_VERSION, type Manifest } from './manifest';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ seed: false });
});
afterAll(() => test.close());

describe('planProposal', () => {
  it('plans 200,000 new sheets', async () => {
    const sheet = (index: number): SheetState => ({
      id: `20Y${String(index).padStart(15, '0')}`,
      contentKey: `MC${String(index).padStart(26, '0')}`,
      siteId: '0DM000000000000AAA',
      urlName: `sheet-${index}`,
      primaryLanguage: 'en_US',
      createdAt: '2026-01-01T00:00:00.000Z',
      collectionId: null,
      translations: { en_US: { title: `Sheet ${index}`, description: '', url: '', imageAlt: '' } },
      image: null,
      document: null,
      seo: null,
    });
    const sheets = Array.from({ length: 200_000 }, (_, index) => ({ id: `20Y${String(index).padStart(15, '0')}`, base: null, target: sheet(index) }));
    const records: Manifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      exportedAt: '',
      sites: [],
      contentTypes: [],
      contents: [],
      fileAssets: [],
      collections: [],
      seoRecords: [],
    };
    const plan = await planProposal(test.store.db, { records, files: new Map(), sheets, blobs: new Map(), removeUnlisted: false, notes: [] });
    expect(plan.entries).toHaveLength(200_000);
    expect(plan.entries[199_999]).toMatchObject({ action: 'add', kind: 'sheet', record: 'sheet "Sheet 199999" (sheet-199999)' });
  });
});
