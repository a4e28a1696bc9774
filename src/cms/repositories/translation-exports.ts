/**
 * What each translation export sent (migration 035), kept for the import's three-way merge
 * (transfer/translation-import.ts); this module only reads and writes them.
 */
import type { ContentStore } from '../database';

export interface TranslationExportRecord {
  id: string;
  language: string;
  exportedBy: string;
  exportedAt: string;
  /** Each unit's id and the translation it had when it was sent (null: none). */
  texts: Record<string, string | null>;
}

export async function insertTranslationExport(db: ContentStore, record: TranslationExportRecord): Promise<void> {
  await db
    .insertInto('translation_exports')
    .values({ id: record.id, language: record.language, exported_by: record.exportedBy, exported_at: record.exportedAt, texts: JSON.stringify(record.texts) })
    .execute();
}

/**
 * The exports of these ids that the store has. A row whose texts cannot be read (written by hand,
 * cut short) is left out: its file's texts then have no base, which the import treats as the
 * safest case (every text the draft has is a conflict), rather than failing.
 */
export async function findTranslationExports(db: ContentStore, ids: string[]): Promise<TranslationExportRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('translation_exports').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.flatMap((row) => {
    const texts = readTexts(row.texts);
    return texts === null ? [] : [{ id: row.id, language: row.language, exportedBy: row.exported_by, exportedAt: row.exported_at, texts }];
  });
}

function readTexts(json: string): Record<string, string | null> | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  return Object.values(value).every((text) => text === null || typeof text === 'string') ? (value as Record<string, string | null>) : null;
}
