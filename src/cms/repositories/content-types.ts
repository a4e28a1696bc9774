/**
 * Content types as data (content-model/definition.ts), read from the store: each process reads the
 * stored definition again on every use, so a field an admin adds counts on the next request in
 * every process, with no restart. The last definition read of each type is kept with the text it
 * came from, so reading it again costs one row.
 */
import type { ContentStore } from '../database';
import { readStoredContentType, type ContentType } from '../../content-model/definition';
import { LITERATURE_SHEET_DEFINITION } from '../../content-model/literature-sheet';
import { LITERATURE_CONTENT_TYPE } from '../../shared/constants';
import { LABEL_LANGUAGE } from '../content-types';

const lastRead = new Map<string, { stored: string; type: ContentType }>();

/** A content type as the store defines it, or undefined when it has no such type. */
export async function findContentType(db: ContentStore, fullyQualifiedName: string): Promise<ContentType | undefined> {
  const row = await db.selectFrom('content_types').select(['name', 'field_schema']).where('fully_qualified_name', '=', fullyQualifiedName).executeTakeFirst();
  if (row === undefined) return undefined;
  const stored = `${row.name}\n${row.field_schema}`;
  const last = lastRead.get(fullyQualifiedName);
  if (last?.stored === stored) return last.type;
  // A stored entry that is not a field by today's rules is left out (readStoredContentType), never the whole type.
  const { type } = readStoredContentType({ fullyQualifiedName, name: row.name, fields: JSON.parse(row.field_schema) as unknown }, LABEL_LANGUAGE);
  lastRead.set(fullyQualifiedName, { stored, type });
  return type;
}

/** The literature sheet's type as the store defines it; the shipped definition in a store that has none yet. */
export async function findSheetType(db: ContentStore): Promise<ContentType> {
  return (await findContentType(db, LITERATURE_CONTENT_TYPE)) ?? LITERATURE_SHEET_DEFINITION;
}
