import type { ContentStore } from '../database';
import { deleteSessionsOfUser } from './sessions';
import type { Role, UsersTable } from '../schema';

export type User = UsersTable;

const normalEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: ContentStore, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalEmail(email)).executeTakeFirst();
}

export async function findUser(db: ContentStore, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every account, oldest first. */
export async function listUsers(db: ContentStore): Promise<User[]> {
  return db.selectFrom('users').selectAll().orderBy('created_at').orderBy('email').execute();
}

export async function insertUser(db: ContentStore, user: User): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...user, email: normalEmail(user.email) })
    .execute();
}

/** A new password; `temporary` when someone else chose it, so the account must choose its own. */
export async function updatePasswordHash(db: ContentStore, userId: string, passwordHash: string, temporary = false): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: temporary ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

export async function updateUserRole(db: ContentStore, userId: string, role: Role): Promise<void> {
  await db.updateTable('users').set({ role }).where('id', '=', userId).execute();
}

/** `at` disables the account from then on; null enables it again. */
export async function updateUserDisabled(db: ContentStore, userId: string, at: string | null): Promise<void> {
  await db.updateTable('users').set({ disabled_at: at }).where('id', '=', userId).execute();
}

/** Removes the account; its sessions go with it. */
export async function deleteUser(db: ContentStore, userId: string): Promise<void> {
  await deleteSessionsOfUser(db, userId);
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** Admins that can sign in, other than `exceptId`. */
export async function countActiveAdmins(db: ContentStore, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('role', '=', 'admin')
    .where('disabled_at', 'is', null)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
