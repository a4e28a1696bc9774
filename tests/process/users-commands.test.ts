/**
 * The account, audit and fields commands as operators run them (the built CLI, a real store):
 * roles, the last admin, passwords read from standard input, the audit log with its filters, and
 * the sheet type's fields changed as the Fields screen changes them.
 */
import { describe, expect, it } from 'vitest';
import { useCliStore } from '../helpers/server-store';

const run = useCliStore('migrate');

describe('users', () => {
  it('makes the first admin, a visitor by default, and lists them', () => {
    expect(run(['users', 'list']).stdout).toContain('There are no accounts yet');
    const added = run(['users', 'add', 'Owner@Example.com', '--role', 'admin'], 'owner password 1\n');
    expect(added.stdout).toContain('Created the account owner@example.com (admin).');
    expect(run(['users', 'add', 'reader@example.com'], 'reader password 1\n').stdout).toContain('(visitor)');
    const listed = run(['users', 'list']).stdout;
    expect(listed).toMatch(/owner@example\.com\s+admin\s+active/);
    expect(listed).toMatch(/reader@example\.com\s+visitor\s+active/);
  });

  it('refuses a bad role, a short password and a second account for one email, and says so', () => {
    expect(run(['users', 'add', 'x@example.com', '--role', 'owner'], 'long enough password\n')).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('"owner" is not a role'),
    });
    expect(run(['users', 'add', 'x@example.com'], 'short\n')).toMatchObject({ status: 1, stderr: expect.stringContaining('at least 12 characters') });
    expect(run(['users', 'add', 'reader@example.com'], 'reader password 2\n')).toMatchObject({ status: 1, stderr: expect.stringContaining('already exists') });
  });

  it('keeps the last admin, and changes roles, disables and removes others', () => {
    for (const args of [
      ['users', 'set-role', 'owner@example.com', 'editor'],
      ['users', 'disable', 'owner@example.com'],
      ['users', 'remove', 'owner@example.com', '--yes'],
    ]) {
      expect(run(args)).toMatchObject({ status: 1, stderr: expect.stringContaining('owner@example.com is the last admin') });
    }
    expect(run(['users', 'set-role', 'reader@example.com', 'editor']).stdout).toContain('reader@example.com is now an editor.');
    expect(run(['users', 'disable', 'reader@example.com']).stdout).toContain('its sessions have ended');
    expect(run(['users', 'list']).stdout).toMatch(/reader@example\.com\s+editor\s+disabled/);
    expect(run(['users', 'remove', 'reader@example.com'])).toMatchObject({ status: 1, stderr: expect.stringContaining('needs --yes') });
    expect(run(['users', 'reset-password', 'reader@example.com'], 'reader password 3\n').stdout).toContain('Set a new password');
    expect(run(['users', 'remove', 'reader@example.com', '--yes']).stdout).toContain('Removed the account reader@example.com.');
    expect(run(['users', 'list']).stdout).not.toContain('reader@example.com');
  });
});

describe('audit', () => {
  it('lists every change newest first, filters by actor, target and time, and holds no password', () => {
    const all = run(['audit', '--json']);
    expect(all.status).toBe(0);
    const entries = JSON.parse(all.stdout) as Array<{ action: string; actor: string; target_label: string }>;
    expect(entries.map((entry) => entry.action)).toEqual([
      'account.remove',
      'account.reset-password',
      'account.disable',
      'account.set-role',
      'account.add',
      'account.add',
    ]);
    expect(entries.every((entry) => entry.actor.startsWith('cli:'))).toBe(true);
    expect(all.stdout).not.toMatch(/password \d|scrypt/);

    const forReader = JSON.parse(run(['audit', '--target', 'reader@example.com', '--json']).stdout) as unknown[];
    expect(forReader).toHaveLength(5);
    expect(run(['audit', '--actor', 'scheduler']).stdout).toContain('No audit entries match.');
    expect(run(['audit', '--until', '2000-01-01']).stdout).toContain('No audit entries match.');
    expect(run(['audit', '--since', 'yesterday'])).toMatchObject({ status: 1, stderr: expect.stringContaining('--since needs a date') });
    expect(run(['audit', '--limit', '1']).stdout).toMatch(/^\S+Z {2}cli:\S+ {2}account\.remove {2}account reader@example\.com/);
  });
});

describe('fields', () => {
  it('adds, changes, retires and restores a field, with an audit entry each, and refuses what would lose values', () => {
    const added = run(['fields', 'add', 'shelfLife', 'text', 'en_US=Shelf life', 'de_DE=Haltbarkeit', '--shared', '--search', '2']);
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).toContain('shelfLife\ttext, shared, search 2\ten_US=Shelf life de_DE=Haltbarkeit');
    expect(run(['fields', 'change', 'shelfLife', 'fr_FR=Durée de conservation', '--required', 'yes', '--position', '4']).status).toBe(0);
    const listed = run(['fields', 'list']).stdout.trim().split('\n');
    expect(listed[4]).toBe('shelfLife\ttext, shared, required, search 2\ten_US=Shelf life de_DE=Haltbarkeit fr_FR=Durée de conservation');
    expect(run(['fields', 'retire', 'shelfLife']).stdout).toContain('shelfLife\ttext, shared, search 2, retired');
    expect(run(['fields', 'restore', 'shelfLife']).stdout).toMatch(/^shelfLife\ttext, shared, search 2\t/m);
    expect(run(['audit', '--target', 'literature_sheet']).stdout.match(/ {2}content-type\.change {2}/g)).toHaveLength(4);

    expect(run(['fields', 'retire', 'Title'])).toMatchObject({ status: 1, stderr: expect.stringContaining('every sheet has a Title; it cannot be retired') });
    expect(run(['fields', 'add', 'shelflife', 'date', 'en_US=Again'])).toMatchObject({
      status: 1,
      stderr: expect.stringContaining('has a field shelflife already'),
    });
    expect(run(['fields', 'add', 'grade', 'colour', 'en_US=Grade'])).toMatchObject({ status: 1, stderr: expect.stringContaining('"colour" is not a kind') });
    expect(run(['fields', 'change', 'nothing', '--required', 'yes'])).toMatchObject({ status: 1, stderr: expect.stringContaining('has no field nothing') });
  });
});
