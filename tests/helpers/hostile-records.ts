/**
 * Hostile rows written straight into the store, around every input's checks, as rows from before
 * those checks (or a hand-written row) would be: what a reader of the store must survive.
 */
import type { OpenStore } from '../../src/cms/database';
import { listCollectionContents } from '../../src/cms/repositories/collections';
import { insertSeoRecord } from '../../src/cms/repositories/seo-records';
import { DEMO_IDS } from '../../src/demo/seed-demo';
import { HEAD_TAGS_FIELD } from '../../src/shared/seo-templates';

/** JSON text of a value nested `depth` levels deep: too deep for JSON.stringify to write. */
export function deepJson(depth: number, key = 'deep'): string {
  return `${`{"${key}":`.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
}

/** The contents at the given positions of the demo collection. */
export async function demoSheetsAt(store: OpenStore, positions: number[]) {
  const last = Math.max(...positions);
  const contents = await listCollectionContents(store.db, DEMO_IDS.collectionId, 0, last + 1);
  return positions.map((position) => {
    const content = contents[position];
    if (content === undefined) throw new Error(`the demo collection has no sheet at ${position}`);
    return content;
  });
}

/** Replaces a translation's body with JSON text as it is, and optionally its title. */
export async function writeBodyText(store: OpenStore, contentId: string, language: string, bodyJson: string, title?: string): Promise<void> {
  await store.db
    .updateTable('content_translations')
    .set({ body: bodyJson, ...(title === undefined ? {} : { title }) })
    .where('content_id', '=', contentId)
    .where('language', '=', language)
    .execute();
}

/** An SEO record of the demo site whose ready-made head tags are `headTags`. */
export async function writeHeadTagsRecord(store: OpenStore, recordId: string, headTags: string, extra: Record<string, string> = {}): Promise<void> {
  await store.db.deleteFrom('seo_records').where('record_id', '=', recordId).execute();
  await insertSeoRecord(store.db, DEMO_IDS.siteId, {
    recordId,
    urlAlias: null,
    recordName: recordId,
    objectName: 'Literature Sheet',
    fields: { [HEAD_TAGS_FIELD]: headTags, ...extra },
    hrefLangUrls: { en_US: '#top', de_DE: 'javascript:alert(1)', fr_FR: '/fr-FR/elsewhere' },
    canonicalUrl: '#canonical',
    isSeoIndexed: true,
  });
}

/** A page definition with a record parameter whose head tags take the record's own. */
export const RECORD_PAGE = {
  name: 'record',
  path: '/record/:recordId',
  seo: {
    pageTitle: '{!Record._Title}',
    description: '{!Record.Description}',
    customHeadTags: `<meta name="keywords" content="{!Record.Keywords}">{!Record.${HEAD_TAGS_FIELD}}`,
  },
  sections: [
    {
      id: 'body',
      columns: [{ name: 'Column 1', width: 12, components: [{ type: 'richTextHeading', id: 'heading', settings: { tag: 'h1', text: 'Record' } }] }],
    },
  ],
};
