import { describe, expect, it } from 'vitest';
import { bodyOfTexts, sheetOfRecords } from '../sheet/body';
import type { SheetState } from '../sheet/shape';
import type { ContentType } from './definition';
import { LITERATURE_SHEET_DEFINITION } from './literature-sheet';
import { missingValues, offeredFields, sharedFieldNames, valueProblems, withValuesRead } from './sheet-values';
import { displayText } from './display';
import { problemLine } from '../shared/problems';

const sheet = (changes: Partial<SheetState>): SheetState => ({
  id: '20Y000000000001AAA',
  contentKey: 'MC' + 'A'.repeat(26),
  siteId: '0DM000000000001AAA',
  urlName: 'tma',
  primaryLanguage: 'en_US',
  createdAt: '2026-01-01T00:00:00.000Z',
  collectionId: null,
  translations: {
    en_US: { title: 'TMA', description: '', url: '', imageAlt: '' },
    de_DE: { title: 'TMA', description: '', url: '', imageAlt: '' },
  },
  image: null,
  document: null,
  seo: null,
  ...changes,
});

const TYPE = LITERATURE_SHEET_DEFINITION;

describe('a sheet’s values of its type’s fields', () => {
  it('offers the fields its shape has no place of its own for, retired ones left out', () => {
    expect(offeredFields(TYPE).map((field) => field.name)).toEqual(['casNumbers', 'formula', 'purity', 'form', 'packageSizes', 'productCode']);
    const retired: ContentType = { ...TYPE, fields: TYPE.fields.map((field) => (field.name === 'purity' ? { ...field, retired: true } : field)) };
    expect(offeredFields(retired).map((field) => field.name)).not.toContain('purity');
    expect([...sharedFieldNames(retired)]).toEqual(['casNumbers', 'formula', 'purity', 'packageSizes', 'productCode']);
  });

  it('writes each value the one way its kind writes it, and leaves empty ones out', () => {
    const typed = sheet({
      values: { casNumbers: '75241; ', formula: 'Al(CH₃)₃', purity: '  ', productCode: ' TMA-6N ' },
      translations: {
        en_US: { title: 'TMA', description: '', url: '', imageAlt: '', extra: { form: ' liquid ' } },
        de_DE: { title: 'TMA', description: '', url: '', imageAlt: '', extra: { form: '' } },
      },
    });
    const read = withValuesRead(TYPE, typed, { shared: null });
    expect(read.values).toEqual({ casNumbers: ['75-24-1'], formula: 'Al(CH3)3', productCode: 'TMA-6N' });
    expect(read.translations.en_US!.extra).toEqual({ form: 'liquid' });
    expect(read.translations.de_DE!.extra).toBeUndefined();
    expect(valueProblems(TYPE, read)).toEqual([]);
    expect(valueProblems(TYPE, typed).map(problemLine)).toEqual([
      'values.casNumbers: write it as ["75-24-1"]',
      'values.formula: write it as "Al(CH3)3"',
      'values.purity: write it as ""',
      'translations.en_US.extra.form: write it as "liquid"',
      'values.productCode: write it as "TMA-6N"',
    ]);
  });

  it('names a value that does not read, with its place, and leaves it as typed', () => {
    const typed = sheet({ values: { casNumbers: ['75-24-1', '75-24-2'] } });
    expect(valueProblems(TYPE, typed)).toEqual([{ field: 'values.casNumbers[1]', message: '75-24-2 is not a CAS number: its check digit would be 1, not 2' }]);
    expect(withValuesRead(TYPE, typed, { shared: null }).values).toEqual({ casNumbers: ['75-24-1', '75-24-2'] });
  });

  it('asks for a required field before publishing, in the primary language', () => {
    const required: ContentType = {
      ...TYPE,
      fields: TYPE.fields.map((field) => (field.name === 'form' || field.name === 'formula' ? { ...field, required: true } : field)),
    };
    expect(missingValues(required, sheet({})).map(problemLine)).toEqual([
      'values.formula: needs a value before the sheet is published',
      'translations.en_US.extra.form: needs a value before the sheet is published',
    ]);
  });

  it('keeps shared values in every language’s body and reads them back as the sheet’s', () => {
    const state = sheet({
      values: { casNumbers: ['75-24-1'], formula: 'Al(CH3)3' },
      translations: {
        en_US: { title: 'TMA', description: '', url: '', imageAlt: '', extra: { form: 'liquid', legacy: 1 } },
        de_DE: { title: 'TMA', description: '', url: '', imageAlt: '', extra: { form: 'flüssig' } },
      },
    });
    const bodies = Object.entries(state.translations).map(([language, texts]) => ({ language, title: texts.title, body: bodyOfTexts(state, texts) }));
    expect(JSON.stringify(bodies[1]!.body)).toBe(JSON.stringify({ Title: 'TMA', casNumbers: ['75-24-1'], formula: 'Al(CH3)3', form: 'flüssig' }));
    const { id, contentKey, siteId, urlName, primaryLanguage, createdAt } = state;
    const back = sheetOfRecords(
      {
        content: { id, contentKey, siteId, urlName, primaryLanguage, createdAt },
        translations: bodies,
        image: null,
        document: null,
        documents: [],
        seo: null,
        collectionId: null,
      },
      sharedFieldNames(TYPE),
    );
    expect(back).toEqual(state);
  });

  it('shows a list’s entries joined and a number with its unit, as the page’s language writes it', () => {
    const casNumbers = TYPE.fields.find((field) => field.name === 'casNumbers')!;
    expect(displayText(casNumbers, ['75-24-1', '7732-18-5'], 'de_DE')).toBe('75-24-1, 7732-18-5');
    expect(displayText({ kind: 'number', limits: { unit: 'g' } }, 25, 'en_US')).toBe('25 g');
    const density = { kind: 'number' as const, limits: { unit: 'g/cm³' } };
    expect(displayText(density, 1.726, 'de_DE')).toBe('1,726 g/cm³');
    expect(displayText(density, 1.726, 'fr_FR')).toBe('1,726 g/cm³');
    expect(displayText(density, 1.726, 'en_US')).toBe('1.726 g/cm³');
    expect(displayText({ kind: 'number', limits: { unit: '%' } }, 99.999, 'de_DE')).toBe('99,999 %');
    expect(displayText({ kind: 'number', limits: {} }, [1234.5, 0.5], 'fr_FR')).toBe('1\u202f234,5; 0,5');
  });
});
