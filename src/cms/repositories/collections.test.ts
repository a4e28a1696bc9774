/**
 * A collection's items keep contiguous positions from 0 as contents join and leave it, in the
 * middle as at the end, on a real store (SQLite, or PostgreSQL under TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { DEMO_IDS } from '../../demo/seed-demo';
import { findCollectionIdByKey, listCollectionContentIds, placeInCollection, removeFromCollections } from './collections';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

async function positions(collectionId: string) {
  const rows = await test.store.db
    .selectFrom('collection_items')
    .select(['position', 'content_id'])
    .where('collection_id', '=', collectionId)
    .orderBy('position')
    .execute();
  return rows.map((row) => [Number(row.position), row.content_id] as const);
}

it('takes an item out of the middle and puts it back in the middle, at the start and at the end', async () => {
  const db = test.store.db;
  const collectionId = (await findCollectionIdByKey(db, DEMO_IDS.collectionKey))!;
  const items = await listCollectionContentIds(db, collectionId);
  expect(items.length).toBeGreaterThan(4);
  const moved = items[2]!;
  const contiguous = async () =>
    expect((await positions(collectionId)).map(([position]) => position)).toEqual([...items.keys()].slice(0, (await positions(collectionId)).length));

  await removeFromCollections(db, moved);
  expect(await listCollectionContentIds(db, collectionId)).toEqual(items.filter((id) => id !== moved));
  await contiguous();

  await placeInCollection(db, collectionId, moved, 1);
  expect(await listCollectionContentIds(db, collectionId)).toEqual([items[0], moved, items[1], ...items.slice(3)]);
  await contiguous();
  // Already there: stays where it is.
  await placeInCollection(db, collectionId, moved, 0);
  expect((await listCollectionContentIds(db, collectionId))[1]).toBe(moved);

  await removeFromCollections(db, moved);
  await placeInCollection(db, collectionId, moved, 0);
  expect((await listCollectionContentIds(db, collectionId))[0]).toBe(moved);
  await removeFromCollections(db, moved);
  await placeInCollection(db, collectionId, moved);
  expect((await listCollectionContentIds(db, collectionId)).at(-1)).toBe(moved);
  await contiguous();
});
