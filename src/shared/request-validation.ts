/**
 * Typed request parameters (spec §5.5) read from a parsed query string. Each reader either returns
 * a value of the declared type or throws a 400 ApiError with the catalogue's message, so a route
 * never has to decide how to word a bad parameter.
 */
import { kindOfChannelOrSiteId, type ChannelOrSiteKind } from './ids';
import { ApiError, ERROR_CODES, MESSAGES, invalidParameter, invalidTypeMessage, outOfRangeMessage } from './errors';

/** A query value as a query-string parser hands it over: absent, one string, or repeated. */
export type QueryValue = string | string[] | undefined;

const WHOLE_NUMBER = /^\d{1,15}$/;

export interface IntegerRange {
  min: number;
  max?: number;
  default: number;
}

/** Reads a whole number within a range; absent or empty gives the default. */
export function readInteger(name: string, value: QueryValue, range: IntegerRange): number {
  if (value === undefined || value === '') return range.default;
  if (typeof value !== 'string' || !WHOLE_NUMBER.test(value)) {
    // A negative whole number is the right type but out of range.
    if (typeof value === 'string' && /^-\d{1,15}$/.test(value)) {
      throw invalidParameter(outOfRangeMessage(name, range.min, range.max));
    }
    throw invalidParameter(invalidTypeMessage(name, 'number'));
  }
  const number = Number(value);
  if (number < range.min || (range.max !== undefined && number > range.max)) {
    throw invalidParameter(outOfRangeMessage(name, range.min, range.max));
  }
  return number;
}

/** Reads an optional single string; a repeated parameter is the wrong type. */
export function readString(name: string, value: QueryValue): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParameter(invalidTypeMessage(name, 'string'));
  return value;
}

export interface ChannelOrSite {
  kind: ChannelOrSiteKind;
  id: string;
}

/** spec §5.5: required, non-blank, and a site ('0DM') or channel ('0ap') id. */
export function readChannelOrSiteId(value: string | undefined): ChannelOrSite {
  if (value === undefined || value.trim() === '') {
    throw new ApiError(400, ERROR_CODES.INVALID_ID_FIELD, MESSAGES.CHANNEL_OR_SITE_ID_REQUIRED);
  }
  const kind = kindOfChannelOrSiteId(value);
  if (kind === null) throw new ApiError(400, ERROR_CODES.INVALID_ID_FIELD, MESSAGES.CHANNEL_OR_SITE_ID_INVALID);
  return { kind, id: value };
}
