/** `topics …`: the site's taxonomy from the command line (docs/search.md, "Topics"). */
import { listTopics, saveTopics } from '../cms/repositories/topics';
import { findPrimarySite } from '../cms/repositories/sites';
import { commandLineActor, recordChange } from '../editing/audit';
import { MAX_TOPIC_SLUG, TOPIC_SLUG, type Topic } from '../shared/topics';
import { readOptions, withStore, type Command } from './command';

const LANGUAGE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;

const USAGE = [
  'topics list',
  'topics add <slug> <facet> <language>=<name> [<language>=<name> …]',
  '',
  'A topic is what sheets are about: its slug is its page’s address (/topics/<slug>) and what a',
  'sheet lists; its facet groups it (process, kind, element, …); it has a name in each language',
  '(en_US=Aluminum de_DE=Aluminium). Adding a slug the site has changes its facet and names.',
  'Sheets get their topics in the studio or from an import.',
].join('\n');

export const topicsCommand: Command = {
  summary: 'List the site’s topics, or add one.',
  usage: USAGE,
  run: async ([action, ...rest]) => {
    if (action === 'list') {
      readOptions(rest, []);
      return withStore(async (store) => {
        const site = await findPrimarySite(store.db);
        if (site === undefined) throw new Error('The store has no site yet: seed or import content first.');
        const topics = await listTopics(store.db, site.id);
        if (topics.length === 0) console.log('The site has no topics yet. Add one with: npm run cli -- topics add <slug> <facet> <language>=<name>');
        for (const topic of topics) {
          const names = Object.entries(topic.labels).map(([language, name]) => `${language}=${name}`);
          console.log(`${topic.facet}\t${topic.slug}\t${names.join(' ')}`);
        }
      });
    }
    if (action === 'add') {
      const [slug, facet, ...names] = readOptions(rest, []).positional;
      if (slug === undefined || facet === undefined || names.length === 0) throw new Error(`Usage: npm run cli -- ${USAGE.split('\n')[1]}`);
      if (!TOPIC_SLUG.test(slug) || slug.length > MAX_TOPIC_SLUG)
        throw new Error(`"${slug}" cannot be a topic's slug: use lower case letters and digits, joined by single hyphens`);
      if (!TOPIC_SLUG.test(facet)) throw new Error(`"${facet}" cannot be a facet: use lower case letters and digits, joined by single hyphens`);
      const labels: Record<string, string> = {};
      for (const pair of names) {
        const [language = '', ...name] = pair.split('=');
        const label = name.join('=').trim();
        if (!LANGUAGE.test(language) || label === '' || label.length > 200) throw new Error(`"${pair}" is not <language>=<name> (en_US=Aluminum)`);
        labels[language] = label;
      }
      return withStore(async (store) => {
        const site = await findPrimarySite(store.db);
        if (site === undefined) throw new Error('The store has no site yet: seed or import content first.');
        await store.db.transaction().execute(async (trx) => {
          const topics = await listTopics(trx, site.id);
          const before = topics.find((topic) => topic.slug === slug);
          const topic: Topic = {
            slug,
            facet,
            position: before?.position ?? Math.max(-1, ...topics.map((other) => other.position)) + 1,
            labels: { ...before?.labels, ...labels },
          };
          await saveTopics(trx, site.id, [topic]);
          await recordChange(trx, {
            actor: commandLineActor(),
            action: before === undefined ? 'topic.add' : 'topic.change',
            target: { type: 'topic', id: slug, label: slug },
            before,
            after: topic,
          });
        });
        console.log(`The topic ${slug} (${facet}) is on the site: its page is /topics/${slug}.`);
      });
    }
    throw new Error(
      `Usage: ${USAGE.split('\n')
        .filter((line) => line.startsWith('topics'))
        .map((line) => `npm run cli -- ${line}`)
        .join('\n       ')}`,
    );
  },
};
