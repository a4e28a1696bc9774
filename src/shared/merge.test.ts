import { describe, expect, it } from 'vitest';
import { mergeDrafts, setAt, takeFrom } from './merge';

const base = { title: 'TEOS', translations: { en_US: { title: 'TEOS', description: 'Old' }, de_DE: { title: 'TEOS', description: 'Alt' } }, image: null };

describe('merging a draft with one saved meanwhile', () => {
  it('takes each side’s own changes without asking', () => {
    const ours = setAt(base, ['translations', 'en_US', 'description'], 'Ours');
    const theirs = setAt(base, ['translations', 'de_DE', 'description'], 'Ihre');
    const { merged, conflicts } = mergeDrafts(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.translations).toEqual({ en_US: { title: 'TEOS', description: 'Ours' }, de_DE: { title: 'TEOS', description: 'Ihre' } });
  });

  it('names each field both changed differently, ours standing until the editor chooses', () => {
    const ours = setAt(setAt(base, ['title'], 'Ours'), ['translations', 'en_US', 'description'], 'Same');
    const theirs = setAt(setAt(base, ['title'], 'Theirs'), ['translations', 'en_US', 'description'], 'Same');
    const { merged, conflicts } = mergeDrafts(base, ours, theirs);
    expect(conflicts).toEqual([{ path: ['title'], ours: 'Ours', theirs: 'Theirs' }]);
    expect(merged.title).toBe('Ours');
    expect(merged.translations.en_US.description).toBe('Same');
  });

  it('keeps what only one side added or removed, and asks when the other changed what was removed', () => {
    const image = { sha256: 'ab', width: 2 };
    const theirs = setAt(base, ['image'], image);
    const ours = setAt(base, ['translations', 'de_DE'], undefined);
    const { merged, conflicts } = mergeDrafts(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(merged.image).toEqual(image);
    expect(Object.keys(merged.translations)).toEqual(['en_US']);

    const changed = setAt(base, ['translations', 'de_DE', 'description'], 'Neu');
    expect(mergeDrafts(base, ours, changed).conflicts).toEqual([{ path: ['translations', 'de_DE', 'description'], ours: undefined, theirs: 'Neu' }]);
  });

  it('moves a record one side added or removed as a whole, never leaving half of one', () => {
    const theirs = setAt(base, ['translations', 'de_DE'], undefined);
    const ours = setAt(base, ['translations', 'de_DE', 'description'], 'Unsere');
    const { merged, conflicts } = mergeDrafts(base, ours, theirs);
    expect(conflicts).toEqual([{ path: ['translations', 'de_DE', 'description'], ours: 'Unsere', theirs: undefined }]);
    expect(merged.translations.de_DE).toEqual({ title: 'TEOS', description: 'Unsere' });
    // Taking theirs for that field takes their removal of the whole record.
    expect(takeFrom(merged, theirs, conflicts[0]!.path).translations).toEqual({ en_US: base.translations.en_US });

    const seo = { urlAlias: 'teos', fields: { a: '1' } };
    const withSeo = mergeDrafts(base, setAt(base, ['image'], seo), setAt(base, ['title'], 'Theirs'));
    expect(withSeo.merged).toMatchObject({ image: seo, title: 'Theirs' });
  });
});
