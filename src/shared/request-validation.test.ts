import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { queryParam, readBoolean, readChannelOrSiteId, readDate, readInteger, readList, readString } from './request-validation';

const pageSize = { min: 1, max: 250, default: 50 };

function errorOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('readInteger', () => {
  it('returns the default when absent or empty', () => {
    expect(readInteger('pageSize', undefined, pageSize)).toBe(50);
    expect(readInteger('pageSize', '', pageSize)).toBe(50);
  });

  it('reads whole numbers within the range', () => {
    expect(readInteger('pageSize', '1', pageSize)).toBe(1);
    expect(readInteger('pageSize', '250', pageSize)).toBe(250);
    expect(readInteger('pageSize', '007', pageSize)).toBe(7);
  });

  it.each(['abc', '1.5', '1e2', '+3', ' 7', '0x10', 'NaN', 'Infinity', '7abc', '１'])('rejects %j with the spec type message', (value) => {
    const error = errorOf(() => readInteger('pageSize', value, pageSize));
    expect(error.status).toBe(400);
    expect(error.message).toBe('The type entered for pageSize isn’t valid. Enter the value as a/an number.');
  });

  it('rejects a repeated parameter as the wrong type', () => {
    const error = errorOf(() => readInteger('pageToken', ['1', '2'], { min: 0, default: 0 }));
    expect(error.message).toBe('The type entered for pageToken isn’t valid. Enter the value as a/an number.');
  });

  it.each(['0', '251', '-1', '9999999999'])('rejects %j as out of range, naming the range', (value) => {
    const error = errorOf(() => readInteger('pageSize', value, pageSize));
    expect(error.status).toBe(400);
    expect(error.message).toBe('The value entered for pageSize isn’t valid. Enter a number from 1 to 250.');
  });

  it('names an open range', () => {
    const error = errorOf(() => readInteger('pageToken', '-3', { min: 0, default: 0 }));
    expect(error.message).toBe('The value entered for pageToken isn’t valid. Enter a number of 0 or more.');
  });

  it('refuses numbers too long to be exact', () => {
    const error = errorOf(() => readInteger('pageToken', '12345678901234567890', { min: 0, default: 0 }));
    expect(error.message).toMatch(/pageToken/);
  });
});

describe('readString', () => {
  it('reads one value and refuses a repeated one', () => {
    expect(readString('language', 'en_US')).toBe('en_US');
    expect(readString('language', undefined)).toBeUndefined();
    expect(errorOf(() => readString('queryTerm', 'a\u0000b')).message).toBe('The type entered for queryTerm isn’t valid. Enter the value as a/an string.');
    expect(errorOf(() => readString('language', ['a', 'b'])).message).toBe('The type entered for language isn’t valid. Enter the value as a/an string.');
  });
});

describe('readChannelOrSiteId (spec §5.5)', () => {
  it('knows sites and channels', () => {
    expect(readChannelOrSiteId('0DM000000000001GAA')).toEqual({ kind: 'site', id: '0DM000000000001GAA' });
    expect(readChannelOrSiteId('0ap000000000001AAA').kind).toBe('channel');
  });

  it('rejects other prefixes with the spec message', () => {
    const error = errorOf(() => readChannelOrSiteId('001000000000001'));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The 'channelOrSiteId' parameter is invalid");
  });

  it('requires a non-blank value', () => {
    expect(errorOf(() => readChannelOrSiteId('  ')).message).toBe("The 'channelOrSiteId' parameter is required to successfully execute this request.");
  });
});

describe('readBoolean', () => {
  it('reads true and false in any case, with a default', () => {
    expect(readBoolean('includeContentBody', 'true', false)).toBe(true);
    expect(readBoolean('includeContentBody', 'FALSE', true)).toBe(false);
    expect(readBoolean('includeContentBody', undefined, true)).toBe(true);
  });

  it.each(['yes', '1', 'on', 'truee'])('rejects %j with the boolean type message', (value) => {
    expect(errorOf(() => readBoolean('includeContentBody', value, false)).message).toBe(
      'The type entered for includeContentBody isn’t valid. Enter the value as a/an boolean.',
    );
  });

  it('rejects a repeated parameter', () => {
    expect(errorOf(() => readBoolean('expandMetadata', ['true', 'false'], false)).status).toBe(400);
  });
});

describe('readList (spec §5.5: arrays sent comma-joined)', () => {
  const keys = { max: 3, isValid: (value: string) => /^MC/.test(value) };

  it('splits, trims, de-duplicates and merges repeats', () => {
    expect(readList('contentKeys', 'MC1, MC2,,MC1', keys)).toEqual(['MC1', 'MC2']);
    expect(readList('contentKeys', ['MC1', 'MC3'], keys)).toEqual(['MC1', 'MC3']);
    expect(readList('contentKeys', ' , ', keys)).toBeUndefined();
    expect(readList('contentKeys', undefined, keys)).toBeUndefined();
  });

  it('rejects a malformed value with the array type message', () => {
    expect(errorOf(() => readList('contentKeys', 'MC1,nope', keys)).message).toBe(
      'The type entered for contentKeys isn’t valid. Enter the value as a/an array.',
    );
  });

  it('rejects too many values, naming the limit', () => {
    expect(errorOf(() => readList('contentKeys', 'MC1,MC2,MC3,MC4', keys)).message).toBe(
      'The value entered for contentKeys isn’t valid. Enter from 1 to 3 values.',
    );
  });
});

describe('readDate', () => {
  it('reads ISO 8601 dates and date-times into UTC', () => {
    expect(readDate('publishStartDate', '2026-01-15')).toBe('2026-01-15T00:00:00.000Z');
    expect(readDate('publishStartDate', '2026-01-15T10:00:00+01:00')).toBe('2026-01-15T09:00:00.000Z');
  });

  it.each(['yesterday', '2026-13-45', '15/01/2026', '2026-01-15T25:00'])('rejects %j', (value) => {
    expect(errorOf(() => readDate('publishStartDate', value)).message).toBe('The type entered for publishStartDate isn’t valid. Enter the value as a/an date.');
  });
});

describe('queryParam', () => {
  it('reads a parameter with or without []', () => {
    expect(queryParam({ 'topics[]': 'a' }, 'topics')).toBe('a');
    expect(queryParam({ topics: 'a', 'topics[]': ['b', 'c'] }, 'topics')).toEqual(['a', 'b', 'c']);
    expect(queryParam({}, 'topics')).toBeUndefined();
  });
});
