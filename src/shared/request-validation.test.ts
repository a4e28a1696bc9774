import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { readChannelOrSiteId, readInteger, readString } from './request-validation';

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

  it.each(['abc', '1.5', '1e2', '+3', ' 7', '0x10', 'NaN', 'Infinity', '7abc', '１'])(
    'rejects %j with the spec type message',
    (value) => {
      const error = errorOf(() => readInteger('pageSize', value, pageSize));
      expect(error.status).toBe(400);
      expect(error.message).toBe('The type entered for pageSize isn’t valid. Enter the value as a/an number.');
    },
  );

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
    expect(errorOf(() => readString('language', ['a', 'b'])).message).toBe(
      'The type entered for language isn’t valid. Enter the value as a/an string.',
    );
  });
});

describe('readChannelOrSiteId (spec §5.5)', () => {
  it('knows sites and channels', () => {
    expect(readChannelOrSiteId('0DM000000000001AAA')).toEqual({ kind: 'site', id: '0DM000000000001AAA' });
    expect(readChannelOrSiteId('0ap000000000001AAA').kind).toBe('channel');
  });

  it('rejects other prefixes with the spec message', () => {
    const error = errorOf(() => readChannelOrSiteId('001000000000001'));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The 'channelOrSiteId' parameter is invalid");
  });

  it('requires a non-blank value', () => {
    expect(errorOf(() => readChannelOrSiteId('  ')).message).toBe(
      "The 'channelOrSiteId' parameter is required to successfully execute this request.",
    );
  });
});
