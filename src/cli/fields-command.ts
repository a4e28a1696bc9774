/**
 * `fields …`: the literature sheet's fields from the command line (docs/content-model.md), the
 * same changes as the studio's Fields screen, each with a version and an audit entry.
 */
import { findSheetType } from '../cms/repositories/content-types';
import { FIELD_KINDS, type Field, type FieldKind } from '../content-model/definition';
import { commandLineActor } from '../editing/audit';
import { changeFields, type FieldChange } from '../editing/content-types';
import { LITERATURE_CONTENT_TYPE } from '../shared/constants';
import { readOptions, withStore, type Command } from './command';

const LANGUAGE = /^[a-z]{2,3}(?:_[A-Z]{2})?$/;

const USAGE = [
  'fields list',
  'fields add <name> <kind> <language>=<label> [<language>=<label> …] [--shared] [--several] [--required] [--search 0-3] [--not-on-page]',
  '           [--identifier cas|code] [--unit <unit>] [--max-length <n>]',
  'fields change <name> [<language>=<label> …] [--required yes|no] [--search 0-3] [--on-page yes|no] [--on-card yes|no] [--position <n>]',
  'fields retire <name>',
  'fields restore <name>',
  '',
  `What a literature sheet holds. Kinds: ${FIELD_KINDS.join(', ')}. A field is per language unless`,
  '--shared; --several takes a list (separated by ; in the studio and the CSV). --search weighs a',
  'match from 0 (not searched) to 3 (as much as a title). A retired field is no longer offered; its',
  'values are kept, and restore brings it back. A field is never removed, and its kind never changes.',
].join('\n');

/** `en_US=Shelf life` pairs as labels; none when `allowNone`. */
function readLabels(pairs: string[], allowNone: boolean): Record<string, string> {
  if (pairs.length === 0 && !allowNone) throw new Error('A field needs a label: <language>=<label> (en_US="Shelf life")');
  const labels: Record<string, string> = {};
  for (const pair of pairs) {
    const [language = '', ...rest] = pair.split('=');
    const label = rest.join('=').trim();
    if (!LANGUAGE.test(language) || rest.length === 0 || label.length > 200) throw new Error(`"${pair}" is not <language>=<label> (en_US="Shelf life")`);
    labels[language] = label;
  }
  return labels;
}

const yesNo = (value: string | undefined, name: string): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value !== 'yes' && value !== 'no') throw new Error(`--${name} is yes or no, not "${value}"`);
  return value === 'yes';
};

const wholeNumber = (value: string | undefined, name: string, max: number): number | undefined => {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > max) throw new Error(`--${name} is a whole number from 0 to ${max}, not "${value}"`);
  return number;
};

function describe(field: Field): string {
  const labels = Object.entries(field.labels).map(([language, label]) => `${language}=${label}`);
  const settings = [
    field.kind,
    field.perLanguage ? 'per language' : 'shared',
    ...(field.multiple ? ['several'] : []),
    ...(field.required ? ['required'] : []),
    `search ${field.shows.search}`,
    ...(field.shows.page ? [] : ['not on the page']),
    ...(field.retired ? ['retired'] : []),
  ];
  return `${field.name}\t${settings.join(', ')}\t${labels.join(' ')}`;
}

/** The changes a command asks for, in order. */
function changesOf(action: string, rest: string[]): FieldChange[] {
  if (action === 'add') {
    const { options, flags, positional } = readOptions(rest, ['search', 'identifier', 'unit', 'max-length'], ['shared', 'several', 'required', 'not-on-page']);
    const [name, kind, ...labels] = positional;
    if (name === undefined || kind === undefined) throw new Error(`Usage: npm run cli -- ${USAGE.split('\n')[1]}`);
    if (!(FIELD_KINDS as readonly string[]).includes(kind)) throw new Error(`"${kind}" is not a kind: ${FIELD_KINDS.join(', ')}`);
    const search = wholeNumber(options.search, 'search', 3);
    const maxLength = wholeNumber(options['max-length'], 'max-length', 1_000_000);
    return [
      {
        add: {
          name,
          kind: kind as FieldKind,
          labels: readLabels(labels, false),
          perLanguage: !flags.has('shared'),
          multiple: flags.has('several'),
          required: flags.has('required'),
          limits: {
            ...(options.identifier === undefined ? {} : { identifier: options.identifier as 'cas' | 'code' }),
            ...(options.unit === undefined ? {} : { unit: options.unit }),
            ...(maxLength === undefined ? {} : { maxLength }),
          },
          shows: { card: false, page: !flags.has('not-on-page'), search: search ?? 1, facet: false },
          retired: false,
        },
      },
    ];
  }
  if (action === 'change') {
    const { options, positional } = readOptions(rest, ['required', 'search', 'on-page', 'on-card', 'position']);
    const [name, ...labels] = positional;
    if (name === undefined) throw new Error(`Usage: npm run cli -- ${USAGE.split('\n')[3]}`);
    const required = yesNo(options.required, 'required');
    const page = yesNo(options['on-page'], 'on-page');
    const card = yesNo(options['on-card'], 'on-card');
    const search = wholeNumber(options.search, 'search', 3);
    const position = wholeNumber(options.position, 'position', 199);
    const given = readLabels(labels, true);
    const shows = { ...(search === undefined ? {} : { search }), ...(page === undefined ? {} : { page }), ...(card === undefined ? {} : { card }) };
    const settings = {
      ...(Object.keys(given).length === 0 ? {} : { labels: given }),
      ...(required === undefined ? {} : { required }),
      ...(Object.keys(shows).length === 0 ? {} : { shows }),
    };
    const changes: FieldChange[] = [
      ...(Object.keys(settings).length === 0 ? [] : [{ change: name, ...settings }]),
      ...(position === undefined ? [] : [{ move: name, to: position }]),
    ];
    if (changes.length === 0) throw new Error('Nothing to change: give labels, --required, --search, --on-page, --on-card or --position');
    return changes;
  }
  if (action === 'retire' || action === 'restore') {
    const [name] = readOptions(rest, []).positional;
    if (name === undefined) throw new Error(`Usage: npm run cli -- fields ${action} <name>`);
    return [{ change: name, retired: action === 'retire', ...(action === 'retire' ? { required: false } : {}) }];
  }
  throw new Error(
    `Usage: ${USAGE.split('\n')
      .filter((line) => line.startsWith('fields'))
      .map((line) => `npm run cli -- ${line}`)
      .join('\n       ')}`,
  );
}

export const fieldsCommand: Command = {
  summary: 'List the literature sheet’s fields, add one, change or retire one.',
  usage: USAGE,
  run: async ([action = '', ...rest]) => {
    if (action === 'list') {
      readOptions(rest, []);
      return withStore(async (store) => {
        for (const field of (await findSheetType(store.db)).fields) console.log(describe(field));
      });
    }
    const changes = changesOf(action, rest);
    return withStore(async (store) => {
      await changeFields(store.db, LITERATURE_CONTENT_TYPE, changes, commandLineActor());
      const name = 'add' in changes[0]! ? changes[0].add.name : 'move' in changes[0]! ? changes[0].move : changes[0]!.change;
      const field = (await findSheetType(store.db)).fields.find((candidate) => candidate.name === name);
      console.log(
        field === undefined
          ? 'Done.'
          : `${describe(field)}\nOn the site now: the studio's form, the CSV, the delivery API, the sheet page and search have it as it is.`,
      );
    });
  },
};
