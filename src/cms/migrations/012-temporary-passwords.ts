import { sql, type Kysely } from 'kysely';

/**
 * A password an admin sets for someone (a new account, or a reset) is temporary: the account must
 * choose its own at its next sign-in before it can do anything else (issue "The studio, part 2").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(sql`0`))
    .execute();
}
