/** A sheet held to the limits of a stored body (docs/content-format.md, "Limits"), each problem at its place in the state. */
import { describe, expect, it } from 'vitest';
import { CONTENT_LIMITS } from '../shared/content-limits';
import { HEAD_TAGS_FIELD } from '../shared/seo-templates';
import { sheetLimitProblems } from './limits';
import type { SheetState } from './shape';
import { problemLine } from '../shared/problems';

const SHEET: SheetState = {
  id: '20Y000000000000AAA',
  contentKey: 'MC0000000000000000000000000A',
  siteId: '0DM000000000000AAA',
  urlName: 'teos',
  primaryLanguage: 'en_US',
  createdAt: '2026-01-01T00:00:00.000Z',
  collectionId: null,
  translations: { en_US: { title: 'TEOS', description: '', url: '', imageAlt: '' }, de_DE: { title: 'TEOS', description: '', url: '', imageAlt: '' } },
  image: null,
  document: null,
  seo: null,
};

const text = 'x'.repeat(CONTENT_LIMITS.textLength);

describe('sheetLimitProblems', () => {
  it('passes a sheet within every limit', () => {
    expect(sheetLimitProblems({ ...SHEET, values: { purity: text } }).map(problemLine)).toEqual([]);
  });

  it('names a text too long and a name too long where the state has them', () => {
    const state = structuredClone(SHEET);
    state.values = { notes: [`${text}x`] };
    state.translations.de_DE!.extra = { [`n${text}`]: 'x' };
    expect(sheetLimitProblems(state).map(problemLine)).toEqual([
      `values.notes[0]: is longer than ${CONTENT_LIMITS.textLength} characters`,
      `translations.de_DE.extra: has a field name longer than ${CONTENT_LIMITS.textLength} characters`,
    ]);
  });

  it('names each language whose body, with the shared values every body holds, is too large as JSON', () => {
    const state = structuredClone(SHEET);
    state.values = Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`shared${index}`, text]));
    state.translations.en_US!.extra = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [`own${index}`, text]));
    expect(sheetLimitProblems(state).map(problemLine)).toEqual([`translations.en_US: is larger than ${CONTENT_LIMITS.bodyBytes / 1024 / 1024} MB as JSON`]);
  });

  it('holds the SEO record’s head tags and other fields to theirs', () => {
    const state = structuredClone(SHEET);
    state.seo = {
      urlAlias: null,
      recordName: 'TEOS',
      objectName: 'sheet',
      fields: { [HEAD_TAGS_FIELD]: '<meta>'.repeat(20_000), 'Body.title': `${text}x` },
      hrefLangUrls: {},
      canonicalUrl: null,
      isSeoIndexed: true,
    };
    expect(sheetLimitProblems(state).map(problemLine)).toEqual([
      `seo.fields.${HEAD_TAGS_FIELD}: is larger than ${CONTENT_LIMITS.headTagsBytes / 1024} KB`,
      `seo.fields.Body.title: is longer than ${CONTENT_LIMITS.textLength} characters`,
    ]);
  });
});
