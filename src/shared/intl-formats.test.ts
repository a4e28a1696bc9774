import { describe, expect, it } from 'vitest';
import { dateFormat, displayNames, numberFormat } from './intl-formats';

describe('Intl formatters made once', () => {
  it('formats as a formatter made afresh does, and gives the same one for the same language and options', () => {
    const date = new Date('2026-03-12T00:00:00Z');
    const options = { dateStyle: 'long', timeZone: 'UTC' } as const;
    expect(dateFormat('de-DE', options).format(date)).toBe(new Intl.DateTimeFormat('de-DE', options).format(date));
    expect(dateFormat('de-DE', { ...options })).toBe(dateFormat('de-DE', options));
    expect(dateFormat('en-US', options)).not.toBe(dateFormat('de-DE', options));
    const size = { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 1 } as const;
    expect(numberFormat('fr-FR', size).format(245)).toBe(new Intl.NumberFormat('fr-FR', size).format(245));
    expect(numberFormat('fr-FR', { ...size, unit: 'megabyte' }).format(1.2)).toBe(new Intl.NumberFormat('fr-FR', { ...size, unit: 'megabyte' }).format(1.2));
    expect(displayNames('de-DE', { type: 'region' }).of('DE')).toBe('Deutschland');
  });

  it('throws for a tag that is no language, as the constructors do, and keeps nothing', () => {
    expect(() => displayNames('not a tag', { type: 'region' })).toThrow(RangeError);
    expect(() => displayNames('not a tag', { type: 'region' })).toThrow(RangeError);
  });
});
