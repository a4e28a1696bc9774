import type { ContentStore } from '../database';
import type { Role, SessionsTable } from '../schema';

export type SessionRow = SessionsTable;

/** A session with what its account is allowed: its role, and whether it is disabled. */
export type SessionWithAccount = SessionRow & { role: Role; disabled_at: string | null; must_change_password: number };

export async function insertSession(db: ContentStore, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function findSession(db: ContentStore, idHash: string): Promise<SessionWithAccount | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('sessions')
    .select(['users.role', 'users.disabled_at', 'users.must_change_password'])
    .where('sessions.id_hash', '=', idHash)
    .executeTakeFirst();
}

export async function touchSession(db: ContentStore, idHash: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ last_activity_at: at }).where('id_hash', '=', idHash).execute();
}

export async function deleteSession(db: ContentStore, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

/** Removes sessions past their idle or absolute limit; returns how many. */
export async function deleteExpiredSessions(db: ContentStore, now: number, idleMs: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('absolute_expires_at', '<=', now), eb('last_activity_at', '<=', now - idleMs)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends every session of an account (disabled, or its password reset). */
/** Ends an account's sessions, but for the one named (by the hash of its id), if any. */
export async function deleteSessionsOfUser(db: ContentStore, userId: string, except?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (except !== undefined) query = query.where('id_hash', '!=', except);
  await query.execute();
}
