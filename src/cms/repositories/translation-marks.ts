/**
 * Translated texts' marks (migration 028): which primary-language text each translation was
 * written or confirmed against, and whether it is outdated. editing/translation-marks.ts says
 * what the marks are; this module only reads and writes them.
 */
import type { ContentStore } from '../database';
import type { EditableKind, TranslationBasesTable, TranslationMarksTable } from '../schema';

export type MarkRow = TranslationMarksTable;
export type BasisRow = TranslationBasesTable;

/** What a target's translated texts were made from, each by its text's digest. */
export async function listBases(db: ContentStore, kind: EditableKind, targetId: string): Promise<BasisRow[]> {
  return db
    .selectFrom('translation_bases')
    .selectAll()
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .orderBy('language')
    .orderBy('field')
    .orderBy('text_sha256')
    .execute();
}

/** Records what a text was made from, over what was recorded for the same text before. */
export async function saveBasis(db: ContentStore, basis: BasisRow): Promise<void> {
  const { source, made_at } = basis;
  await db
    .insertInto('translation_bases')
    .values(basis)
    .onConflict((oc) => oc.columns(['kind', 'target_id', 'language', 'field', 'text_sha256']).doUpdateSet({ source, made_at }))
    .execute();
}

export async function listMarks(db: ContentStore, kind: EditableKind, targetId: string): Promise<MarkRow[]> {
  return db
    .selectFrom('translation_marks')
    .selectAll()
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .orderBy('language')
    .orderBy('field')
    .execute();
}

/** Writes a mark, over the one it replaces. */
export async function saveMark(db: ContentStore, mark: MarkRow): Promise<void> {
  const { source, outdated, marked_at } = mark;
  await db
    .insertInto('translation_marks')
    .values(mark)
    .onConflict((oc) => oc.columns(['kind', 'target_id', 'language', 'field']).doUpdateSet({ source, outdated, marked_at }))
    .execute();
}

export async function deleteMark(db: ContentStore, mark: Pick<MarkRow, 'kind' | 'target_id' | 'language' | 'field'>): Promise<void> {
  await db
    .deleteFrom('translation_marks')
    .where('kind', '=', mark.kind)
    .where('target_id', '=', mark.target_id)
    .where('language', '=', mark.language)
    .where('field', '=', mark.field)
    .execute();
}

/** A target's marks and bases, all of them (it is purged from the trash). */
export async function deleteMarks(db: ContentStore, kind: EditableKind, targetId: string): Promise<void> {
  await db.deleteFrom('translation_marks').where('kind', '=', kind).where('target_id', '=', targetId).execute();
  await db.deleteFrom('translation_bases').where('kind', '=', kind).where('target_id', '=', targetId).execute();
}

/** The languages each of these targets has an outdated text in. */
export async function listOutdatedLanguages(db: ContentStore, kind: EditableKind, targetIds: string[]): Promise<Map<string, string[]>> {
  const outdated = new Map<string, string[]>();
  if (targetIds.length === 0) return outdated;
  const rows = await db
    .selectFrom('translation_marks')
    .select(['target_id', 'language'])
    .distinct()
    .where('kind', '=', kind)
    .where('target_id', 'in', targetIds)
    .where('outdated', '=', 1)
    .orderBy('target_id')
    .orderBy('language')
    .execute();
  for (const row of rows) outdated.set(row.target_id, [...(outdated.get(row.target_id) ?? []), row.language]);
  return outdated;
}
