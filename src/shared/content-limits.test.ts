import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_LIMITS, describeProblem, findBodyProblem, findHeadTagsProblem, findNestingProblem, utf8Length } from './content-limits';

/** A value nested `depth` levels deep as JSON text, parsed (JSON.parse does not recurse). */
const nested = (depth: number, key = 'a') => JSON.parse(`${`{"${key}":`.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`) as Record<string, unknown>;

describe('findNestingProblem', () => {
  it('counts the value itself as level 1 and allows 32 levels', () => {
    expect(findNestingProblem(nested(32))).toBeNull();
    expect(findNestingProblem(nested(33))).toEqual({ path: 'a.a.a.a.a.a.….a.a.a', message: 'is nested more than 32 levels deep' });
    expect(findNestingProblem({ list: [[['x']]] }, 3)).toEqual({ path: 'list[0][0]', message: 'is nested more than 3 levels deep' });
  });

  it('survives a value 100,000 levels deep and stops at the limit', () => {
    expect(findNestingProblem(nested(100_000))?.message).toBe('is nested more than 32 levels deep');
  });

  it('finds a text longer than 100,000 characters, and a long field name', () => {
    expect(findNestingProblem({ Title: 'ok', description: 'x'.repeat(100_001) })).toEqual({ path: 'description', message: 'is longer than 100000 characters' });
    expect(findNestingProblem({ list: ['a', 'x'.repeat(100_001)] })?.path).toBe('list[1]');
    expect(findNestingProblem({ ['k'.repeat(100_001)]: 1 })?.message).toBe('has a field name longer than 100000 characters');
    expect(findNestingProblem('x'.repeat(100_000))).toBeNull();
  });

  it('holds for any generated JSON value within the limits', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => {
        expect(findNestingProblem(value)).toBeNull();
      }),
    );
  });
});

describe('findBodyProblem and findHeadTagsProblem', () => {
  it('refuses a body over 1 MB as JSON', () => {
    const body = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`field${index}`, 'x'.repeat(90_000)]));
    expect(findBodyProblem(body)).toEqual({ path: '', message: 'is larger than 1 MB as JSON' });
    expect(findBodyProblem({ Title: 'TEOS' })).toBeNull();
  });

  it('measures head tags in UTF-8 bytes', () => {
    expect(findHeadTagsProblem('a'.repeat(CONTENT_LIMITS.headTagsBytes))).toBeNull();
    expect(findHeadTagsProblem('é'.repeat(CONTENT_LIMITS.headTagsBytes / 2 + 1))).toEqual({ path: '', message: 'is larger than 64 KB' });
  });
});

describe('utf8Length', () => {
  it('agrees with the encoder for any text, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text));
      }),
    );
  });
});

describe('describeProblem', () => {
  it('puts the place in front of the path', () => {
    expect(describeProblem('body', { path: 'image.url', message: 'is wrong' })).toBe('body.image.url: is wrong');
    expect(describeProblem('body', { path: '[2]', message: 'is wrong' })).toBe('body[2]: is wrong');
    expect(describeProblem('body', { path: '', message: 'is wrong' })).toBe('body: is wrong');
  });
});
