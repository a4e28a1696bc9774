/** `users …`: accounts and their roles, from the command line (docs/editing.md, "Roles"). */
import { addAccount, listAccounts, readEmail, readRole, removeAccount, resetPassword, setDisabled, setRole } from '../editing/accounts';
import { commandLineActor } from '../editing/audit';
import { readOptions, withStore, type Command } from './command';
import { confirm } from './confirm';
import { readSecret } from './read-secret';

const USAGE = [
  'users add <email> [--role admin|editor|visitor]',
  'users list',
  'users set-role <email> <admin|editor|visitor>',
  'users disable <email>',
  'users enable <email>',
  'users remove <email> [--yes]',
  'users reset-password <email>',
  '',
  'Roles: admin (everything, accounts included), editor (content), visitor (signed-in pages; the',
  'default). Passwords are asked for on a terminal, or read from the first line of standard input.',
  'Disabling an account or resetting its password ends its sessions at once. The last admin cannot',
  'be removed, demoted or disabled. Every change is in the audit log (npm run cli -- audit).',
].join('\n');

/** Asks for a new password twice on a terminal; a script pipes it once. */
async function readNewPassword(email: string): Promise<string> {
  const password = await readSecret(`Password for ${email}: `);
  if (process.stdin.isTTY && (await readSecret('Password again: ')) !== password) throw new Error('The passwords do not match');
  return password;
}

function usageError(): Error {
  return new Error(
    `Usage: ${USAGE.split('\n')
      .filter((line) => line.startsWith('users'))
      .map((line) => `npm run cli -- ${line}`)
      .join('\n       ')}`,
  );
}

export const usersCommand: Command = {
  summary: 'Create, list and change accounts and their roles (admin, editor, visitor).',
  usage: USAGE,
  run: async ([action, ...rest]) => {
    const actor = commandLineActor();
    const { options, flags, positional } = readOptions(rest, ['role'], ['yes']);
    const [email, value] = positional;
    if (action === 'list') {
      await withStore(async (store) => {
        const accounts = await listAccounts(store.db);
        if (accounts.length === 0) console.log('There are no accounts yet. Make the first admin with: npm run cli -- users add <email> --role admin');
        for (const account of accounts) {
          console.log(
            `${account.email.padEnd(40)} ${account.role.padEnd(8)} ${account.disabled ? 'disabled' : 'active  '} since ${account.createdAt.slice(0, 10)}`,
          );
        }
      });
      return;
    }
    if (email === undefined) throw usageError();
    const address = readEmail(email);
    switch (action) {
      case 'add': {
        const role = readRole(options.role ?? 'visitor');
        const password = await readNewPassword(address);
        await withStore(async (store) => {
          await addAccount(store.db, { email: address, password, role }, actor);
          console.log(`Created the account ${address} (${role}).`);
        });
        return;
      }
      case 'set-role': {
        if (value === undefined) throw usageError();
        const role = readRole(value);
        await withStore(async (store) => {
          await setRole(store.db, address, role, actor);
          console.log(`${address} is now ${role === 'visitor' ? 'a' : 'an'} ${role}.`);
        });
        return;
      }
      case 'disable':
      case 'enable':
        await withStore(async (store) => {
          await setDisabled(store.db, address, action === 'disable', actor);
          console.log(action === 'disable' ? `Disabled ${address}; its sessions have ended.` : `${address} can sign in again.`);
        });
        return;
      case 'remove': {
        if (!flags.has('yes')) {
          const question = `Remove the account ${address}? Its audit entries stay.`;
          if (!process.stdin.isTTY) throw new Error(`Removing an account needs --yes; nothing was changed.`);
          if (!(await confirm(question))) {
            console.log('Nothing was changed.');
            return;
          }
        }
        await withStore(async (store) => {
          await removeAccount(store.db, address, actor);
          console.log(`Removed the account ${address}.`);
        });
        return;
      }
      case 'reset-password': {
        const password = await readNewPassword(address);
        await withStore(async (store) => {
          await resetPassword(store.db, address, password, actor);
          console.log(`Set a new password for ${address}; its sessions have ended.`);
        });
        return;
      }
      default:
        throw usageError();
    }
  },
};
