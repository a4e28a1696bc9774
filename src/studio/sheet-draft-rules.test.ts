import { describe, expect, it } from 'vitest';
import type { SheetState, SheetView } from './api';
import { LITERATURE_SHEET_DEFINITION } from '../content-model/literature-sheet';
import { differsFromSaved, errorWords, hasUnsentTranslation, sendable, withChoices } from './sheet-draft-rules';

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
