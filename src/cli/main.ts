/**
 * Operator commands: `npm run cli -- <command> [--help]`. Each command reads the same environment
 * as the server (DATABASE_URL, …).
 */
import { describeDatabase, migrateToLatest, openDatabase, type OpenStore } from '../cms/database';
import { countSites } from '../cms/repositories/sites';
import { seedDemoContent } from '../demo/seed-demo';
import { ConfigError, loadConfig } from '../server/config';
import { createProgressBar } from './progress-bar';
import { exportContentFolder } from '../transfer/export-content';
import { exportCsvFile } from '../transfer/export-csv';
import { proposeManifest, readContentFolder } from '../transfer/import-content';
import { planProposal } from '../transfer/import-plan';
import { applyProposal } from '../transfer/import-apply';
import type { ImportProposal } from '../transfer/import-proposal';
import { prepareMigration } from '../transfer/migrate-from-api';
import { prepareCsvImport } from '../transfer/import-csv';
import { otherSpreadsheetAdvice } from '../transfer/xlsx';
import { isZipFile, unpackImportZip } from '../transfer/import-zip';
import { MAX_CSV_ROWS } from '../transfer/csv-sheets';
import { confirm } from './confirm';
import { countOf, formatPlan } from './print-plan';
import { describeFailure } from '../cms/store-guard';
import { readOptions, withStore, type Command } from './command';
import { usersCommand } from './users-command';
import { searchCommand } from './search-command';
import { journalCommand } from './journal-command';
import { topicsCommand } from './topics-command';
import { translationsCommand } from './translations-command';
import { settingsCommand } from './settings-command';
import { fieldsCommand } from './fields-command';
import { auditCommand } from './audit-command';
import { webhooksCommand } from './webhooks-command';
import { listImports } from '../cms/repositories/editing';
import { commandLineActor } from '../editing/audit';
import { EditingError } from '../editing/editable';
import { applyStateOf, undoImport, undoStateOf } from '../editing/imports';
import { problemLine } from '../shared/problems';

interface ImportRun {
  dryRun: boolean;
  removeUnlisted: boolean;
  yes: boolean;
  /** Put sheets on the site past review before publish (the audit log names it). */
  bypassReview: boolean;
}

/**
 * Imports a folder or its manifest.json, a CSV, or a zip of either (docs/content-format.md),
 * unpacked for the import's time and found as the studio's import finds it.
 */
async function importFile(
  store: OpenStore,
  location: string,
  target: { collection?: string; title?: string; platformSitesSegment: string },
  run: ImportRun,
): Promise<void> {
  const advice = otherSpreadsheetAdvice(location);
  if (advice !== null) throw new Error(advice);
  // A table first: an .xlsx is a zip too, of a workbook's parts.
  if (/\.(?:csv|xlsx)$/i.test(location)) {
    const prepared = await prepareCsvImport(store.db, location, {
      collection: target.collection,
      newCollectionTitle: target.title,
      removeUnlisted: run.removeUnlisted,
      platformSitesSegment: target.platformSitesSegment,
    });
    const applied = await runImport(store, prepared, run);
    if (applied)
      console.log(`The collection is ${prepared.collectionKey}; a page shows it with "collectionKeyOrId": "${prepared.collectionKey}" (docs/pages.md).`);
    return;
  }
  if (/\.zip$/i.test(location) || (await isZipFile(location))) {
    const zip = await unpackImportZip(location);
    try {
      await importFile(store, zip.location, target, run);
    } finally {
      await zip.remove();
    }
    return;
  }
  const { manifest, files } = await readContentFolder(store.db, location);
  await runImport(store, await proposeManifest(store.db, manifest, files, run), run);
}

/**
 * Plans an import, shows the plan when asked (--dry-run), asks before taking sheets off a
 * collection, and applies it in one transaction.
 */
async function runImport(store: OpenStore, proposal: ImportProposal, run: ImportRun): Promise<boolean> {
  const plan = await planProposal(store.db, proposal);
  const removals = countOf(plan, 'remove');
  if (run.dryRun) {
    console.log(formatPlan(plan));
    console.log('Dry run: nothing was changed.');
    return false;
  }
  if (removals > 0 && !run.yes) {
    const question = `This takes ${removals} sheet${removals === 1 ? '' : 's'} the file does not list off the collection (they stay in the store). Go on?`;
    if (!process.stdin.isTTY) throw new Error(`${question.replace(' Go on?', '')} Confirm with --yes (or see the plan with --dry-run); nothing was changed.`);
    console.log(formatPlan(plan));
    if (!(await confirm(question))) {
      console.log('Nothing was changed.');
      return false;
    }
  }
  const progress = createProgressBar('Importing', process.stdout);
  const applied = await applyProposal(store.db, proposal, { actor: commandLineActor(), onProgress: progress.update, bypassReview: run.bypassReview });
  progress.done();
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const others = plan.entries.filter((entry) => entry.kind !== 'sheet' && entry.action !== 'keep' && entry.action !== 'remove').length;
  if (applied.into === 'drafts') {
    console.log(
      `${applied.summary[0]!.toUpperCase()}${applied.summary.slice(1)}, into the sheets' drafts: review before publish is on, so the site shows none of it until a reviewer approves each draft and it is published (each is waiting for review). To put it on the site at once, undo this and import with --bypass-review.`,
    );
    if (applied.needAttention.length > 0)
      console.log(
        `${count(applied.needAttention.length, 'draft')} had changed the same fields (${applied.needAttention.join('; ')}): each keeps its own and needs an editor's choice in the studio.`,
      );
    console.log(`This was import ${applied.importId}; npm run cli -- content import --undo ${applied.importId} reverts it.`);
    return true;
  }
  console.log(
    `${applied.summary[0]!.toUpperCase()}${applied.summary.slice(1)}${others > 0 ? `; ${count(others, 'other record')} added or changed` : ''}${removals > 0 ? `; took ${count(removals, 'sheet')} off the collection` : ''}; left ${countOf(plan, 'keep')} alone. Every server process shows the change on its next request.`,
  );
  if (applied.needAttention.length > 0)
    console.log(
      `${count(applied.needAttention.length, 'sheet')} had a draft that changed the same fields (${applied.needAttention.join('; ')}): the site shows the import's; each draft keeps its own and needs an editor's choice in the studio.`,
    );
  console.log(`This was import ${applied.importId}; npm run cli -- content import --undo ${applied.importId} reverts it.`);
  return true;
}

const COMMANDS: Record<string, Command> = {
  content: {
    summary: 'Import content from a folder, a CSV or another delivery API, or export it to a folder or a CSV.',
    usage: [
      'content import <folder|manifest.json|export.zip> [--dry-run] [--remove-unlisted [--yes]]',
      'content import <sheets.csv|sheets.xlsx> [--collection <keyOrId>] [--title <new collection title>] [--dry-run] [--remove-unlisted [--yes]]',
      'content import --from <site URL> --site <siteId> --collection <collectionKeyOrId> [--languages de_DE,fr_FR] [--max-pages 10000] [--dry-run]',
      'content import --undo <import id> [--keep-later]',
      'content imports',
      'content export <folder>',
      'content export --csv <sheets.csv> [--collection <keyOrId>]',
      '',
      'The folder and CSV formats are described in docs/content-format.md; an .xlsx is read as the',
      'CSV would be, from its first sheet; a zip of a folder or a CSV (the studio’s Export zip) is',
      `imported as what it holds. A CSV takes at most ${MAX_CSV_ROWS.toLocaleString('en-US')} rows: split a larger one. An import`,
      'checks every record first and changes nothing when any is wrong; importing the same content',
      'again changes nothing. An import adds and changes, and removes nothing: a CSV row changes only',
      'the columns it carries, and sheets the file does not list stay in the collection where they are.',
      '  --dry-run          show what would be added, changed (field by field) and left alone; change nothing',
      '  --remove-unlisted  take the sheets the file does not list off the collection (asks first on a',
      '                     terminal; elsewhere it needs --yes)',
      '  --bypass-review    while review before publish is on, put the sheets on the site anyway (an import',
      '                     goes into the sheets’ drafts, for review, otherwise); the audit log names it',
      '  --keep-others      accepted for older scripts: keeping them is what an import does',
      '  --max-pages        with --from: stop, with a message, after this many pages of a language (default 10000)',
      '  --undo <import id> put back exactly the fields and collection orders that import changed, in one',
      '                     transaction (sheets it added go to the trash); `content imports` lists imports.',
      '                     When something changed one of those fields since, it names them and changes nothing',
      '  --keep-later       with --undo: undo the rest, and keep the fields changed since the import',
    ].join('\n'),
    run: async ([action, ...rest]) => {
      if (action === 'export') {
        const { options, positional } = readOptions(rest, ['csv', 'collection']);
        const [folder] = positional;
        await withStore(async (store) => {
          if (options.csv !== undefined) {
            const written = await exportCsvFile(store.db, options.csv, { collection: options.collection });
            console.log(`Exported ${written.sheets} sheets (${written.rows} rows), ${written.fileCount} documents and images beside ${options.csv}.`);
            return;
          }
          if (folder === undefined) throw new Error('Usage: npm run cli -- content export <folder> | --csv <sheets.csv>');
          const manifest = await exportContentFolder(store.db, folder);
          console.log(
            `Exported ${manifest.contents.length} contents, ${manifest.collections.length} collections and ${manifest.fileAssets.length} documents to ${folder}.`,
          );
        });
        return;
      }
      if (action === 'imports') {
        await withStore(async (store) => {
          const imports = await listImports(store.db, 50);
          if (imports.length === 0) console.log('No imports yet.');
          const now = new Date();
          const undo = (row: (typeof imports)[number]) =>
            ({
              none: '',
              done: `  (undone ${row.undone_at})`,
              running: `  (being undone since ${row.undone_at})`,
              'cut-off': `  (its undo of ${row.undone_at} stopped part-way: --undo ${row.id} finishes it)`,
            })[undoStateOf(row, now)];
          const applying = (row: (typeof imports)[number]) =>
            row.undone_at !== null
              ? ''
              : {
                  done: '',
                  running: `  (being applied, its last step at ${row.apply_step_at})`,
                  'cut-off': `  (applying it stopped part-way: --undo ${row.id} takes back what it applied)`,
                }[applyStateOf(row, now)];
          for (const row of imports) console.log(`${row.id}  ${row.created_at}  ${row.actor}  ${row.summary}${applying(row)}${undo(row)}`);
        });
        return;
      }
      if (action !== 'import') throw new Error('Usage: npm run cli -- content import|imports|export …');
      const { options, flags, positional } = readOptions(
        rest,
        ['from', 'site', 'collection', 'languages', 'title', 'max-pages', 'undo'],
        ['keep-others', 'dry-run', 'remove-unlisted', 'yes', 'keep-later', 'bypass-review'],
      );
      const run = {
        dryRun: flags.has('dry-run'),
        removeUnlisted: flags.has('remove-unlisted'),
        yes: flags.has('yes'),
        bypassReview: flags.has('bypass-review'),
      };
      await withStore(async (store, config) => {
        if (options.undo !== undefined) {
          const undone = await undoImport(store.db, options.undo, commandLineActor(), { keepLater: flags.has('keep-later') }).catch((error: unknown) => {
            if (!(error instanceof EditingError)) throw error;
            if (error.details.problems === undefined || error.reason !== 'conflict') throw new Error(`${error.message}; nothing was changed`);
            throw new Error(
              `Import ${options.undo} was not undone: these were changed since it, and undoing it would take that back:\n${error.details.problems.map((problem) => `  - ${problemLine(problem)}`).join('\n')}\nNothing was changed. To undo the rest and keep these: npm run cli -- content import --undo ${options.undo} --keep-later`,
            );
          });
          console.log(
            `Undid import ${undone.importId}: ${undone.restored} sheet${undone.restored === 1 ? ' put back as it was' : 's put back as they were'}, ${undone.removed} it had added taken off the site (into the trash)${undone.kept.length > 0 ? `; ${undone.kept.length} field${undone.kept.length === 1 ? '' : 's'} changed since kept` : ''}. Every server process shows the change on its next request.`,
          );
          return;
        }
        if (options.from !== undefined) {
          if (!options.site || !options.collection) throw new Error('--from needs --site <siteId> and --collection <collectionKeyOrId>');
          const languages =
            options.languages
              ?.split(',')
              .map((language) => language.trim())
              .filter(Boolean) ?? [];
          const maxPages = options['max-pages'] === undefined ? undefined : Number(options['max-pages']);
          if (maxPages !== undefined && !(Number.isInteger(maxPages) && maxPages >= 1)) throw new Error('--max-pages needs a whole number of at least 1');
          const prepared = await prepareMigration(
            store.db,
            { baseUrl: options.from, siteId: options.site, collectionKeyOrId: options.collection, languages, maxPages },
            {
              onStage: (stage) => console.log(`${stage}…`),
            },
          );
          await runImport(store, await proposeManifest(store.db, prepared.manifest, prepared.files, run), run);
          return;
        }
        const [location] = positional;
        if (location === undefined) throw new Error('Usage: npm run cli -- content import <folder|manifest.json|sheets.csv|sheets.xlsx|export.zip>');
        await importFile(store, location, { collection: options.collection, title: options.title, platformSitesSegment: config.platformSitesSegment }, run);
      });
    },
  },
  users: usersCommand,
  search: searchCommand,
  journal: journalCommand,
  topics: topicsCommand,
  translations: translationsCommand,
  settings: settingsCommand,
  fields: fieldsCommand,
  audit: auditCommand,
  webhooks: webhooksCommand,
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
