/**
 * Hostile rows written straight into the store, around every input's checks, as rows from before
 * those checks (or a hand-written row) would be: what a reader of the store must survive.
 */
import { sql } from 'kysely';
import type { OpenStore } from '../../src/cms/database';
import { listCollectionContents } from '../../src/cms/repositories/collections';
import { saveSeoRecord } from '../../src/cms/repositories/seo-records';
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

/** Replaces a translation's body with JSON text as it is, and optionally its title: a hand-written row. */
export async function writeBodyText(store: OpenStore, contentId: string, language: string, bodyJson: string, title?: string): Promise<void> {
  const setTitle = title === undefined ? sql`` : sql`, title = ${title}`;
  await sql`UPDATE content_translations SET body = ${bodyJson}${setTitle} WHERE content_id = ${contentId} AND language = ${language}`.execute(store.db);
}

/** Replaces a JSON column of every row of a table, as a hand-written statement would. */
export async function writeJsonColumn(
  store: OpenStore,
  table: 'collection_translations' | 'content_types',
  column: 'metadata' | 'field_schema',
  json: string,
  where: { column: string; value: string },
): Promise<void> {
  await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${json} WHERE ${sql.ref(where.column)} = ${where.value}`.execute(store.db);
}

/** An SEO record of the demo site whose ready-made head tags are `headTags`. */
export async function writeHeadTagsRecord(store: OpenStore, recordId: string, headTags: string, extra: Record<string, string> = {}): Promise<void> {
  await saveSeoRecord(store.db, DEMO_IDS.siteId, {
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
