/**
 * Content types as data (content-model/definition.ts), read from the store: each process reads the
 * stored definition again on every use, so a field an admin adds counts on the next request in
 * every process, with no restart. The last definition read is kept with the text it came from, so
 * reading it again costs one row.
 */
import type { ContentStore } from '../database';
import { readContentType, type ContentType } from '../../content-model/definition';
import { LITERATURE_SHEET_DEFINITION } from '../../content-model/literature-sheet';
import { LITERATURE_CONTENT_TYPE } from '../../shared/constants';
import { LABEL_LANGUAGE } from '../content-types';

let last: { stored: string; type: ContentType } | null = null;

/** The literature sheet's type as the store defines it; the shipped definition in a store that has none yet. */
export async function findSheetType(db: ContentStore): Promise<ContentType> {
  const row = await db
    .selectFrom('content_types')
    .select(['name', 'field_schema'])
    .where('fully_qualified_name', '=', LITERATURE_CONTENT_TYPE)
    .executeTakeFirst();
  if (row === undefined) return LITERATURE_SHEET_DEFINITION;
  const stored = `${row.name}\n${row.field_schema}`;
  if (last?.stored === stored) return last.type;
  const read = readContentType({ fullyQualifiedName: LITERATURE_CONTENT_TYPE, name: row.name, fields: JSON.parse(row.field_schema) as unknown }, LABEL_LANGUAGE);
  if ('problems' in read) throw new Error(`The store's content type ${LITERATURE_CONTENT_TYPE} does not read: ${read.problems.join('; ')}`);
  last = { stored, type: read.type };
  return read.type;
}
