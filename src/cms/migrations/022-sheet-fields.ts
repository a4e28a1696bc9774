import { sql, type Kysely } from 'kysely';
import { LITERATURE_SHEET_TYPE } from '../content-types';

/**
 * The literature sheet's content type as data (issue 35): a store made before keeps its sheet type
 * as the platform's four fields (a label and a node type each). Its entry gains the whole
 * definition of content-model/literature-sheet.ts: kinds, labels per language, where each shows,
 * and the fields buyers look a sheet up by (CAS numbers, formula, purity, form, package sizes,
 * product code). A field the store has keeps its label and node type (the delivery API's metadata
 * says what it said); a field only the store has stays, after the others. Sheets keep every value:
 * their bodies are not touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{
    field_schema: string;
  }>`select field_schema from content_types where fully_qualified_name = ${LITERATURE_SHEET_TYPE.fullyQualifiedName}`.execute(db);
  const stored = rows.rows[0];
  if (stored === undefined) return;
  const fields = JSON.parse(stored.field_schema) as Record<string, { label?: unknown; nodeType?: unknown; kind?: unknown }>;
  // A type written with its whole definition (by a release that knew it) is as its admins left it.
  if (Object.values(fields).some((field) => field !== null && typeof field === 'object' && 'kind' in field)) return;
  const merged: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(LITERATURE_SHEET_TYPE.fields)) {
    const own = fields[name];
    merged[name] = own === undefined ? field : { ...field, label: own.label ?? field.label, nodeType: own.nodeType ?? field.nodeType };
  }
  for (const [name, field] of Object.entries(fields)) if (!(name in merged)) merged[name] = field;
  await sql`update content_types set field_schema = ${JSON.stringify(merged)} where fully_qualified_name = ${LITERATURE_SHEET_TYPE.fullyQualifiedName}`.execute(
    db,
  );
}
