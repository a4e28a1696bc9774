import { describe, expect, it } from 'vitest';
import { fillIn } from './grid-text';

describe('fillIn', () => {
  it('puts each number in its slot and leaves a slot it has no number for as it is', () => {
    expect(fillIn('Page {page} of {pages}', { page: 2, pages: 4 })).toBe('Page 2 of 4');
    expect(fillIn('Item {position} {other}', { position: 8 })).toBe('Item 8 {other}');
  });
});
