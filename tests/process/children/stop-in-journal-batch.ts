/**
 * A process that reads one batch of the change journal with one reader and stops inside it, its
 * transaction open, until it is killed (journal-readers-killed.test.ts): as a server killed by
 * SIGKILL mid-batch would. Run with `node --import tsx`; DATABASE_URL names the store, the first
 * argument the reader.
 */
import { openDatabase } from '../../../src/cms/database';
import { readBatch } from '../../../src/cms/journal-readers';
import { loadConfig } from '../../../src/server/config';
import { JOURNAL_READERS } from '../../../src/server/journal-follower';

const reader = JOURNAL_READERS.find((candidate) => candidate.name === process.argv[2]);
if (reader === undefined) throw new Error(`no reader ${process.argv[2]}`);
const store = openDatabase(loadConfig().database, { busyTimeoutMs: 10_000 });
await readBatch(store, {
  ...reader,
  async apply(trx, entries, dialect) {
    await reader.apply(trx, entries, dialect);
    process.stdout.write(`applied ${entries.length}\n`);
    // Held here, the batch applied and its cursor not yet moved, until the test kills the process.
    await new Promise(() => undefined);
  },
});
