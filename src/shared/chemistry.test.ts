import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formulaForReading, normalizeFormula, readCasNumber, sameFormula } from './chemistry';

describe('readCasNumber', () => {
  it('reads real CAS numbers with and without hyphens', () => {
    expect(readCasNumber('7732-18-5')).toEqual({ cas: '7732-18-5' }); // water
    expect(readCasNumber('75-24-1')).toEqual({ cas: '75-24-1' }); // trimethylaluminium
    expect(readCasNumber('78-10-4')).toEqual({ cas: '78-10-4' }); // TEOS
    expect(readCasNumber('7732185')).toEqual({ cas: '7732-18-5' });
    expect(readCasNumber(' 7440-21-3 ')).toEqual({ cas: '7440-21-3' }); // silicon
  });

  it('refuses a wrong check digit, naming the right one', () => {
    expect(readCasNumber('7732-18-4')).toEqual({ problem: '7732-18-4 is not a CAS number: its check digit would be 5, not 4' });
    expect(readCasNumber('75241'.replace(/1$/, '2'))).toEqual({ problem: '75-24-2 is not a CAS number: its check digit would be 1, not 2' });
  });

  it('refuses what is not shaped like one', () => {
    for (const input of ['', '7-18-5', '12345678-18-5', '7732-1-5', '7732-18-55', 'CAS 7732-18-5', '7732–18–5'])
      expect(readCasNumber(input)).toMatchObject({ problem: expect.stringContaining('is not a CAS number') });
  });

  it('accepts every number whose check digit is right, and no number whose check digit is wrong', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[1-9]\d{1,6}$/), fc.stringMatching(/^\d{2}$/), fc.nat(9), fc.boolean(), (first, second, wrong, hyphens) => {
        const digits = [...(first + second)].reverse();
        const check = digits.reduce((sum, digit, index) => sum + Number(digit) * (index + 1), 0) % 10;
        const write = (digit: number) => (hyphens ? `${first}-${second}-${digit}` : `${first}${second}${digit}`);
        expect(readCasNumber(write(check))).toEqual({ cas: `${first}-${second}-${check}` });
        if (wrong !== check) expect(readCasNumber(write(wrong))).toHaveProperty('problem');
      }),
    );
  });
});

describe('normalizeFormula', () => {
  it('writes subscripts, superscripts and separators one way', () => {
    expect(normalizeFormula('Al(CH₃)₃')).toBe('Al(CH3)3');
    expect(sameFormula('Al(CH3)3', 'Al(CH₃)₃')).toBe(true);
    expect(sameFormula('CuSO4 · 5H2O', 'CuSO₄•5H₂O')).toBe(true);
    expect(sameFormula('CuSO4.5H2O', 'CuSO4·5H2O')).toBe(true);
    expect(normalizeFormula('NH₄⁺')).toBe('NH4+');
    expect(normalizeFormula('SO₄²⁻')).toBe('SO42-');
    expect(normalizeFormula('Si(OC₂H₅)₄')).toBe('Si(OC2H5)4');
  });

  it('keeps element symbols as they are written', () => {
    expect(sameFormula('CO', 'Co')).toBe(false);
    expect(sameFormula('HfCl4', 'HFCl4')).toBe(false);
  });

  it('is one value however often it is applied', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(fc.constantFrom(...'CHOSiAl()₂₃⁺⁻−•·*.5 '.split(''))).map((parts) => parts.join('')),
        ),
        (text) => {
          expect(normalizeFormula(normalizeFormula(text))).toBe(normalizeFormula(text));
        },
      ),
    );
  });
});

describe('formulaForReading', () => {
  it('writes counts as subscripts, not a hydrate’s leading count', () => {
    expect(formulaForReading('Al(CH3)3')).toBe('Al(CH₃)₃');
    expect(formulaForReading('Hf[N(CH3)(C2H5)]4')).toBe('Hf[N(CH₃)(C₂H₅)]₄');
    expect(formulaForReading('CuSO4·5H2O')).toBe('CuSO₄·5H₂O');
  });
});
