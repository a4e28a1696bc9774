import { describe, expect, it } from 'vitest';
import type { SheetState, SheetView } from '../common/api';
import { LITERATURE_SHEET_DEFINITION } from '../../content-model/literature-sheet';
import { differsFromSaved, errorWords, hasUnsentTranslation, sendable, unsentValues, withChoices } from './draft-rules';

const TYPE = LITERATURE_SHEET_DEFINITION;

const sheet = (changes: Partial<SheetState>): SheetState => ({
  id: '20Y000000000001AAA',
  contentKey: 'MC' + 'A'.repeat(26),
  siteId: '0DM000000000001AAA',
  urlName: 'tma',
  primaryLanguage: 'en_US',
  createdAt: '2026-01-01T00:00:00.000Z',
  collectionId: null,
  translations: { en_US: { title: 'TMA', description: '', url: '', imageAlt: '' } },
  image: null,
  document: null,
  seo: null,
  ...changes,
});

const viewOf = (draft: SheetState) => ({ revision: 3, draft }) as SheetView;

describe('sendable', () => {
  it('leaves out a translation without a title, never the primary language', () => {
    const draft = sheet({
      translations: {
        en_US: { title: '', description: 'typed', url: '', imageAlt: '' },
        de_DE: { title: '  ', description: 'getippt', url: '', imageAlt: '' },
        fr_FR: { title: 'TMA', description: '', url: '', imageAlt: '' },
      },
    });
    expect(Object.keys(sendable(draft, null).translations)).toEqual(['en_US', 'fr_FR']);
  });

  it('writes the type’s values the one way their kind writes them, and only then', () => {
    const draft = sheet({ values: { casNumbers: '75241' } });
    expect(sendable(draft, TYPE).values).toEqual({ casNumbers: ['75-24-1'] });
    expect(sendable(draft, null).values).toEqual({ casNumbers: '75241' });
    // The draft on screen keeps what was typed.
    expect(draft.values).toEqual({ casNumbers: '75241' });
  });
});

describe('a number typed as its language writes it (issue 60)', () => {
  // A field per language (read as its language writes numbers) and a shared one (as the editor's language does: English here).
  const density = { ...TYPE.fields.find((field) => field.name === 'form')!, name: 'density', kind: 'number' as const, limits: { unit: 'g/cm³' } };
  const NUMBERS = { ...TYPE, fields: [...TYPE.fields, density, { ...density, name: 'meltingPoint', perLanguage: false }] };
  const german = (extra: Record<string, unknown>, values?: Record<string, unknown>) =>
    sheet({
      ...(values === undefined ? {} : { values }),
      translations: {
        en_US: { title: 'TMA', description: '', url: '', imageAlt: '' },
        de_DE: { title: 'TMA', description: 'neu', url: '', imageAlt: '', extra },
      },
    });

  it('sends a decimal comma typed in German as the number it is', () => {
    expect(sendable(german({ density: '0,752' }), NUMBERS).translations.de_DE!.extra).toEqual({ density: 0.752 });
    expect(sendable(german({ density: '1.234,5' }), NUMBERS).translations.de_DE!.extra).toEqual({ density: 1234.5 });
    expect(unsentValues(german({ density: '1,726' }), NUMBERS)).toEqual([]);
  });

  it('sends the rest of the sheet when a value does not read, keeping that field as saved, and names it with how to write it', () => {
    const saved = german({ density: 1.726 });
    const typed = german({ density: '1,72,6' }, { meltingPoint: '15' });
    const sent = sendable(typed, NUMBERS, saved);
    expect(sent.translations.de_DE!.extra).toEqual({ density: 1.726 });
    expect(sent.values).toEqual({ meltingPoint: 15 });
    expect(sent.translations.de_DE!.description).toBe('neu');
    expect(unsentValues(typed, NUMBERS)).toEqual([
      { place: 'translations.de_DE.extra.density', problems: ['"1,72,6" is not a number: write it like 1.234,5'] },
    ]);
    // Without a saved value, the field is left out rather than sent as typed.
    expect(sendable(german({ density: 'viel' }), NUMBERS, german({})).translations.de_DE!.extra).toBeUndefined();
    // What is saved is all that can be: nothing else to send, though the field says what it needs.
    expect(differsFromSaved(typed, viewOf(sendable(typed, NUMBERS, saved)), NUMBERS)).toBe(false);
  });
});

describe('differsFromSaved', () => {
  it('compares what would be sent, so text typed back or a value written another way is saved already', () => {
    const saved = sheet({ values: { casNumbers: ['75-24-1'] } });
    expect(differsFromSaved(sheet({ values: { casNumbers: '75241' } }), viewOf(saved), TYPE)).toBe(false);
    expect(differsFromSaved(sheet({ values: { casNumbers: '75241' } }), viewOf(saved), null)).toBe(true);
    expect(differsFromSaved(sheet({ urlName: 'tma-2' }), viewOf(saved), TYPE)).toBe(true);
  });

  it('is false until both the draft and the saved state are known', () => {
    expect(differsFromSaved(null, viewOf(sheet({})), TYPE)).toBe(false);
    expect(differsFromSaved(sheet({}), null, TYPE)).toBe(false);
  });
});

describe('hasUnsentTranslation', () => {
  it('finds text typed in a language that has no title yet, which no save sends', () => {
    const adding = (texts: Partial<NonNullable<SheetState['translations'][string]>>) =>
      sheet({
        translations: {
          en_US: { title: 'TMA', description: 'Sent', url: '', imageAlt: '' },
          de_DE: { title: '', description: '', url: '', imageAlt: '', ...texts },
        },
      });
    expect(hasUnsentTranslation(adding({ description: 'Getippt' }))).toBe(true);
    expect(hasUnsentTranslation(adding({ imageAlt: ' Bild ' }))).toBe(true);
    expect(hasUnsentTranslation(adding({ extra: { form: 'flüssig' } }))).toBe(true);
    expect(hasUnsentTranslation(adding({ extra: { packageSizes: [] } }))).toBe(true);
    expect(hasUnsentTranslation(adding({ description: '  ', extra: { form: ' ', purity: null } }))).toBe(false);
    expect(hasUnsentTranslation(sheet({}))).toBe(false);
    expect(hasUnsentTranslation(null)).toBe(false);
  });
});

describe('withChoices', () => {
  const ours = sheet({ urlName: 'ours', values: { formula: 'ours', purity: 'ours' } });
  const theirs = sheet({ urlName: 'theirs', values: { formula: 'theirs', purity: 'theirs' } });
  const conflicts = [
    { path: ['urlName'], ours: 'ours', theirs: 'theirs' },
    { path: ['values', 'formula'], ours: 'ours', theirs: 'theirs' },
  ];

  it('takes theirs for each field asked for by its index, keeps ours for the rest', () => {
    const chosen = withChoices(ours, conflicts, theirs, new Set([1]));
    expect(chosen.urlName).toBe('ours');
    expect(chosen.values).toEqual({ formula: 'theirs', purity: 'ours' });
    expect(withChoices(ours, conflicts, theirs, new Set())).toEqual(ours);
  });
});

describe('errorWords', () => {
  it('shows an error’s message, anything else as text', () => {
    expect(errorWords(new Error('Not allowed'))).toBe('Not allowed');
    expect(errorWords('offline')).toBe('offline');
  });
});
