import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mayHoldUnwantedText, normalizeJsonText, normalizeText, normalizeTexts } from './normalize-text';

describe('normalizeText and normalizeTexts', () => {
  it('replaces C0 controls (but TAB, LF, CR), lone surrogates and noncharacters with U+FFFD', () => {
    expect(normalizeText('a\u0000b\u0001c\u001fd\te\nf\rg')).toBe('a\ufffdb\ufffdc\ufffdd\te\nf\rg');
    expect(normalizeText('x\ud800y\udc00z')).toBe('x\ufffdy\ufffdz');
    expect(normalizeText('\ufdd0\ufffe\uffff\u{1fffe}\u{10ffff}')).toBe('\ufffd'.repeat(5));
    expect(normalizeText('Ta(OEt)₅ 😀 é \u007f')).toBe('Ta(OEt)₅ 😀 é \u007f');
  });

  it('always gives a well-formed text with nothing unwanted left', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const normalized = normalizeText(text);
        // A lone surrogate cannot survive the trip through UTF-8 unchanged; a well-formed text can.
        expect(Buffer.from(normalized).toString()).toBe(normalized);
        expect(normalizeText(normalized)).toBe(normalized);
        // One replacement per unwanted code unit or code point: the length never grows.
        expect(normalized.length).toBeLessThanOrEqual(text.length);
      }),
    );
  });

  it('copies any JSON value at any depth, its field names as they are, without a prototype trap', () => {
    const deep = JSON.parse(`${'{"a\\u0001":'.repeat(50_000)}"\\ud800"${'}'.repeat(50_000)}`) as unknown;
    let node = normalizeTexts(deep) as Record<string, unknown>;
    for (let level = 0; level < 49_999; level++) node = node['a\u0001'] as Record<string, unknown>;
    expect(node['a\u0001']).toBe('\ufffd');
    expect(normalizeTexts({ 'k\u0001': 'first', 'k\u0002': 'second' })).toEqual({ 'k\u0001': 'first', 'k\u0002': 'second' });
    const copy = normalizeTexts(JSON.parse('{"__proto__":{"polluted":1},"list":["\\u0000",2,null,true]}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":1},"list":["\ufffd",2,null,true]}');
  });

  it('mayHoldUnwantedText finds whatever normalizeTexts would change in JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 4 }), (value, text) => {
        const json = JSON.stringify({ value, text });
        if (JSON.stringify(normalizeTexts(JSON.parse(json))) !== json) expect(mayHoldUnwantedText(json)).toBe(true);
      }),
    );
  });
});

describe('normalizeJsonText', () => {
  it('normalises text values and keeps field names, numbers, spacing and order as they are', () => {
    const json = '{ "k\\u0001": "a\\u0001b", "n": 12345678901234567890, "list": [ "\\ud800", "\\ud83d\\ude00", "\\"quoted\\\\" ], "k\\u0002":"x" }';
    expect(normalizeJsonText(json)).toBe(
      '{ "k\\u0001": "a\ufffdb", "n": 12345678901234567890, "list": [ "\ufffd", "\\ud83d\\ude00", "\\"quoted\\\\" ], "k\\u0002":"x" }',
    );
  });

  it('cleans a value of any depth', () => {
    const json = `${'{"a":'.repeat(100_000)}"\\u0000"${'}'.repeat(100_000)}`;
    expect(normalizeJsonText(json)).toBe(json.replace('"\\u0000"', '"\ufffd"'));
  });

  it('gives the same values as parsing and normalising them, for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.string({ unit: 'binary', maxLength: 6 }), (value, text) => {
        const json = JSON.stringify({ value, text, list: [text, { [text]: text }] }, null, 1);
        expect(JSON.parse(normalizeJsonText(json))).toEqual(normalizeTexts(JSON.parse(json)));
      }),
    );
  });
});
