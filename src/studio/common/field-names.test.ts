import { describe, expect, it } from 'vitest';
import { problemsByField } from './field-names';

describe('problemsByField', () => {
  it('places each problem by its field, never by its words', () => {
    const { fields, others } = problemsByField([
      { field: 'translations.de_DE.url', message: '"javascript:x" uses the javascript: scheme' },
      { field: 'translations.en_US.extra.casNumbers[1]', message: '75-24-2 is not a CAS number' },
      { field: 'values.purity', message: 'is longer than 100 characters' },
      { field: 'documents[1].revisedOn', message: 'must be a date, written 2026-03-12' },
      { field: 'seo.hrefLangUrls.de_DE', message: '"#top" only points within a page' },
      { field: 'topics', message: '"heaters" is not a topic of the sheet\'s site' },
      // Words that look like a place are words: only the field places a problem.
      { field: null, message: 'translations.en_US.title: was changed since the import' },
      { field: 'collectionId', message: "there is no collection x in the sheet's site" },
    ]);
    expect(Object.fromEntries(fields)).toEqual({
      'de_DE.url': '"javascript:x" uses the javascript: scheme',
      'en_US.extra.casNumbers': '75-24-2 is not a CAS number',
      'values.purity': 'is longer than 100 characters',
      'documents[1].revisedOn': 'must be a date, written 2026-03-12',
      'seo.hrefLangUrls.de_DE': '"#top" only points within a page',
      topics: '"heaters" is not a topic of the sheet\'s site',
    });
    expect(others).toEqual(['translations.en_US.title: was changed since the import', "Collection: there is no collection x in the sheet's site"]);
  });
});
