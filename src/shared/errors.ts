/**
 * The error catalogue (spec §8; reference "Errors"). Messages are constants so that the server,
 * the client and the tests agree on every character (note the ’ in the type message).
 */

/** One entry of an error body. An error response is always an array of these. */
export interface ApiErrorItem {
  errorCode: string;
  message: string;
}

export const ERROR_CODES = {
  INVALID_ID_FIELD: 'INVALID_ID_FIELD',
  INVALID_SESSION_ID: 'INVALID_SESSION_ID',
  FORBIDDEN: 'INSUFFICIENT_ACCESS',
  INVALID_API_INPUT: 'INVALID_API_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  TOO_MANY_REQUESTS: 'REQUEST_LIMIT_EXCEEDED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNPROCESSABLE: 'UNPROCESSABLE_ENTITY',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The store's disk is full: a write failed, reads still work (HTTP 507). */
  INSUFFICIENT_STORAGE: 'INSUFFICIENT_STORAGE',
  UNKNOWN_EXCEPTION: 'UNKNOWN_EXCEPTION',
} as const;

/** spec §8 "Request validation messages". */
export const MESSAGES = {
  OPTIONS_REQUIRED: 'Options are required to successfully be able to execute this request.',
  CHANNEL_OR_SITE_ID_REQUIRED: "The 'channelOrSiteId' parameter is required to successfully execute this request.",
  CONTENT_KEY_OR_ID_REQUIRED: "The 'contentKeyOrId' parameter is required to successfully execute this request.",
  CHANNEL_OR_SITE_ID_INVALID: "The 'channelOrSiteId' parameter is invalid",
  INPUT_PARAMETERS_REQUIRED: 'Enter input parameters to execute the request.',
  CHANNEL_OR_SITE_ID_EMPTY: 'Enter a value for channelOrSiteId.',
  CHANNEL_OR_SITE_ID_PREFIX: 'Enter a valid prefix for channelOrSiteId.',
  NOT_FOUND: 'The requested resource does not exist',
  SESSION_EXPIRED: 'Session expired or invalid',
  CROSS_SITE_REFUSED: 'Requests from other sites are not accepted',
  METHOD_NOT_ALLOWED: 'The HTTP method is not allowed for this resource',
  UNKNOWN_EXCEPTION: 'An unexpected error occurred. Please try again later.',
} as const;

/** Parameter types as spec §5.5 names them. */
export type ParameterType = 'array' | 'string' | 'number' | 'boolean' | 'date';

/** spec §8: 'The type entered for {param} isn’t valid. Enter the value as a/an {type}.' */
export function invalidTypeMessage(param: string, type: ParameterType): string {
  return `The type entered for ${param} isn’t valid. Enter the value as a/an ${type}.`;
}

/** A list with more values than the reference allows. */
export function tooManyValuesMessage(param: string, max: number): string {
  return `The value entered for ${param} isn’t valid. Enter from 1 to ${max} values.`;
}

/** A value of the right type outside the reference's limits. Names the parameter and the range. */
export function outOfRangeMessage(param: string, min: number, max?: number): string {
  return max === undefined
    ? `The value entered for ${param} isn’t valid. Enter a number of ${min} or more.`
    : `The value entered for ${param} isn’t valid. Enter a number from ${min} to ${max}.`;
}

/** An error with the HTTP status and the catalogue entry to send. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  /** More for the client beside the message (the studio's API: the problems, the current version). */
  readonly details: Record<string, unknown>;

  constructor(status: number, errorCode: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.details = details;
  }

  toBody(): ApiErrorItem[] {
    return [{ errorCode: this.errorCode, message: this.message, ...this.details }];
  }
}

export function notFound(): ApiError {
  return new ApiError(404, ERROR_CODES.NOT_FOUND, MESSAGES.NOT_FOUND);
}

export function invalidParameter(message: string): ApiError {
  return new ApiError(400, ERROR_CODES.INVALID_API_INPUT, message);
}
