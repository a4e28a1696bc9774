/** `settings …`: the site's settings for editing from the command line (docs/editing.md, "Review"). */
import { readReviewPolicy, REVIEW_POLICIES, type ReviewPolicy } from '../cms/repositories/reviews';
import { commandLineActor } from '../editing/audit';
import { changeReviewPolicy } from '../editing/editor-reviews';
import { readOptions, withStore, type Command } from './command';

const USAGE = [
  'settings',
  'settings review off|editors|admins',
  '',
  'review: whether publishing a sheet, the page or the order needs an approval by someone other',
  'than its author: off, editors (another editor or an admin approves), admins (only an admin).',
].join('\n');

export const settingsCommand: Command = {
  summary: 'Show the site’s settings for editing, or change whether publishing needs an approval.',
  usage: USAGE,
  run: async (args) => {
    const [name, value, ...rest] = readOptions(args, []).positional;
    if (name === undefined) return withStore(async (store) => console.log(`review\t${await readReviewPolicy(store.db)}`));
    if (name !== 'review' || rest.length > 0 || !REVIEW_POLICIES.includes(value as ReviewPolicy)) throw new Error(`Usage:\n${USAGE}`);
    return withStore(async (store) => {
      await changeReviewPolicy(store.db, value as ReviewPolicy, commandLineActor());
      console.log(
        value === 'off'
          ? 'Publishing needs no approval now.'
          : `Publishing needs an approval by ${value === 'admins' ? 'an admin' : 'another editor or an admin'} from now on.`,
      );
    });
  },
};
