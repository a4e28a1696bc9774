import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECIMAL_COMMA, DECIMAL_POINT, formatNumber, numberStyleOf, readNumber } from './numbers';

const german = numberStyleOf('de_DE');
const french = numberStyleOf('fr_FR');
const english = numberStyleOf('en_US');

describe('numberStyleOf', () => {
  it('learns each language’s signs from Intl', () => {
    expect(german).toMatchObject({ decimal: ',', example: '1.234,5' });
    expect(french).toMatchObject({ decimal: ',', example: '1\u202f234,5' });
    expect(english).toMatchObject({ decimal: '.', example: '1,234.5' });
    expect(numberStyleOf('de-CH')).toMatchObject({ decimal: '.', example: expect.stringMatching(/^1['’]234\.5$/) });
  });

  it('knows no style for a tag Intl cannot read', () => {
    expect(numberStyleOf('not a language')).toBeNull();
  });
});

describe('readNumber', () => {
  it('reads a decimal comma with three decimals in German and French, and a decimal point in English', () => {
    expect(readNumber('1,726', german)).toEqual({ value: 1.726 });
    expect(readNumber('0,752', french)).toEqual({ value: 0.752 });
    expect(readNumber('1.726', english)).toEqual({ value: 1.726 });
  });

  it('reads each language’s grouping of thousands, spaces of every kind in all of them', () => {
    expect(readNumber('1.234,5', german)).toEqual({ value: 1234.5 });
    expect(readNumber('1 234,5', french)).toEqual({ value: 1234.5 });
    expect(readNumber('1\u00a0234,5', french)).toEqual({ value: 1234.5 });
    expect(readNumber('1\u202f234\u202f567,25', french)).toEqual({ value: 1234567.25 });
    expect(readNumber('1,234.5', english)).toEqual({ value: 1234.5 });
    expect(readNumber('1 234.5', english)).toEqual({ value: 1234.5 });
    expect(readNumber('1’234.5', numberStyleOf('de_CH'))).toEqual({ value: 1234.5 });
    expect(readNumber("1'234.5", numberStyleOf('de_CH'))).toEqual({ value: 1234.5 });
  });

  it('reads a group sign as the language has it: "1.726" is a thousand and more in German, "1,726" in English', () => {
    expect(readNumber('1.726', german)).toEqual({ value: 1726 });
    expect(readNumber('1,726', english)).toEqual({ value: 1726 });
  });

  it('reads what only one way reads, whatever the style', () => {
    expect(readNumber('1.5', german)).toEqual({ value: 1.5 });
    expect(readNumber('0,752', english)).toEqual({ value: 0.752 });
    expect(readNumber('1,234.5', german)).toEqual({ value: 1234.5 });
    expect(readNumber('-2,5', null)).toEqual({ value: -2.5 });
    expect(readNumber('\u22122,5', german)).toEqual({ value: -2.5 });
    expect(readNumber('1.234.567', null)).toEqual({ value: 1234567 });
    expect(readNumber('1e-7', german)).toEqual({ value: 1e-7 });
  });

  it('takes a point as the decimal sign when nothing says otherwise, as JSON and programs write it', () => {
    expect(readNumber('1.726', null)).toEqual({ value: 1.726 });
    expect(readNumber('99.9995', null)).toEqual({ value: 99.9995 });
  });

  it('refuses a text two ways read as two numbers, saying both and how to write each', () => {
    expect(readNumber('1,726', null)).toEqual({ problem: '"1,726" could be 1726 or 1.726: write it as 1726 or as 1.726, without a thousands separator' });
    expect(readNumber('1,000', null)).toHaveProperty('problem');
  });

  it('refuses what is no number, saying how the style writes one', () => {
    expect(readNumber('six nines', german)).toEqual({ problem: '"six nines" is not a number: write it like 1.234,5' });
    expect(readNumber('1,2,3', english)).toEqual({ problem: '"1,2,3" is not a number: write it like 1,234.5' });
    expect(readNumber('1.23.4', null)).toEqual({ problem: '"1.23.4" is not a number: write it like 1234.5' });
    expect(readNumber('', german)).toHaveProperty('problem');
    expect(readNumber('1.234 567', german)).toHaveProperty('problem');
    expect(readNumber('0.752', german)).toEqual({ value: 0.752 });
  });

  it('reads a CSV’s dialect: a decimal comma in a `;` file, a decimal point in a `,` file', () => {
    expect(readNumber('1,726', DECIMAL_COMMA)).toEqual({ value: 1.726 });
    expect(readNumber('1.234,5', DECIMAL_COMMA)).toEqual({ value: 1234.5 });
    expect(readNumber('1\u202f234,5', DECIMAL_COMMA)).toEqual({ value: 1234.5 });
    expect(readNumber('1,234.5', DECIMAL_POINT)).toEqual({ value: 1234.5 });
  });

  it('reads back any finite number as Intl formats it in German, French and English', () => {
    const languages = fc.constantFrom('de_DE', 'fr_FR', 'en_US', 'de', 'fr', 'en_GB');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), languages, fc.boolean(), (value, language, grouping) => {
        const written = formatNumber(value, language, { grouping });
        expect(readNumber(written, numberStyleOf(language))).toEqual({ value });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatNumber', () => {
  it('writes every digit kept, in the language’s way', () => {
    expect(formatNumber(1.726, 'de_DE')).toBe('1,726');
    expect(formatNumber(1.726, 'fr_FR')).toBe('1,726');
    expect(formatNumber(1.726, 'en_US')).toBe('1.726');
    expect(formatNumber(99.9995, 'de_DE')).toBe('99,9995');
    expect(formatNumber(1234.5, 'de_DE')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'de_DE', { grouping: false })).toBe('1234,5');
    expect(formatNumber(0.1 + 0.2, 'en_US')).toBe('0.30000000000000004');
  });
});
