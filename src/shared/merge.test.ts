import { describe, expect, it } from 'vitest';
import { changesBetween, mergeDrafts, revertChanges, setAt, takeFrom } from './merge';

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

describe('records and files in a merge, a diff and an undo', () => {
  it('removes a field and keeps the record it was in, even empty', () => {
    const state = { seo: { urlAlias: null, fields: { title: 'T' }, hrefLangUrls: {} } };
    expect(setAt(state, ['seo', 'fields', 'title'], undefined)).toEqual({ seo: { urlAlias: null, fields: {}, hrefLangUrls: {} } });
    expect(setAt(state, ['seo', 'missing', 'title'], undefined)).toEqual(state);
    const reverted = revertChanges({ seo: { fields: {}, hrefLangUrls: { de_DE: '/de' } } }, [{ path: ['seo', 'hrefLangUrls', 'de_DE'], after: '/de' }]);
    expect(reverted.state).toEqual({ seo: { fields: {}, hrefLangUrls: {} } });
  });

  it('takes a record whole where the other side has none (null), never half of it', () => {
    const base = { seo: { urlAlias: 'a', fields: {} } };
    const ours = { seo: { urlAlias: 'b', fields: {} } };
    const theirs = { seo: null };
    const { merged, conflicts } = mergeDrafts<{ seo: unknown }>(base, ours, theirs);
    expect(merged.seo).toEqual({ urlAlias: 'b', fields: {} });
    expect(conflicts.map((conflict) => conflict.path)).toEqual([['seo', 'urlAlias']]);
    expect(takeFrom({ seo: null }, ours, ['seo', 'urlAlias'])).toEqual(ours);
  });

  it('merges, compares and undoes a file as one value: its digest, size and name never mix with another file’s', () => {
    const file = (sha256: string, width: number) => ({ sha256, fileName: `${sha256}.png`, width, height: 10 });
    const base = { image: file('aa', 10) };
    const ours = { image: file('bb', 10) };
    const theirs = { image: file('cc', 20) };
    const { merged, conflicts } = mergeDrafts(base, ours, theirs);
    expect(conflicts).toEqual([{ path: ['image'], ours: ours.image, theirs: theirs.image }]);
    expect(merged.image).toEqual(ours.image);
    expect(changesBetween(base, theirs)).toEqual([{ path: ['image'], before: base.image, after: theirs.image }]);
    expect(revertChanges({ image: file('dd', 20) }, [{ path: ['image'], before: base.image, after: theirs.image }]).later).toHaveLength(1);
  });
});
