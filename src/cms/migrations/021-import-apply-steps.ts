import type { Kysely } from 'kysely';

/**
 * `imports.apply_step_at`: while an import is applied in steps (transfer/import-proposal.ts), the
 * time of its last step; null once every step is in. An import whose last step is long past was
 * cut off (its process ended): undoing it takes back what it applied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('apply_step_at', 'text').execute();
}
