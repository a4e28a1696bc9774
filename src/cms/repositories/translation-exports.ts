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

/** The exports of these ids that the store has, by id. */
export async function findTranslationExports(db: ContentStore, ids: string[]): Promise<TranslationExportRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('translation_exports').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map((row) => ({
    id: row.id,
    language: row.language,
    exportedBy: row.exported_by,
    exportedAt: row.exported_at,
    texts: JSON.parse(row.texts) as Record<string, string | null>,
  }));
}
