/**
 * Rows stored before text was normalised at input get cleaned by the migration: titles, JSON
 * bodies (field names too), metadata and SEO fields, on SQLite and PostgreSQL alike.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepJson, demoSheetsAt, writeBodyText } from '../../../tests/helpers/hostile-records';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEMO_IDS } from '../../demo/seed-demo';
import { readContentVersion } from '../repositories/store-state';
import { up } from './007-normalize-stored-text';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('migration 007: normalise stored text', () => {
  it('cleans what earlier versions stored, leaves clean rows and rows beyond the limits alone', async () => {
    const [dirty, deep, clean] = await demoSheetsAt(test.store, [0, 1, 2]);
    if (dirty === undefined || deep === undefined || clean === undefined) throw new Error('the demo has sheets');
    // PostgreSQL text cannot hold NUL or lone surrogates as such; JSON escapes reach both engines.
    await writeBodyText(
      test.store,
      dirty.id,
      'en_US',
      '{"Title":"A\\u0001\\ud800","k\\u0002":["\\udfff",12345678901234567890],"k\\u0003":1,"ok":"é\\t"}',
      'Title \ufffe bell\u0007',
    );
    const deepBody = `{"Title":"\\u0001","x":${deepJson(10_000)}}`;
    await writeBodyText(test.store, deep.id, 'en_US', deepBody);
    await test.store.db
      .updateTable('collections')
      .set({ title: 'Collection\u0008', metadata: '{"description":"\\u000b"}' })
      .where('id', '=', DEMO_IDS.collectionId)
      .execute();
    await test.store.db
      .updateTable('seo_records')
      .set({ fields: '{"Name":"\\u001f"}', record_name: 'Name\u0001' })
      .where('site_id', '=', DEMO_IDS.siteId)
      .execute();
    // Two aliases that would normalise alike: aliases are unique, so they are left as they are.
    const aliases = await test.store.db.selectFrom('seo_records').select('record_id').orderBy('record_id').limit(2).execute();
    for (const [index, row] of aliases.entries())
      await test.store.db
        .updateTable('seo_records')
        .set({ url_alias: `alias${String.fromCharCode(index + 1)}` })
        .where('record_id', '=', row.record_id)
        .execute();
    const cleanBefore = await bodyOf(clean.id);

    await up(test.store.db as unknown as Kysely<unknown>);

    const dirtyRow = await test.store.db
      .selectFrom('content_translations')
      .select(['title', 'body'])
      .where('content_id', '=', dirty.id)
      .where('language', '=', 'en_US')
      .executeTakeFirstOrThrow();
    expect(dirtyRow.title).toBe('Title \ufffd bell\ufffd');
    // Field names, numbers and everything else are kept as they were written.
    expect(dirtyRow.body).toBe('{"Title":"A\ufffd\ufffd","k\\u0002":["\ufffd",12345678901234567890],"k\\u0003":1,"ok":"é\\t"}');
    // A body of any depth is cleaned too (it is never delivered, but nothing is left behind).
    expect(await bodyOf(deep.id)).toBe(deepBody.replace('"\\u0001"', '"\ufffd"'));
    expect(await bodyOf(clean.id)).toBe(cleanBefore);
    const collection = await test.store.db
      .selectFrom('collections')
      .select(['title', 'metadata'])
      .where('id', '=', DEMO_IDS.collectionId)
      .executeTakeFirstOrThrow();
    expect(collection).toEqual({ title: 'Collection\ufffd', metadata: '{"description":"\ufffd"}' });
    const records = await test.store.db
      .selectFrom('seo_records')
      .select(['fields', 'record_name'])
      .where('site_id', '=', DEMO_IDS.siteId)
      .orderBy('record_id')
      .execute();
    expect(new Set(records.map((record) => `${record.record_name} ${record.fields}`))).toEqual(new Set(['Name\ufffd {"Name":"\ufffd"}']));
    const kept = await test.store.db
      .selectFrom('seo_records')
      .select('url_alias')
      .where(
        'record_id',
        'in',
        aliases.map((row) => row.record_id),
      )
      .orderBy('url_alias')
      .execute();
    expect(kept.map((row) => row.url_alias)).toEqual(['alias\u0001', 'alias\u0002']);

    // Run again, nothing is left to change: the content version stays where it is.
    const version = await readContentVersion(test.store.db);
    await up(test.store.db as unknown as Kysely<unknown>);
    expect(await readContentVersion(test.store.db)).toBe(version);
  });
});

async function bodyOf(contentId: string): Promise<string> {
  const row = await test.store.db
    .selectFrom('content_translations')
    .select('body')
    .where('content_id', '=', contentId)
    .where('language', '=', 'en_US')
    .executeTakeFirstOrThrow();
  return row.body;
}
