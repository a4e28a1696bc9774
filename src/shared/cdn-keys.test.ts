import { describe, expect, it } from 'vitest';
import { ALL, cdnKeys, keyHeaders, MAX_KEYS_BYTES } from './cdn-keys';

describe('the surrogate key headers', () => {
  it('writes each header in its CDN’s form, each key once', () => {
    const keys = [cdnKeys.sheet('20Y1'), cdnKeys.collection('0ZL1'), cdnKeys.sheet('20Y1'), ALL];
    expect(keyHeaders(keys, ['Surrogate-Key', 'Cache-Tag', 'xkey'])).toEqual([
      ['Surrogate-Key', 's-20Y1 c-0ZL1 all'],
      ['Cache-Tag', 's-20Y1,c-0ZL1,all'],
      ['xkey', 's-20Y1 c-0ZL1 all'],
    ]);
  });

  it('stands the coarsest key for keys too many for a header', () => {
    const many = Array.from({ length: 1000 }, (_, index) => cdnKeys.sheet(`20Y${String(index).padStart(15, '0')}`));
    expect(many.join(' ').length).toBeGreaterThan(MAX_KEYS_BYTES);
    expect(keyHeaders(many, ['Surrogate-Key'])).toEqual([['Surrogate-Key', ALL]]);
  });

  it('writes nothing for an answer without keys, or with no header configured', () => {
    expect(keyHeaders([], ['Surrogate-Key'])).toEqual([]);
    expect(keyHeaders([ALL], [])).toEqual([]);
  });
});
