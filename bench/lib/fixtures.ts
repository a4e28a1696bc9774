/**
 * The benchmark's content store: the demo site plus a collection of many literature sheets, so
 * that deep pages can be compared with the first one.
 */
import { createHash } from 'node:crypto';
import { migrateToLatest, openDatabase, type DatabaseSettings } from '../../src/cms/database';
import { DEMO_IDS, LITERATURE_CONTENT_TYPE, DEMO_LANGUAGE, seedDemoContent } from '../../src/demo/seed-demo';
import { listCollectionContents, saveCollection } from '../../src/cms/repositories/collections';
import { insertContents, localizeContents } from '../../src/cms/repositories/contents';
import { MANAGED_CONTENT_ID_PREFIX } from '../../src/shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../../src/shared/ids';

const GRADES = ['electronic', 'semiconductor', 'research', 'ultra-high-purity', 'optical', 'solar', 'bulk'];
const PROCESSES = ['ALD', 'MOCVD', 'PECVD', 'LPCVD', 'epitaxy'];
const USES = ['gate oxides', 'barrier layers', 'LEDs', 'photovoltaics', 'MEMS', 'interconnects', 'capacitors', 'sensors', 'optics', 'hard masks', 'spacers'];

/** A sheet's own CAS number and product code (its formula is the template's, as a common one is). */
export const identifiersOf = (n: number) => ({ casNumbers: [`${n}-${10 + (n % 90)}-${n % 10}`], productCode: `LS-B${n}-5N` });

/** The demo's element topics (src/demo/topics.ts), for the sheets' facets. */
const ELEMENTS = ['aluminum', 'gallium', 'hafnium', 'indium', 'magnesium', 'silicon', 'tantalum', 'titanium', 'tungsten', 'zinc', 'zirconium'];
const FORMS = ['Liquid', 'Solid', 'Gas'];
const PURITIES = ['≥ 99.999 % (5N)', '≥ 99.9999 % (6N)', '≥ 99.99 % (4N)'];

/**
 * A sheet's facet values, as varied as a catalogue's: ALD in 1 of 2, CVD in 1 of 3 (some both),
 * equipment in 1 of 10, an element of 11, a physical form of 3 and a purity of 3 each.
 */
export const facetValuesOf = (n: number) => ({
  topics: [
    ...(n % 2 === 0 ? ['ald'] : []),
    ...(n % 3 === 0 || n % 2 === 1 ? ['cvd'] : []),
    n % 10 === 0 ? 'equipment' : 'precursor',
    ELEMENTS[n % ELEMENTS.length]!,
  ],
  form: FORMS[n % FORMS.length]!,
  purity: PURITIES[Math.floor(n / 7) % PURITIES.length]!,
});

export const LARGE_COLLECTION_KEY = contentKeyFromBytes(createHash('sha256').update('bench:large-collection').digest());

/** The store `npm start` makes on its first start: the demo site alone. */
export async function createDemoStore(path: string): Promise<void> {
  const store = openDatabase({ dialect: 'sqlite', path });
  try {
    await migrateToLatest(store);
    await seedDemoContent(store.db, { platformSitesSegment: 'sfsites' });
  } finally {
    await store.close();
  }
}

/** Makes the benchmark's store: a SQLite file at `target`, or in the (empty) database its settings name. */
export async function createBenchStore(target: string | DatabaseSettings, items: number, onProgress?: (done: number) => void): Promise<void> {
  const store = openDatabase(typeof target === 'string' ? { dialect: 'sqlite', path: target } : target);
  try {
    await migrateToLatest(store);
    await seedDemoContent(store.db, { platformSitesSegment: 'sfsites', now: new Date('2026-01-15T09:00:00Z') });
    const [first] = await listCollectionContents(store.db, DEMO_IDS.collectionId, 0, 1);
    const [template] = await localizeContents(store.db, first === undefined ? [] : [first], [DEMO_LANGUAGE]);
    if (template === undefined) throw new Error('The demo has no literature sheet to copy');
    const timestamp = '2026-01-15T09:00:00.000Z';
    const BATCH = 500;
    const ids: string[] = [];
    await store.db.transaction().execute(async (trx) => {
      for (let start = 0; start < items; start += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, items - start) }, (_, offset) => {
          const n = start + offset;
          const hash = createHash('sha256').update(`bench:item:${n}`).digest();
          const title = `Literature sheet ${n}`;
          // Words as common as a catalogue's: a grade in 1 of 7 sheets, a process in 1 of 5, a use in 1 of 11, a lot number in one.
          const description = `${GRADES[n % GRADES.length]} grade for ${PROCESSES[n % PROCESSES.length]} of ${USES[n % USES.length]}, lot ${n}.`;
          return {
            id: idFromBytes(MANAGED_CONTENT_ID_PREFIX, hash),
            contentKey: contentKeyFromBytes(hash),
            siteId: DEMO_IDS.siteId,
            type: LITERATURE_CONTENT_TYPE,
            urlName: `bench-${n}`,
            primaryLanguage: DEMO_LANGUAGE,
            createdAt: timestamp,
            updatedAt: timestamp,
            translations: [
              {
                language: DEMO_LANGUAGE,
                title,
                body: { ...template.body, Title: title, description, ...identifiersOf(n), ...facetValuesOf(n) },
                publishedAt: timestamp,
              },
            ],
          };
        });
        await insertContents(trx, batch);
        ids.push(...batch.map(({ id }) => id));
        onProgress?.(ids.length);
      }
      const collection = {
        id: idFromBytes(MANAGED_CONTENT_ID_PREFIX, createHash('sha256').update('bench:collection').digest()),
        collectionKey: LARGE_COLLECTION_KEY,
        siteId: DEMO_IDS.siteId,
        itemType: LITERATURE_CONTENT_TYPE,
        urlName: 'bench-large',
        title: 'Benchmark collection',
        metadata: {},
        primaryLanguage: DEMO_LANGUAGE,
        publishedAt: timestamp,
        translations: [],
      };
      await saveCollection(trx, collection, ids);
    });
  } finally {
    await store.close();
  }
}
