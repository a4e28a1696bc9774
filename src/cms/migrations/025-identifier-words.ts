import { sql, type Kysely } from 'kysely';

/**
 * An identifier's or formula's value of several parts (75-24-1) is indexed as one word too
 * (75241), so that a query of it written together or apart finds its sheet (docs/search.md,
 * "Identifiers"). Every search entry is marked out of date (an entry is current while it holds
 * its translation's publication time): the next sync makes each again, batch by batch, while the
 * entries as they are go on answering searches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE search_entries SET published_at = ''`.execute(db);
}
