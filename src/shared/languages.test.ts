import { describe, expect, it } from 'vitest';
import { languageTag } from './languages';

describe('languageTag', () => {
  it('writes a platform language code as a BCP 47 tag', () => {
    expect(languageTag('en_US')).toBe('en-US');
    expect(languageTag('de')).toBe('de');
  });
});
