import { sql, type Kysely } from 'kysely';
import { normalizeJsonText, normalizeText } from '../../shared/normalize-text';

interface TextColumns {
  table: string;
  /** The primary key, for a total order and to address a row. */
  keys: string[];
  texts: string[];
  /** Columns holding JSON, whose text values are normalised (field names, numbers and spacing kept). */
  json: string[];
}

/** Every column an author's text can be in. */
const COLUMNS: TextColumns[] = [
  { table: 'sites', keys: ['id'], texts: ['name'], json: [] },
  { table: 'content_types', keys: ['fully_qualified_name'], texts: ['name'], json: ['field_schema'] },
  { table: 'content_translations', keys: ['content_id', 'language'], texts: ['title'], json: ['body'] },
  { table: 'collections', keys: ['id'], texts: ['title'], json: ['metadata'] },
  { table: 'collection_translations', keys: ['collection_id', 'language'], texts: ['title'], json: ['metadata'] },
  // url_alias is left alone: it is unique within a site, and two aliases could normalise alike.
  { table: 'seo_records', keys: ['site_id', 'record_id'], texts: ['record_name', 'object_name', 'canonical_url'], json: ['fields', 'href_lang_urls'] },
  { table: 'media', keys: ['content_id'], texts: ['file_name'], json: [] },
  { table: 'file_assets', keys: ['asset_id', 'version'], texts: ['file_name'], json: [] },
];

const BATCH = 500;

/**
 * Text is normalised at every input now (shared/normalize-text.ts normalizeText: no C0 controls but TAB,
 * LF and CR, no lone surrogates, no noncharacters); this cleans what was stored before, so the
 * server's HTML and the page data agree for old rows too. JSON is rewritten as text, string by
 * string (normalizeJsonText), so a value of any depth is cleaned and nothing else in it changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const columns of COLUMNS) await normalizeTable(db, columns);
}

async function normalizeTable(db: Kysely<unknown>, { table, keys, texts, json }: TextColumns): Promise<void> {
  const selected = [...keys, ...texts, ...json].map((column) => sql.ref(column));
  const order = keys.map((column) => sql.ref(column));
  for (let offset = 0; ; offset += BATCH) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT ${sql.join(selected)} FROM ${sql.table(table)} ORDER BY ${sql.join(order)} LIMIT ${BATCH} OFFSET ${offset}`.execute(db);
    for (const row of rows) {
      const changes = [
        ...texts.map((column) => [column, normalizedText(row[column])] as const),
        ...json.map((column) => [column, normalizedJson(row[column])] as const),
      ].filter((change): change is readonly [string, string] => change[1] !== null);
      if (changes.length === 0) continue;
      const assignments = sql.join(changes.map(([column, value]) => sql`${sql.ref(column)} = ${value}`));
      const match = sql.join(
        keys.map((column) => sql`${sql.ref(column)} = ${row[column]}`),
        sql` AND `,
      );
      await sql`UPDATE ${sql.table(table)} SET ${assignments} WHERE ${match}`.execute(db);
    }
    if (rows.length < BATCH) return;
  }
}

/** The normalised text, or null when nothing changes. */
function normalizedText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const normalized = normalizeText(value);
  return normalized === value ? null : normalized;
}

/** The JSON with its text values normalised, or null when nothing changes (or it is not JSON). */
function normalizedJson(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    JSON.parse(value);
  } catch {
    return null;
  }
  const normalized = normalizeJsonText(value);
  return normalized === value ? null : normalized;
}
