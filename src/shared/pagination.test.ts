import { describe, expect, it } from 'vitest';
import { nextPageTokenOf, pageTokensOf, previousPageTokenOf } from './pagination';

describe('nextPageTokenOf (spec §4.2)', () => {
  it('is the next page while a full page came back and more remain', () => {
    expect(nextPageTokenOf({ pageToken: 0, pageSize: 7, itemCount: 7, total: 26 })).toBe(1);
    expect(nextPageTokenOf({ pageToken: 2, pageSize: 7, itemCount: 7, total: 26 })).toBe(3);
  });

  it('is null when fewer than pageSize items came back', () => {
    expect(nextPageTokenOf({ pageToken: 3, pageSize: 7, itemCount: 5, total: 26 })).toBeNull();
    expect(nextPageTokenOf({ pageToken: 0, pageSize: 7, itemCount: 0, total: 0 })).toBeNull();
  });

  it('is null when (pageToken + 1) × pageSize equals total', () => {
    expect(nextPageTokenOf({ pageToken: 3, pageSize: 7, itemCount: 7, total: 28 })).toBeNull();
    expect(nextPageTokenOf({ pageToken: 0, pageSize: 7, itemCount: 7, total: 7 })).toBeNull();
  });

  it('is not null one item before the end of an exact multiple', () => {
    expect(nextPageTokenOf({ pageToken: 2, pageSize: 7, itemCount: 7, total: 28 })).toBe(3);
  });

  it('is null for a page beyond the end', () => {
    expect(nextPageTokenOf({ pageToken: 9, pageSize: 7, itemCount: 0, total: 26 })).toBeNull();
  });
});

describe('previousPageTokenOf (spec §4.2)', () => {
  it('is null at 0', () => {
    expect(previousPageTokenOf(0)).toBeNull();
  });
  it('is pageToken − 1 otherwise', () => {
    expect(previousPageTokenOf(1)).toBe(0);
    expect(previousPageTokenOf(10_000)).toBe(9_999);
  });
});

describe('pageTokensOf', () => {
  it('combines both rules', () => {
    expect(pageTokensOf({ pageToken: 1, pageSize: 7, itemCount: 7, total: 26 })).toEqual({
      pageToken: 1,
      nextPageToken: 2,
      previousPageToken: 0,
    });
  });

  it('walks a whole collection and visits every page exactly once', () => {
    for (const total of [0, 1, 6, 7, 8, 13, 14, 15, 26, 28, 100]) {
      const pageSize = 7;
      const seen: number[] = [];
      let token: number | null = 0;
      while (token !== null) {
        const itemCount = Math.max(0, Math.min(pageSize, total - token * pageSize));
        seen.push(itemCount);
        token = nextPageTokenOf({ pageToken: token, pageSize, itemCount, total });
      }
      expect(seen.reduce((a, b) => a + b, 0)).toBe(total);
      expect(seen.length).toBe(Math.max(1, Math.ceil(total / pageSize)));
    }
  });
});

describe('a page one record short', () => {
  it('goes on when the server says there is a next page (a record left out), and ends when it does not', () => {
    expect(nextPageTokenOf({ pageToken: 0, pageSize: 7, itemCount: 6, total: 26, serverHasNext: true })).toBe(1);
    expect(nextPageTokenOf({ pageToken: 0, pageSize: 7, itemCount: 6, total: 26 })).toBeNull();
    expect(nextPageTokenOf({ pageToken: 3, pageSize: 7, itemCount: 4, total: 26, serverHasNext: false })).toBeNull();
  });
});
