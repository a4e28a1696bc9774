/**
 * The benchmark's content store: the demo site plus a collection of many literature sheets, so
 * that deep pages can be compared with the first one.
 */
import { createHash } from 'node:crypto';
import { migrateToLatest, openDatabase } from '../../src/cms/database';
import { DEMO_IDS, LITERATURE_CONTENT_TYPE, DEMO_LANGUAGE, seedDemoContent } from '../../src/demo/seed-demo';
import { setCollectionItems } from '../../src/cms/repositories/collections';
import { MANAGED_CONTENT_ID_PREFIX } from '../../src/shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../../src/shared/ids';

export const LARGE_COLLECTION_KEY = contentKeyFromBytes(createHash('sha256').update('bench:large-collection').digest());

export async function createBenchStore(path: string, items: number, onProgress?: (done: number) => void): Promise<void> {
  const store = openDatabase({ dialect: 'sqlite', path });
  try {
    await migrateToLatest(store);
    await seedDemoContent(store.db, { platformSitesSegment: 'sfsites', now: new Date('2026-01-15T09:00:00Z') });
    const template = await store.db
      .selectFrom('content_translations')
      .innerJoin('contents', 'contents.id', 'content_translations.content_id')
      .select(['content_translations.body', 'content_translations.title'])
      .where('contents.content_type', '=', LITERATURE_CONTENT_TYPE)
      .orderBy('contents.id')
      .executeTakeFirstOrThrow();
    const body = JSON.parse(template.body) as Record<string, unknown>;
    const timestamp = '2026-01-15T09:00:00.000Z';
    const ids: string[] = [];
    const BATCH = 500;
    await store.db.transaction().execute(async (trx) => {
      for (let start = 0; start < items; start += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, items - start) }, (_, offset) => {
          const n = start + offset;
          const hash = createHash('sha256').update(`bench:item:${n}`).digest();
          return { n, id: idFromBytes(MANAGED_CONTENT_ID_PREFIX, hash), key: contentKeyFromBytes(hash) };
        });
        await trx
          .insertInto('contents')
          .values(
            batch.map(({ n, id, key }) => ({
              id,
              content_key: key,
              site_id: DEMO_IDS.siteId,
              content_type: LITERATURE_CONTENT_TYPE,
              url_name: `bench-${n}`,
              primary_language: DEMO_LANGUAGE,
              created_at: timestamp,
              updated_at: timestamp,
            })),
          )
          .execute();
        await trx
          .insertInto('content_translations')
          .values(
            batch.map(({ n, id }) => ({
              content_id: id,
              language: DEMO_LANGUAGE,
              title: `Literature sheet ${n}`,
              body: JSON.stringify({ ...body, Title: `Literature sheet ${n}` }),
              published_at: timestamp,
            })),
          )
          .execute();
        ids.push(...batch.map(({ id }) => id));
        onProgress?.(ids.length);
      }
      const collectionId = idFromBytes(MANAGED_CONTENT_ID_PREFIX, createHash('sha256').update('bench:collection').digest());
      await trx
        .insertInto('collections')
        .values({
          id: collectionId,
          collection_key: LARGE_COLLECTION_KEY,
          site_id: DEMO_IDS.siteId,
          item_type: LITERATURE_CONTENT_TYPE,
          url_name: 'bench-large',
          title: 'Benchmark collection',
          metadata: '{}',
          primary_language: DEMO_LANGUAGE,
          published_at: timestamp,
        })
        .execute();
      await setCollectionItems(trx, collectionId, ids);
    });
  } finally {
    await store.close();
  }
}
