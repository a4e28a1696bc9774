import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/** The channel every content change is announced on (PostgreSQL), when its transaction commits. */
export const CONTENT_CHANGE_CHANNEL = 'literature_content_change';

/**
 * PostgreSQL: the content version trigger also announces the change with NOTIFY, so every server
 * process learns of it without asking the store on each request (content-change-listener.ts).
 * SQLite needs nothing: a process sees other connections' commits in PRAGMA data_version.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger AS $$
    BEGIN
      UPDATE store_state SET value = (value::bigint + 1)::text WHERE key = 'content_version';
      PERFORM pg_notify(${sql.lit(CONTENT_CHANGE_CHANNEL)}, '');
      RETURN NULL;
    END;
    $$ LANGUAGE plpgsql`.execute(db);
}
