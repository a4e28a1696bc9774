import { sql, type Kysely } from 'kysely';
import { LABEL_LANGUAGE, LITERATURE_SHEET_TYPE } from '../content-types';
import { fieldOfPlatform, type PlatformField, type StoredField } from '../../content-model/definition';

/**
 * The literature sheet's content type as data (issue 35): a store made before keeps its sheet type
 * as the platform's four fields (a label and a node type each). Its entry gains the whole
 * definition of content-model/literature-sheet.ts: kinds, labels per language, where each shows,
 * and the fields buyers look a sheet up by (CAS numbers, formula, purity, form, package sizes,
 * product code). A field the store has keeps its label and node type (the delivery API's metadata
 * says what it said), and keeps its own entry altogether where the shipped field of its name would
 * read its values differently; a field only the store has stays, after the others. Sheets keep
 * every value: their bodies are not touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{
    field_schema: string;
  }>`select field_schema from content_types where fully_qualified_name = ${LITERATURE_SHEET_TYPE.fullyQualifiedName}`.execute(db);
  const stored = rows.rows[0];
  if (stored === undefined) return;
  const fields = JSON.parse(stored.field_schema) as Record<string, unknown>;
  // A type written with its whole definition (by a release that knew it) is as its admins left it.
  if (Object.values(fields).some((field) => field !== null && typeof field === 'object' && 'kind' in field)) return;
  const merged: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(LITERATURE_SHEET_TYPE.fields)) {
    const own = fields[name];
    if (own === undefined) merged[name] = field;
    else if (sameValues(name, own, field)) {
      const { label, nodeType } = own as { label: string; nodeType: string };
      merged[name] = { ...field, label, nodeType };
    }
  }
  // The store's other fields stay as they were, after the others; so does one whose values the
  // shipped field would read differently (a per-language "formula" of rich text): its values stay its own.
  for (const [name, field] of Object.entries(fields)) if (!(name in merged)) merged[name] = field;
  await sql`update content_types set field_schema = ${JSON.stringify(merged)} where fully_qualified_name = ${LITERATURE_SHEET_TYPE.fullyQualifiedName}`.execute(
    db,
  );
}

/** Whether a stored field (a label and a node type) keeps its values as the shipped one of its name does. */
function sameValues(name: string, own: unknown, shipped: StoredField): boolean {
  if (
    own === null ||
    typeof own !== 'object' ||
    typeof (own as { label?: unknown }).label !== 'string' ||
    typeof (own as { nodeType?: unknown }).nodeType !== 'string'
  )
    return false;
  const read = fieldOfPlatform(name, own as PlatformField, LABEL_LANGUAGE);
  return read.kind === shipped.kind && read.perLanguage === shipped.perLanguage && !shipped.multiple;
}
