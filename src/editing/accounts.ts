/**
 * Accounts and their roles: the rules the command line and the editing API share. Each change is
 * one transaction that takes the accounts lock first, so the check "another admin remains" and the
 * change cannot be split by a concurrent one, and writes its audit entry in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { takeLock } from '../cms/repositories/locks';
import { deletePreviewLinksBy } from '../cms/repositories/preview-links';
import { deleteSessionsOfUser } from '../cms/repositories/sessions';
import {
  countActiveAdmins,
  deleteUser,
  findUser,
  findUserByEmail,
  insertUser,
  listUsers,
  updatePasswordHash,
  updateUserDisabled,
  updateUserRole,
  type User,
} from '../cms/repositories/users';
import type { Role } from '../cms/schema';
import { USER_ID_PREFIX } from '../shared/constants';
import { idFromBytes } from '../shared/ids';
import { recordChange, type Actor } from './audit';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords';

export const ROLES: readonly Role[] = ['admin', 'editor', 'visitor'];

/** A request about accounts that cannot be done as asked; its message is for the person asking. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'not-found' | 'exists' | 'last-admin',
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

/** What may be shown of an account: never its password hash. */
export interface Account {
  id: string;
  email: string;
  role: Role;
  disabled: boolean;
  /** Its password is a temporary one: it must choose its own at its next sign-in. */
  mustChangePassword: boolean;
  createdAt: string;
}

const accountOf = (user: User): Account => ({
  id: user.id,
  email: user.email,
  role: user.role,
  disabled: user.disabled_at !== null,
  mustChangePassword: Number(user.must_change_password) === 1,
  createdAt: user.created_at,
});

export function readRole(value: string): Role {
  const role = ROLES.find((candidate) => candidate === value);
  if (role === undefined) throw new AccountError(`"${value}" is not a role; use ${ROLES.join(', ')}`, 'invalid');
  return role;
}

export function readEmail(value: string): string {
  const address = value.trim().toLowerCase();
  if (!/^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 320) throw new AccountError(`"${value}" is not an email address`, 'invalid');
  return address;
}

export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new AccountError(`A password needs at least ${MIN_PASSWORD_LENGTH} characters`, 'invalid');
  if (password.length > MAX_PASSWORD_LENGTH) throw new AccountError(`A password has at most ${MAX_PASSWORD_LENGTH} characters`, 'invalid');
}

export async function listAccounts(db: ContentStore): Promise<Account[]> {
  return (await listUsers(db)).map(accountOf);
}

/** A new account; with `temporary`, its first password is one it must change at its first sign-in. */
export async function addAccount(
  db: ContentStore,
  request: { email: string; password: string; role: Role; temporary?: boolean },
  actor: Actor,
): Promise<Account> {
  const email = readEmail(request.email);
  checkPassword(request.password);
  // Hashing is slow on purpose: done before the transaction, which then holds the lock briefly.
  const passwordHash = await hashPassword(request.password);
  return db.transaction().execute(async (trx) => {
    await takeLock(trx, 'accounts');
    if ((await findUserByEmail(trx, email)) !== undefined) throw new AccountError(`An account for ${email} already exists`, 'exists');
    const user: User = {
      id: idFromBytes(USER_ID_PREFIX, randomBytes(16)),
      email,
      password_hash: passwordHash,
      created_at: new Date().toISOString(),
      role: request.role,
      disabled_at: null,
      must_change_password: request.temporary === true ? 1 : 0,
    };
    await insertUser(trx, user);
    const account = accountOf(user);
    await recordChange(trx, { actor, action: 'account.add', target: targetOf(account), after: account });
    return account;
  });
}

export async function setRole(db: ContentStore, email: string, role: Role, actor: Actor): Promise<Account> {
  return changeAccount(db, email, actor, 'account.set-role', async (trx, user) => {
    if (user.role === 'admin' && role !== 'admin') await keepAnAdmin(trx, user, 'demoted');
    await updateUserRole(trx, user.id, role);
    return { ...user, role };
  });
}

/**
 * Disabling ends the account's sessions at once and revokes the preview links it shared (whoever
 * it shared them with should not keep seeing drafts); enabling lets it sign in again, and brings
 * no link back.
 */
export async function setDisabled(db: ContentStore, email: string, disabled: boolean, actor: Actor): Promise<Account> {
  return changeAccount(db, email, actor, disabled ? 'account.disable' : 'account.enable', async (trx, user) => {
    if (disabled && user.role === 'admin') await keepAnAdmin(trx, user, 'disabled');
    const disabledAt = disabled ? (user.disabled_at ?? new Date().toISOString()) : null;
    await updateUserDisabled(trx, user.id, disabledAt);
    if (disabled) {
      await deleteSessionsOfUser(trx, user.id);
      await deletePreviewLinksBy(trx, user.email);
    }
    return { ...user, disabled_at: disabledAt };
  });
}

export async function removeAccount(db: ContentStore, email: string, actor: Actor): Promise<void> {
  await changeAccount(db, email, actor, 'account.remove', async (trx, user) => {
    if (user.role === 'admin') await keepAnAdmin(trx, user, 'removed');
    // A later account of the same email must not inherit its links.
    await deletePreviewLinksBy(trx, user.email);
    await deleteUser(trx, user.id);
    return undefined;
  });
}

/**
 * A new password set for an account ends every session it had: whoever knew the old one is signed
 * out. With `temporary` (an admin's choice for someone else) it must be changed at the next sign-in.
 */
export async function resetPassword(db: ContentStore, email: string, password: string, actor: Actor, temporary = false): Promise<Account> {
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  return changeAccount(db, email, actor, temporary ? 'account.temporary-password' : 'account.reset-password', async (trx, user) => {
    await updatePasswordHash(trx, user.id, passwordHash, temporary);
    await deleteSessionsOfUser(trx, user.id);
    return { ...user, must_change_password: temporary ? 1 : 0 };
  });
}

/**
 * An account changes its own password: the current one must be right. Its other sessions end;
 * the one it changed it from stays (`keepSession`, the SHA-256 of its id).
 */
export async function changeOwnPassword(db: ContentStore, userId: string, current: string, next: string, keepSession: string): Promise<Account> {
  const user = await findUser(db, userId);
  if (user === undefined) throw new AccountError('This account no longer exists', 'not-found');
  if (!(await verifyPassword(current.slice(0, MAX_PASSWORD_LENGTH), user.password_hash)))
    throw new AccountError('The current password is not right', 'invalid');
  checkPassword(next);
  if (next === current) throw new AccountError('The new password must differ from the current one', 'invalid');
  const passwordHash = await hashPassword(next);
  const actor = { id: user.id, label: user.email };
  return changeAccount(db, user.email, actor, 'account.change-password', async (trx, found) => {
    // An admin set a password meanwhile: theirs stands, and the account signs in with it.
    if (found.password_hash !== user.password_hash) throw new AccountError('The password was changed meanwhile; sign in again with the new one', 'invalid');
    await updatePasswordHash(trx, found.id, passwordHash);
    await deleteSessionsOfUser(trx, found.id, keepSession);
    return { ...found, must_change_password: 0 };
  });
}

async function changeAccount<T extends User | undefined>(
  db: ContentStore,
  email: string,
  actor: Actor,
  action: string,
  change: (trx: ContentStore, user: User) => Promise<T>,
): Promise<T extends User ? Account : undefined> {
  const address = readEmail(email);
  return db.transaction().execute(async (trx) => {
    await takeLock(trx, 'accounts');
    const user = await findUserByEmail(trx, address);
    if (user === undefined) throw new AccountError(`There is no account for ${address}`, 'not-found');
    const before = accountOf(user);
    const changed = await change(trx, user);
    const after = changed === undefined ? undefined : accountOf(changed);
    await recordChange(trx, { actor, action, target: targetOf(before), before, ...(after ? { after } : {}) });
    return after as T extends User ? Account : undefined;
  });
}

async function keepAnAdmin(trx: ContentStore, user: User, change: string): Promise<void> {
  if ((await countActiveAdmins(trx, user.id)) === 0) {
    throw new AccountError(`${user.email} is the last admin and cannot be ${change}; make another account admin first`, 'last-admin');
  }
}

const targetOf = (account: Account) => ({ type: 'account' as const, id: account.id, label: account.email });
