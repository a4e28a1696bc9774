import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { etagOf, utf8Bytes } from './etags';

describe('a body’s UTF-8 bytes', () => {
  it('are Buffer.from’s, for any text (lone surrogates, astral characters, any length)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 5000 }), (text) => {
        expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true);
      }),
    );
  });

  it('are whole for texts past the kept buffer’s size, after it has grown, and past the largest it may grow to', () => {
    for (const length of [10, 30_000, 200_000, 1_500_000]) {
      const text = 'µ€😀\uD800a'.repeat(length / 5);
      expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true);
    }
    // A short text after a long one: its own bytes, not the end of the long one's.
    expect(utf8Bytes('ok').toString()).toBe('ok');
  });

  it('are a buffer of their own, not a view of the kept one', () => {
    const first = utf8Bytes('first');
    utf8Bytes('second');
    expect(first.toString()).toBe('first');
  });

  it('tag a text as its bytes are tagged', () => {
    expect(etagOf('Précurseurs – ALD')).toBe(etagOf(Buffer.from('Précurseurs – ALD')));
  });
});
