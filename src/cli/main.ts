/**
 * Operator commands: `npm run cli -- <command> [--help]`. Each command reads the same environment
 * as the server (DATABASE_URL, …).
 */
import { describeDatabase, migrateToLatest, openDatabase, type OpenStore } from '../cms/database';
import { countSites } from '../cms/repositories/sites';
import { seedDemoContent } from '../demo/seed-demo';
import { ConfigError, loadConfig, type AppConfig } from '../server/config';
import { createProgressBar } from './progress-bar';
import { readSecret } from './read-secret';
import { exportContentFolder } from '../transfer/export-content';
import { importContentFolder, type ImportSummary } from '../transfer/import-content';
import { migrateFromDeliveryApi } from '../transfer/migrate-from-api';
import { importCsvFile } from '../transfer/import-csv';
import { describeFailure } from '../cms/store-guard';
import { randomBytes } from 'node:crypto';
import { findUserByEmail, insertUser } from '../cms/repositories/users';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../server/auth/passwords';
import { idFromBytes } from '../shared/ids';
import { USER_ID_PREFIX } from '../shared/constants';

/** Opens the configured store, migrated, for the length of a command. */
async function withStore(run: (store: OpenStore, config: AppConfig) => Promise<void>): Promise<void> {
  const config = loadConfig();
  const store = openDatabase(config.database);
  try {
    await migrateToLatest(store);
    await run(store, config);
  } finally {
    await store.close();
  }
}

interface Command {
  summary: string;
  usage: string;
  run(args: string[]): Promise<void>;
}

/** `--name value` options, `--flag` switches and the remaining positional arguments. */
function readOptions(args: string[], names: string[], flags: string[] = []): { options: Record<string, string>; flags: Set<string>; positional: string[] } {
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

function printImportSummary(summary: ImportSummary): void {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  console.log(
    `Imported ${count(summary.contents, 'content', 'contents')}, ${count(summary.collections, 'collection', 'collections')}, ${count(summary.fileAssets, 'document', 'documents')}, ${count(summary.seoRecords, 'SEO record', 'SEO records')} and ${count(summary.sites, 'site', 'sites')}. Every server process shows the change on its next request.`,
  );
}

const COMMANDS: Record<string, Command> = {
  content: {
    summary: 'Import content from a folder or from another delivery API, or export it to a folder.',
    usage: [
      'content import <folder|manifest.json>',
      'content import <sheets.csv> [--collection <keyOrId>] [--title <new collection title>] [--keep-others]',
      'content import --from <site URL> --site <siteId> --collection <collectionKeyOrId> [--languages de_DE,fr_FR]',
      'content export <folder>',
      '',
      'The folder and CSV formats are described in docs/content-format.md. An import checks every',
      'record first and changes nothing when any is wrong; importing the same content again changes',
      "nothing. A CSV import makes the collection list exactly the CSV's sheets, in its order",
      '(--keep-others keeps the sheets it does not list, after them).',
    ].join('\n'),
    run: async ([action, ...rest]) => {
      if (action === 'export') {
        const [folder] = rest;
        if (folder === undefined) throw new Error('Usage: npm run cli -- content export <folder>');
        await withStore(async (store) => {
          const manifest = await exportContentFolder(store.db, folder);
          console.log(
            `Exported ${manifest.contents.length} contents, ${manifest.collections.length} collections and ${manifest.fileAssets.length} documents to ${folder}.`,
          );
        });
        return;
      }
      if (action !== 'import') throw new Error('Usage: npm run cli -- content import|export …');
      const { options, flags, positional } = readOptions(rest, ['from', 'site', 'collection', 'languages', 'title'], ['keep-others']);
      await withStore(async (store, config) => {
        const progress = createProgressBar('Importing', process.stdout);
        if (options.from !== undefined) {
          if (!options.site || !options.collection) throw new Error('--from needs --site <siteId> and --collection <collectionKeyOrId>');
          const summary = await migrateFromDeliveryApi(
            store.db,
            {
              baseUrl: options.from,
              siteId: options.site,
              collectionKeyOrId: options.collection,
              languages:
                options.languages
                  ?.split(',')
                  .map((language) => language.trim())
                  .filter(Boolean) ?? [],
            },
            { onProgress: progress.update, onStage: (stage) => process.stdout.isTTY || console.log(`${stage}…`) },
          );
          progress.done();
          printImportSummary(summary);
          return;
        }
        const [location] = positional;
        if (location === undefined) throw new Error('Usage: npm run cli -- content import <folder|manifest.json|sheets.csv>');
        if (/\.csv$/i.test(location)) {
          const summary = await importCsvFile(
            store.db,
            location,
            {
              collection: options.collection,
              newCollectionTitle: options.title,
              keepOthers: flags.has('keep-others'),
              platformSitesSegment: config.platformSitesSegment,
            },
            { onProgress: progress.update },
          );
          progress.done();
          printImportSummary(summary);
          if (summary.removedFromCollection > 0)
            console.log(
              `${summary.removedFromCollection} sheets the CSV does not list left the collection (they stay in the store; --keep-others keeps them listed).`,
            );
          console.log(`The collection is ${summary.collectionKey}; a page shows it with "collectionKeyOrId": "${summary.collectionKey}" (docs/pages.md).`);
          return;
        }
        const summary = await importContentFolder(store.db, location, { onProgress: progress.update });
        progress.done();
        printImportSummary(summary);
      });
    },
  },
  users: {
    summary: 'Create accounts for signed-in pages (the password is asked for, or read from standard input).',
    usage: 'users add <email>',
    run: async ([action, email]) => {
      if (action !== 'add' || email === undefined) throw new Error('Usage: npm run cli -- users add <email>');
      const address = email.trim().toLowerCase();
      if (!/^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(address)) throw new Error(`"${email}" is not an email address`);
      const password = await readSecret(`Password for ${address}: `);
      if (process.stdin.isTTY && (await readSecret('Password again: ')) !== password) throw new Error('The passwords do not match');
      if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`A password needs at least ${MIN_PASSWORD_LENGTH} characters`);
      if (password.length > MAX_PASSWORD_LENGTH) throw new Error(`A password has at most ${MAX_PASSWORD_LENGTH} characters`);
      await withStore(async (store) => {
        if (await findUserByEmail(store.db, address)) throw new Error(`An account for ${address} already exists`);
        await insertUser(store.db, {
          id: idFromBytes(USER_ID_PREFIX, randomBytes(16)),
          email: address,
          password_hash: await hashPassword(password),
          created_at: new Date().toISOString(),
        });
        console.log(`Created the account ${address}.`);
      });
    },
  },
  migrate: {
    summary: 'Create the content store or bring its schema up to date.',
    usage: 'migrate',
    async run() {
      const config = loadConfig();
      const store = openDatabase(config.database);
      try {
        const applied = await migrateToLatest(store);
        console.log(applied.length === 0 ? 'The content store is up to date.' : `Applied ${applied.join(', ')}.`);
      } finally {
        await store.close();
      }
    },
  },
  seed: {
    summary: 'Load the demo literature sheets into an empty content store.',
    usage: 'seed',
    run: () =>
      withStore(async (store, config) => {
        if ((await countSites(store.db)) > 0) {
          console.log(`The content store at ${describeDatabase(config.database)} already has content; nothing was changed.`);
          return;
        }
        const progress = createProgressBar('Seeding demo content', process.stdout);
        await seedDemoContent(store.db, { platformSitesSegment: config.platformSitesSegment, onProgress: progress.update });
        progress.done();
        console.log(`Seeded the demo literature sheets into ${describeDatabase(config.database)}.`);
      }),
  },
};

function printHelp(): void {
  console.log('Usage: npm run cli -- <command> [--help]\n\nCommands:');
  for (const [name, command] of Object.entries(COMMANDS)) console.log(`  ${name.padEnd(10)} ${command.summary}`);
  console.log('\nSettings come from the environment; see .env.example.');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    printHelp();
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    console.error(`Unknown command "${name}".\n`);
    printHelp();
    return 1;
  }
  if (args.includes('--help') || args.includes('-h')) {
    const usage = command.usage.split('\n').map((line) => (line.startsWith(name) ? `npm run cli -- ${line}` : line));
    console.log(`Usage: ${usage.join('\n')}\n\n${command.summary}`);
    return 0;
  }
  try {
    await command.run(args);
    return 0;
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : `Failed: ${describeFailure(error)}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
