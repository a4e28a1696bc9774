import { describe, expect, it } from 'vitest';
import type { Field } from './definition';
import { LITERATURE_SHEET_DEFINITION } from './literature-sheet';
import { DECIMAL_COMMA, numberStyleOf } from './numbers';
import { readFieldValue, readValue } from './values';

const fieldNamed = (name: string): Field => LITERATURE_SHEET_DEFINITION.fields.find((field) => field.name === name)!;
const plain = (overrides: Partial<Field>): Field => ({ ...fieldNamed('purity'), limits: {}, ...overrides });

describe('readValue', () => {
  it('writes CAS numbers in their hyphenated form and refuses a wrong check digit', () => {
    const cas = { ...fieldNamed('casNumbers'), multiple: false };
    expect(readValue(cas, '75241', null)).toEqual({ value: '75-24-1' });
    expect(readValue(cas, '75-24-2', null)).toEqual({ problem: '75-24-2 is not a CAS number: its check digit would be 1, not 2' });
  });

  it('writes formulas one way, keeps free codes as typed, and checks links, dates and numbers', () => {
    expect(readValue(fieldNamed('formula'), ' Al(CH₃)₃ ', null)).toEqual({ value: 'Al(CH3)3' });
    expect(readValue(fieldNamed('productCode'), ' TMA-6N ', null)).toEqual({ value: 'TMA-6N' });
    expect(readValue(fieldNamed('url'), 'javascript:alert(1)', null)).toHaveProperty('problem');
    expect(readValue(fieldNamed('url'), 'https://example.com/tma.pdf', null)).toEqual({ value: 'https://example.com/tma.pdf' });
    const date = plain({ kind: 'date' });
    expect(readValue(date, '2026-02-29', null)).toEqual({ problem: '"2026-02-29" is not a date: write it as YYYY-MM-DD' });
    expect(readValue(date, '2028-02-29', null)).toEqual({ value: '2028-02-29' });
    const number = plain({ kind: 'number', limits: { unit: 'g' } });
    expect(readValue(number, '99,9995', null)).toEqual({ value: 99.9995 });
    expect(readValue(number, 'six nines', null)).toEqual({ problem: '"six nines" is not a number: write it like 1234.5' });
    expect(readValue(number, '1,000', null)).toHaveProperty('problem');
    expect(readValue(number, '2,5', null)).toEqual({ value: 2.5 });
    expect(readValue(number, 1.726, null)).toEqual({ value: 1.726 });
  });

  it('reads a number written as text in the way its writer writes numbers', () => {
    const number = plain({ kind: 'number', limits: { unit: 'g/cm³' } });
    expect(readValue(number, '1,726', numberStyleOf('de_DE'))).toEqual({ value: 1.726 });
    expect(readValue(number, '1,726', DECIMAL_COMMA)).toEqual({ value: 1.726 });
    expect(readValue(number, '1,726', numberStyleOf('en_US'))).toEqual({ value: 1726 });
    expect(readValue(number, '1,726', null)).toEqual({
      problem: '"1,726" could be 1726 or 1.726: write it as 1726 or as 1.726, without a thousands separator',
    });
    expect(readValue(number, '1.234,5', numberStyleOf('de_DE'))).toEqual({ value: 1234.5 });
    expect(readValue(number, '1 234,5', numberStyleOf('fr_FR'))).toEqual({ value: 1234.5 });
  });

  it('holds texts to their length', () => {
    expect(readValue(fieldNamed('purity'), '9'.repeat(101), null)).toEqual({ problem: 'is longer than 100 characters' });
    expect(readValue(fieldNamed('purity'), '99.9999 % (6N)', null)).toEqual({ value: '99.9999 % (6N)' });
  });
});

describe('readFieldValue', () => {
  it('reads a list from a CSV cell or an array, drops empty entries, and names each bad entry', () => {
    expect(readFieldValue(fieldNamed('casNumbers'), '75-24-1; 7732185;', null)).toEqual({ value: ['75-24-1', '7732-18-5'], problems: [] });
    expect(readFieldValue(fieldNamed('casNumbers'), ['75-24-1', '75-24-2'], null)).toEqual({
      value: ['75-24-1'],
      problems: [{ field: 'casNumbers[1]', message: '75-24-2 is not a CAS number: its check digit would be 1, not 2' }],
    });
    expect(readFieldValue(fieldNamed('formula'), 'Si(OC₂H₅)₄', null)).toEqual({ value: 'Si(OC2H5)4', problems: [] });
  });
});
