import type { ContentStore } from '../database';
import type { UsersTable } from '../schema';

export type User = UsersTable;

export async function findUserByEmail(db: ContentStore, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export async function insertUser(db: ContentStore, user: User): Promise<void> {
  await db
    .insertInto('users')
    .values({ ...user, email: user.email.trim().toLowerCase() })
    .execute();
}

export async function updatePasswordHash(db: ContentStore, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
