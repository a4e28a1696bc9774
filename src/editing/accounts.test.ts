/**
 * Accounts on a real store (SQLite, or PostgreSQL when TEST_DATABASE_URL names one): roles, the
 * last admin, sessions ended at once, one audit entry per change and never a secret in the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type OpenStore } from '../cms/database';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { findSession, insertSession } from '../cms/repositories/sessions';
import { takeLock } from '../cms/repositories/locks';
import { findUserByEmail, updateUserRole } from '../cms/repositories/users';
import { loadConfig } from '../server/config';
import { createTestStoreLocation, TEST_ENGINE, type TestStoreLocation } from '../../tests/helpers/test-store';
import { AccountError, addAccount, listAccounts, removeAccount, resetPassword, setDisabled, setRole } from './accounts';
import type { Actor } from './audit';
import { verifyPassword } from './passwords';

const operator: Actor = { id: null, label: 'cli:test' };
const PASSWORD = 'a long enough password';

let location: TestStoreLocation;
let store: OpenStore;
let other: OpenStore;
beforeAll(async () => {
  location = await createTestStoreLocation();
  const { database } = loadConfig({ DATABASE_URL: location.databaseUrl });
  store = openDatabase(database, { busyTimeoutMs: 5000 });
  await migrateToLatest(store);
  // A second connection, as a second process would have.
  other = openDatabase(database, { busyTimeoutMs: 5000 });
});
afterAll(async () => {
  await store.close();
  await other.close();
  await location.drop();
});

/** Whether some connection of this database waits for a row lock (PostgreSQL). */
async function waitingOnLock(): Promise<boolean> {
  const { rows } = await sql<{
    waiting: string | number;
  }>`SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(other.db);
  return Number(rows[0]?.waiting) > 0;
}

async function auditCount(): Promise<number> {
  return (await listAuditEntries(store.db, { limit: 10_000 })).length;
}

async function addSession(email: string, idHash: string): Promise<void> {
  const user = (await findUserByEmail(store.db, email))!;
  await insertSession(store.db, {
    id_hash: idHash,
    user_id: user.id,
    csrf_token: `csrf-${idHash}`,
    created_at: 1,
    last_activity_at: 1,
    absolute_expires_at: 2,
  });
}

/** Expects the promise to fail with an AccountError for `reason`, and the store and log unchanged. */
async function expectRefused(change: () => Promise<unknown>, reason: AccountError['reason']) {
  const [accounts, entries] = [await listAccounts(store.db), await auditCount()];
  const error = await change().catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AccountError);
  expect((error as AccountError).reason).toBe(reason);
  expect(await listAccounts(store.db)).toEqual(accounts);
  expect(await auditCount()).toBe(entries);
}

describe('accounts', () => {
  it('adds accounts with a role (visitor unless another is given) and lists them without their hashes', async () => {
    await addAccount(store.db, { email: ' Admin@Example.com ', password: PASSWORD, role: 'admin' }, operator);
    await addAccount(store.db, { email: 'editor@example.com', password: PASSWORD, role: 'editor' }, operator);
    const accounts = await listAccounts(store.db);
    expect(accounts.map(({ email, role, disabled }) => ({ email, role, disabled }))).toEqual([
      { email: 'admin@example.com', role: 'admin', disabled: false },
      { email: 'editor@example.com', role: 'editor', disabled: false },
    ]);
    expect(JSON.stringify(accounts)).not.toContain('scrypt');
    await expectRefused(() => addAccount(store.db, { email: 'admin@example.com', password: PASSWORD, role: 'visitor' }, operator), 'exists');
    await expectRefused(() => addAccount(store.db, { email: 'short@example.com', password: 'short', role: 'visitor' }, operator), 'invalid');
    await expectRefused(() => addAccount(store.db, { email: 'not an address', password: PASSWORD, role: 'visitor' }, operator), 'invalid');
  });

  it('never lets the last admin be demoted, disabled or removed', async () => {
    await expectRefused(() => setRole(store.db, 'admin@example.com', 'editor', operator), 'last-admin');
    await expectRefused(() => setDisabled(store.db, 'admin@example.com', true, operator), 'last-admin');
    await expectRefused(() => removeAccount(store.db, 'admin@example.com', operator), 'last-admin');
    await expectRefused(() => setRole(store.db, 'nobody@example.com', 'editor', operator), 'not-found');

    await setRole(store.db, 'editor@example.com', 'admin', operator);
    await setRole(store.db, 'admin@example.com', 'editor', operator);
    expect((await findUserByEmail(store.db, 'admin@example.com'))?.role).toBe('editor');
    // A disabled admin does not count: it cannot sign in to manage accounts.
    await setRole(store.db, 'admin@example.com', 'admin', operator);
    await setDisabled(store.db, 'admin@example.com', true, operator);
    await expectRefused(() => setRole(store.db, 'editor@example.com', 'visitor', operator), 'last-admin');
    await setDisabled(store.db, 'admin@example.com', false, operator);
  });

  // SQLite has one writer at a time, and a transaction's first statement here is a write, so the
  // interleaving below cannot happen there; PostgreSQL runs transactions side by side.
  it.runIf(TEST_ENGINE === 'postgres')('makes a demotion from another connection wait for one under way, then refuses it', async () => {
    // Here admin@ and editor@ are both admins.
    let settled = false;
    let second: Promise<unknown> | undefined;
    await store.db.transaction().execute(async (trx) => {
      await takeLock(trx, 'accounts');
      // This transaction demotes editor@ (not yet committed) while another connection demotes admin@.
      await updateUserRole(trx, (await findUserByEmail(trx, 'editor@example.com'))!.id, 'visitor');
      second = setRole(other.db, 'admin@example.com', 'visitor', operator).then(
        (account) => ((settled = true), account),
        (error: unknown) => ((settled = true), error),
      );
      // Wait until the other connection waits for the lock (or, were there no lock, has finished).
      await expect.poll(async () => settled || (await waitingOnLock()), { timeout: 10_000 }).toBe(true);
    });
    expect(await second).toBeInstanceOf(AccountError);
    expect((await findUserByEmail(store.db, 'admin@example.com'))?.role).toBe('admin');
    await setRole(store.db, 'editor@example.com', 'editor', operator);
  });

  it('ends every session of an account when it is disabled or its password is reset', async () => {
    await addSession('editor@example.com', 'a'.repeat(64));
    await setDisabled(store.db, 'editor@example.com', true, operator);
    expect(await findSession(store.db, 'a'.repeat(64))).toBeUndefined();
    await setDisabled(store.db, 'editor@example.com', false, operator);

    await addSession('editor@example.com', 'b'.repeat(64));
    await resetPassword(store.db, 'editor@example.com', 'another long password', operator);
    expect(await findSession(store.db, 'b'.repeat(64))).toBeUndefined();
    expect(await verifyPassword('another long password', (await findUserByEmail(store.db, 'editor@example.com'))!.password_hash)).toBe(true);
  });

  it('writes exactly one audit entry per change, with before and after, and never a password, hash, session id or token', async () => {
    const before = await auditCount();
    await addAccount(store.db, { email: 'visitor@example.com', password: 'visitor password 1', role: 'visitor' }, operator);
    await addSession('visitor@example.com', 'c'.repeat(64));
    await resetPassword(store.db, 'visitor@example.com', 'visitor password 2', operator);
    await setRole(store.db, 'visitor@example.com', 'editor', operator);
    await removeAccount(store.db, 'visitor@example.com', operator);
    const entries = await listAuditEntries(store.db, { limit: 4 });
    expect(await auditCount()).toBe(before + 4);
    expect(entries.map((entry) => entry.action)).toEqual(['account.remove', 'account.set-role', 'account.reset-password', 'account.add']);
    expect(entries.every((entry) => entry.actor === 'cli:test' && entry.target_label === 'visitor@example.com')).toBe(true);
    expect(JSON.parse(entries[1]!.before!)).toMatchObject({ role: 'visitor' });
    expect(JSON.parse(entries[1]!.after!)).toMatchObject({ role: 'editor' });

    const everything = JSON.stringify(await sql`SELECT * FROM audit_log`.execute(store.db));
    for (const secret of [
      PASSWORD,
      'another long password',
      'visitor password 1',
      'visitor password 2',
      'scrypt$',
      'a'.repeat(64),
      'b'.repeat(64),
      'c'.repeat(64),
      'csrf-',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('filters the log by actor, target and time', async () => {
    const all = await listAuditEntries(store.db, { limit: 10_000 });
    expect(await listAuditEntries(store.db, { actor: 'someone else', limit: 10 })).toEqual([]);
    const editorEntries = await listAuditEntries(store.db, { target: 'editor@example.com', limit: 10_000 });
    expect(editorEntries.length).toBeGreaterThan(0);
    expect(editorEntries.every((entry) => entry.target_label === 'editor@example.com')).toBe(true);
    const newest = all[0]!;
    expect(await listAuditEntries(store.db, { since: newest.at, limit: 10_000 })).toContainEqual(newest);
    expect(await listAuditEntries(store.db, { until: '2000-01-01T00:00:00.000Z', limit: 10 })).toEqual([]);
  });
});
