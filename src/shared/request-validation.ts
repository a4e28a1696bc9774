/**
 * Typed request parameters (spec §5.5) read from a parsed query string. Each reader either returns
 * a value of the declared type or throws a 400 ApiError with the catalogue's message, so a route
 * never has to decide how to word a bad parameter.
 */
import { isWellFormedId, kindOfChannelOrSiteId, type ChannelOrSiteKind } from './ids';
import { ApiError, ERROR_CODES, MESSAGES, invalidParameter, invalidTypeMessage, outOfRangeMessage, tooManyValuesMessage } from './errors';

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

/** Reads an optional single string; a repeated parameter, or one holding NUL, is the wrong type. */
export function readString(name: string, value: QueryValue): string | undefined {
  if (value === undefined) return undefined;
  // NUL is not text any store keeps (PostgreSQL refuses it outright).
  if (typeof value !== 'string' || value.includes('\u0000')) throw invalidParameter(invalidTypeMessage(name, 'string'));
  return value;
}

/** Reads 'true' or 'false' (any case); absent or empty gives the default. */
export function readBoolean(name: string, value: QueryValue, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  throw invalidParameter(invalidTypeMessage(name, 'boolean'));
}

export interface ListRule {
  max: number;
  /** Each value must pass this check, or the list is the wrong type. */
  isValid?: (value: string) => boolean;
}

/**
 * Reads an array sent comma-joined (spec §5.5), repeated, or both; absent or empty gives
 * undefined. Surrounding spaces are trimmed and empty entries dropped; duplicates are kept once.
 */
export function readList(name: string, value: QueryValue, rule: ListRule): string[] | undefined {
  if (value === undefined) return undefined;
  const values = [
    ...new Set(
      (Array.isArray(value) ? value : [value])
        .flatMap((part) => part.split(','))
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
  if (values.length === 0) return undefined;
  if (rule.isValid !== undefined && !values.every(rule.isValid)) throw invalidParameter(invalidTypeMessage(name, 'array'));
  if (values.length > rule.max) throw invalidParameter(tooManyValuesMessage(name, rule.max));
  return values;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Reads an ISO 8601 date or date-time and returns it in UTC ISO form. */
export function readDate(name: string, value: QueryValue): string | undefined {
  if (value === undefined || value === '') return undefined;
  const time = typeof value === 'string' && ISO_DATE.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw invalidParameter(invalidTypeMessage(name, 'date'));
  return new Date(time).toISOString();
}

/** A parameter the platform names with or without '[]' (e.g. `contentKeys[]`), read as one. */
export function queryParam(query: Record<string, QueryValue>, name: string): QueryValue {
  const plain = query[name];
  const bracketed = query[`${name}[]`];
  if (bracketed === undefined) return plain;
  if (plain === undefined) return bracketed;
  return [plain, bracketed].flat();
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
  // A site or channel id of the wrong length or characters is as invalid as one of another prefix.
  if (kind === null || !isWellFormedId(value)) throw new ApiError(400, ERROR_CODES.INVALID_ID_FIELD, MESSAGES.CHANNEL_OR_SITE_ID_INVALID);
  return { kind, id: value };
}
