/**
 * The field kinds' own words: a schema's message for one rule never stands in for another's (a
 * required text that is too long is said to be too long, not empty).
 */
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import { checkValue } from './check';
import { text } from './fields';
import { problemLine } from '../problems';

const problemsOf = (schema: TSchema, value: unknown) => checkValue(schema, value, 'name').problems.map(problemLine);

describe('text', () => {
  it('says a required text that is too long is too long, and an empty one empty', () => {
    const name = text({ max: 5, required: true });
    expect(problemsOf(name, 'x'.repeat(6))).toEqual(['name: is longer than 5 characters']);
    expect(problemsOf(name, '  ')).toEqual(['name: must not be empty']);
    expect(problemsOf(name, 'fine')).toEqual([]);
  });

  it('keeps a pattern’s own words to the pattern', () => {
    const code = text({ max: 3, pattern: /^[A-Z]*$/, errorMessage: 'must be capital letters' });
    expect(problemsOf(code, 'ABCD')).toEqual(['name: is longer than 3 characters']);
    expect(problemsOf(code, 'ab')).toEqual(['name: must be capital letters']);
  });

  it('says a required text’s own words when it is empty', () => {
    expect(problemsOf(text({ max: 5, required: true, errorMessage: 'needs a name' }), '')).toEqual(['name: needs a name']);
  });
});
