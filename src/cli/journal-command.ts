/** `journal …`: where the change journal's readers stand, and reading it now (docs/decisions/038). */
import { readCursor, readJournalHead } from '../cms/repositories/journal';
import { JOURNAL_READERS, readJournalOnce } from '../server/journal-follower';
import { rebuildPublished } from '../published/published-reader';
import { readOptions, withStore, type Command } from './command';

const USAGE = [
  'journal',
  'journal read',
  'journal rebuild',
  '',
  'Every change to what the site serves is journaled; its readers (the read model of what is',
  'published, the search index, the CDN’s purges, webhooks) follow it, each with a cursor.',
  '`journal` says how far each has read and how many entries wait; a serving process reads within',
  'JOURNAL_CHECK_MS, so a reader far behind for long is one that fails (the server’s log says why).',
  '`journal read` reads everything now. `journal rebuild` makes the read model whole again from the',
  'store and says how many rows it had to write: none, unless something wrote around the journal.',
].join('\n');

export const journalCommand: Command = {
  summary: 'Show how far the change journal’s readers have read, read it now, or rebuild the read model.',
  usage: USAGE,
  run: async ([action, ...rest]) => {
    readOptions(rest, []);
    if (action !== undefined && action !== 'read' && action !== 'rebuild') throw new Error(`Usage: npm run cli -- journal [read|rebuild]`);
    return withStore(async (store) => {
      if (action === 'rebuild') {
        const { written, removed } = await rebuildPublished(store);
        console.log(`The read model of what is published: ${written} rows written, ${removed} removed.`);
      }
      if (action === 'read') {
        const held = await readJournalOnce(store);
        console.log(held.length === 0 ? 'Read: every reader is up to date.' : `Read; another process holds ${held.join(', ')}, and reads for it.`);
      }
      const head = await readJournalHead(store.db);
      console.log(`The journal is at ${head}.`);
      for (const reader of JOURNAL_READERS) {
        const at = await readCursor(store.db, reader.name);
        console.log(
          at === undefined ? `  ${reader.name}: not started (it starts at the head)` : `  ${reader.name}: at ${at}, ${Math.max(0, head - at)} behind`,
        );
      }
    });
  },
};
