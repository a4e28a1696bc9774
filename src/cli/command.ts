/** What every command shares: its shape, its options and the store it works on. */
import { migrateToLatest, openDatabase, type OpenStore } from '../cms/database';
import { loadConfig, type AppConfig } from '../server/config';
import { readJournalHead } from '../cms/repositories/journal';
import { readJournalOnce } from '../server/journal-follower';

export interface Command {
  summary: string;
  usage: string;
  run(args: string[]): Promise<void>;
}

/** Opens the configured store, migrated, for the length of a command. */
export async function withStore(run: (store: OpenStore, config: AppConfig) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const store = openDatabase(config.database);
  try {
    await migrateToLatest(store);
    const head = await readJournalHead(store.db);
    await run(store, config);
    // What the command changed is searchable, and queued for the CDN and webhooks, when it ends.
    if ((await readJournalHead(store.db)) !== head) await readJournalOnce(store);
  } finally {
    await store.close();
  }
}

/** `--name value` options, `--flag` switches and the remaining positional arguments. */
export function readOptions(
  args: string[],
  names: string[],
  flags: string[] = [],
): { options: Record<string, string>; flags: Set<string>; positional: string[] } {
  const options: Record<string, string> = {};
  const switches = new Set<string>();
  const positional: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const name = arg.startsWith('--') ? arg.slice(2) : null;
    if (name === null) positional.push(arg);
    else if (flags.includes(name)) switches.add(name);
    else if (!names.includes(name)) throw new Error(`Unknown option --${name}`);
    else {
      const value = args[++index];
      if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
      options[name] = value;
    }
  }
  return { options, flags: switches, positional };
}
