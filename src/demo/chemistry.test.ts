import { describe, expect, it } from 'vitest';
import { countAtoms, molarMass } from './chemistry';

describe('molarMass', () => {
  it.each([
    ['C3H9Al', 72.09], // trimethylaluminum
    ['Cl4Ti', 189.68], // titanium tetrachloride
    ['C8H20O4Si', 208.33], // TEOS
    ['F6W', 297.83], // tungsten hexafluoride
    ['H4Si', 32.12], // silane
    ['C4H10Zn', 123.51], // diethylzinc
  ])('%s is %d g/mol', (formula, expected) => {
    expect(molarMass(formula)).toBeCloseTo(expected, 1);
  });

  it('counts repeated elements', () => {
    expect(Object.fromEntries(countAtoms('C2H6C'))).toEqual({ C: 3, H: 6 });
  });

  it('refuses what it cannot read', () => {
    expect(() => molarMass('Xx2')).toThrow(/Unknown element/);
    expect(() => molarMass('c3h9')).toThrow(/Cannot read/);
    expect(() => molarMass('')).toThrow(/Cannot read/);
  });
});
