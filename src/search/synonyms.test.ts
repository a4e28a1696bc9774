/**
 * Synonyms as a serving process reads them: once per change of the store, a group another
 * process adds found from the next search on (SQLite's data version; PostgreSQL's NOTIFY, which
 * migration 018 has synonym changes send).
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { openDatabase } from '../cms/database';
import { DEMO_IDS } from '../demo/seed-demo';
import { search } from './search-query';
import { syncSearchIndex } from './search-index';
import { addSynonyms, expandWords } from './synonyms';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ listenForChanges: true });
  await syncSearchIndex(test.store);
});
afterAll(async () => {
  await test.close();
});

const titles = async (query: string) =>
  (await search(test.store, { siteId: DEMO_IDS.siteId, language: 'en_US', query, limit: 30, offset: 0 })).hits.map((hit) => hit.title);

it('finds by a synonym another process adds, from its next search on', async () => {
  // Told of changes (PostgreSQL: once it listens), the store's synonyms are read once and kept.
  await vi.waitFor(() => expect(test.store.changeToken()).toBeDefined(), { timeout: 5_000 });
  expect(await expandWords(test.store, ['aluminium'])).toEqual([['aluminium', 'aluminum']]);
  expect(await titles('quokkalite ')).toEqual([]);
  const before = test.store.changeToken();
  const other = openDatabase(test.config.database);
  try {
    await addSynonyms(other.db, { quokkalite: ['quokkalite', 'silane'] });
  } finally {
    await other.close();
  }
  await vi.waitFor(() => expect(test.store.changeToken()).not.toBe(before), { timeout: 5_000 });
  expect(await titles('quokkalite ')).toContain('Silane (SiH₄)');
  const [quokkalite, silane] = await expandWords(test.store, ['quokkalite', 'silane']);
  expect(quokkalite).toEqual(['quokkalite', 'silane']);
  expect(silane).toContain('quokkalite');
});
