import { describe, expect, it } from 'vitest';
import { urlNameOf } from './url-name';

describe('urlNameOf', () => {
  it('writes letters as their language spells them in ASCII', () => {
    expect(urlNameOf('Größe', 'x')).toBe('groesse');
    expect(urlNameOf('Übersicht der Öle', 'x')).toBe('uebersicht-der-oele');
    expect(urlNameOf('Søren Ærø', 'x')).toBe('soren-aero');
    expect(urlNameOf('Déposition de TiO₂', 'x')).toBe('deposition-de-tio2');
  });

  it('keeps letters and digits, drops accents, joins with hyphens', () => {
    expect(urlNameOf('Précurseur Ta(OEt)₅', 'x')).toBe('precurseur-ta-oet-5');
    expect(urlNameOf('  Thermal Mass-Flow Controller!  ', 'x')).toBe('thermal-mass-flow-controller');
  });

  it('falls back when nothing usable is left, and stays within 80 characters', () => {
    expect(urlNameOf('日本語', 'sheet-3')).toBe('sheet-3');
    expect(urlNameOf('a '.repeat(100), 'x').length).toBeLessThanOrEqual(80);
    expect(urlNameOf('a '.repeat(100), 'x')).not.toMatch(/-$/);
  });
});
