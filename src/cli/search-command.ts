/** `search …`: the search index and its synonyms, from the command line (docs/search.md). */
import { addSynonyms, listSynonyms } from '../search/synonyms';
import { syncSearchIndex } from '../search/search-index';
import { journalIndexChange } from '../search/index-reader';
import { readOptions, withStore, type Command } from './command';
import { createProgressBar } from './progress-bar';

const USAGE = [
  'search update',
  'search rebuild',
  'search synonyms add <group> <term> <term> [<term> …]',
  'search synonyms list',
  '',
  'The index follows every change (the change journal: a server reads it after each change and',
  'every JOURNAL_CHECK_MS, a command as it ends), so neither command is needed for search to be',
  'right: update compares every sheet with its entries now; rebuild makes every entry again (after',
  'an upgrade that changes how text is indexed). A synonym group makes its terms find the same',
  'sheets: a product’s name, its abbreviation and its formula, or two spellings. Terms are matched',
  'whole, in any case.',
].join('\n');

export const searchCommand: Command = {
  summary: 'Update or rebuild the search index; list and add synonyms.',
  usage: USAGE,
  run: async ([action, ...rest]) => {
    if (action === 'update' || action === 'rebuild') {
      readOptions(rest, []);
      return withStore(async (store) => {
        const progress = createProgressBar(action === 'rebuild' ? 'Rebuilding the search index' : 'Updating the search index', process.stdout);
        const result = await syncSearchIndex(store, { rebuild: action === 'rebuild', onProgress: progress.update });
        // Every entry may have changed: serving processes make their facet indexes afresh.
        if (result.written + result.removed > 0) await journalIndexChange(store.db, true, result);
        progress.done();
        console.log(`Indexed ${result.written} ${result.written === 1 ? 'entry' : 'entries'}; removed ${result.removed}.`);
      });
    }
    if (action === 'synonyms' && rest[0] === 'list') {
      return withStore(async (store) => {
        for (const [group, terms] of await listSynonyms(store.db)) console.log(`${group}: ${terms.join(', ')}`);
      });
    }
    if (action === 'synonyms' && rest[0] === 'add') {
      const [, group, ...terms] = readOptions(rest, []).positional;
      if (group === undefined || terms.length < 2) throw new Error('Usage: npm run cli -- search synonyms add <group> <term> <term> [<term> …]');
      return withStore(async (store) => {
        await addSynonyms(store.db, { [group]: terms });
        console.log(`The group ${group} holds ${terms.join(', ')} (and any terms it held). Searches use it at once.`);
      });
    }
    throw new Error(
      `Usage: ${USAGE.split('\n')
        .filter((line) => line.startsWith('search'))
        .map((line) => `npm run cli -- ${line}`)
        .join('\n       ')}`,
    );
  },
};
