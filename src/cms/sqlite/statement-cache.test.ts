import { describe, expect, it } from 'vitest';
import { StatementCache } from './statement-cache';

describe('StatementCache', () => {
  it('prepares a statement once while it is kept, and the least recently used goes first', () => {
    const prepared: string[] = [];
    const cache = new StatementCache((sql) => (prepared.push(sql), { sql }), { maxEntries: 2, maxCharacters: 1_000 });
    cache.get('SELECT 1');
    cache.get('SELECT 2');
    cache.get('SELECT 1');
    cache.get('SELECT 3');
    cache.get('SELECT 1');
    cache.get('SELECT 2');
    expect(prepared).toEqual(['SELECT 1', 'SELECT 2', 'SELECT 3', 'SELECT 2']);
  });

  it('stays within its count and characters however many distinct statements it meets', () => {
    const limits = { maxEntries: 100, maxCharacters: 20_000 };
    const cache = new StatementCache((sql) => sql, limits);
    for (let count = 1; count <= 2_000; count++) {
      // The shape of a query with a list of values: a statement of each length asked.
      cache.get(`SELECT id FROM contents WHERE id IN (${Array.from({ length: count % 400 || 1 }, () => '?').join(', ')}) -- ${count}`);
      expect(cache.size.entries).toBeLessThanOrEqual(limits.maxEntries);
      expect(cache.size.characters).toBeLessThanOrEqual(limits.maxCharacters);
    }
    expect(cache.size.characters).toBeGreaterThan(limits.maxCharacters / 2);
  });

  it('does not keep a statement longer than its characters bound', () => {
    const cache = new StatementCache((sql) => sql, { maxEntries: 10, maxCharacters: 50 });
    cache.get(`SELECT ${'1, '.repeat(30)}1`);
    expect(cache.size).toEqual({ entries: 0, characters: 0 });
  });
});
