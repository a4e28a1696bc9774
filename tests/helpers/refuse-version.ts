/**
 * Makes the store refuse one write as a full disk would: the insert of a version with this event
 * for this target fails with the store's own error (SQLite's "database or disk is full",
 * PostgreSQL's disk_full), raised by a trigger. Answers a function that drops the trigger.
 */
import { sql } from 'kysely';
import type { ContentStore } from '../../src/cms/database';
import type { Dialect } from '../../src/cms/dialect';

export async function refuseVersion(db: ContentStore, dialect: Dialect, event: string, targetId: string): Promise<() => Promise<void>> {
  const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
  const when = `NEW.event = ${quote(event)} AND NEW.target_id = ${quote(targetId)}`;
  const statements =
    dialect === 'sqlite'
      ? [`CREATE TRIGGER refuse_version BEFORE INSERT ON versions WHEN ${when} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`]
      : [
          `CREATE FUNCTION refuse_version() RETURNS trigger AS $$ BEGIN IF ${when} THEN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
          `CREATE TRIGGER refuse_version BEFORE INSERT ON versions FOR EACH ROW EXECUTE FUNCTION refuse_version()`,
        ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  return async () => {
    await sql.raw(dialect === 'sqlite' ? 'DROP TRIGGER refuse_version' : 'DROP TRIGGER refuse_version ON versions').execute(db);
    if (dialect !== 'sqlite') await sql.raw('DROP FUNCTION refuse_version()').execute(db);
  };
}

/** The message a refused write ends in, per store. */
export const fullDiskMessage = (dialect: Dialect) =>
  dialect === 'sqlite' ? /database or disk is full/ : /^The disk holding the content store is full: nothing was saved/;
