/** The PostgreSQL server TEST_DATABASE_URL names, as the tests administer it: databases made and dropped. */
import pg from 'pg';

/** Starts the names of a run's template databases (test-store.ts), which the run drops at its end. */
export const TEMPLATE_DATABASE_PREFIX = 'lit_tmpl_';

/** One connection to the server's administrative database, for `use`. */
export async function onServer<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/** The URL of another database on the same server, as the same role. */
export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
