import { describe, expect, it } from 'vitest';
import { flatText } from './entry-server';

describe('flatText', () => {
  it('keeps every character, lone surrogates, quotes and controls included', () => {
    const text = `<p title="a \\ b">\ud800 x \u0000\n${'é'.repeat(20)}😀</p>`;
    expect(flatText(text)).toBe(text);
  });

  it('gives text built piece by piece back whole', () => {
    let built = '';
    for (let piece = 0; piece < 500; piece++) built += `<li data-n="${piece}">${piece}</li>`;
    expect(flatText(built)).toBe(built);
    expect(flatText('')).toBe('');
  });
});
