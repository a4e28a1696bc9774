import type { Kysely } from 'kysely';

/**
 * `imports.undo_step_at`: while an import's undo runs in steps (editing/imports.ts), the time of its
 * last step; null once it has finished (or was taken back). An undo whose last step is long past
 * was cut off (its process ended): undoing the import again finishes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('undo_step_at', 'text').execute();
}
