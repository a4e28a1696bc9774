/**
 * Concurrent identical requests share one load of the content store (single flight), with the
 * response cache on and off.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_IDS } from '../demo/seed-demo';

let test: TestApp | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

async function countingApp(env: Record<string, string>) {
  const queries: string[] = [];
  test = await createTestApp({ env, onQuery: (sql) => queries.push(sql) });
  const origin = await test.app.listen({ port: 0, host: '127.0.0.1' });
  queries.length = 0;
  const pageQueries = () => queries.filter((sql) => /from "collection_items"/.test(sql) && /"position" >= /.test(sql)).length;
  /** Queries other than reading the content version and the change journal's look for changes (whose counts depend on the change token's timing). */
  const contentQueries = () => queries.filter((sql) => !/from "(store_state|change_journal|journal_cursors)"/.test(sql)).length;
  return { origin, pageQueries, contentQueries };
}

async function fireTogether(url: string, count: number): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: count }, () => fetch(url)));
  return Promise.all(responses.map(async (response) => (await response.text(), response.status)));
}

describe('single flight against the real server and store', () => {
  it.each([
    ['with the response cache', {}],
    ['with the response cache off', { RESPONSE_CACHE_ENTRIES: '0' }],
  ])('50 simultaneous cold requests for the page query the collection once (%s)', async (_name, env) => {
    const { origin, pageQueries } = await countingApp(env);
    const statuses = await fireTogether(`${origin}/`, 50);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(pageQueries()).toBe(1);
  });

  it('50 simultaneous cold API requests for the same page query the collection once', async () => {
    const { origin, pageQueries } = await countingApp({});
    const url = `${origin}/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=7&pageToken=1`;
    const statuses = await fireTogether(url, 50);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(pageQueries()).toBe(1);
  });

  it('renders the page again without asking the store while content is unchanged (response cache off)', async () => {
    const { origin, contentQueries } = await countingApp({ RESPONSE_CACHE_ENTRIES: '0' });
    await fireTogether(`${origin}/`, 1);
    const afterFirst = contentQueries();
    expect(afterFirst).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) await fireTogether(`${origin}/`, 1);
    expect(contentQueries()).toBe(afterFirst);
  });

  it('a content change makes the next request load again', async () => {
    const { origin, pageQueries } = await countingApp({});
    await fireTogether(`${origin}/`, 5);
    await sql`UPDATE collections SET title = 'Changed'`.execute(test!.store.db);
    await fireTogether(`${origin}/`, 5);
    expect(pageQueries()).toBe(2);
  });
});
