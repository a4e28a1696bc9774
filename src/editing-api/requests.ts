/**
 * Reading an editing API request against its schema, and turning the editing model's refusals into
 * HTTP answers: every problem at once with its place, and on a conflict the current state, so the
 * studio can show theirs beside ours and nothing is lost.
 */
import type { TSchema } from 'typebox';
import { AccountError } from '../editing/accounts';
import { EditingError, type EditingFailure } from '../editing/editable';
import { findNestingProblem, limitProblem, MAX_CONTENT_DEPTH } from '../shared/content-limits';
import { ApiError, ERROR_CODES } from '../shared/errors';
import { checkValue } from '../shared/schema/check';
import { problemAt, problemList } from '../shared/problems';
import Value from 'typebox/value';

/**
 * How deep a request body may nest: the deepest content (MAX_CONTENT_DEPTH levels below a body)
 * with room for the request around it. Content too deep is named, with its place, by the checks of
 * the content itself; this bound keeps a body nested without end away from the checks that copy and
 * convert a value recursively (they would overflow the stack: a 500 instead of a 400).
 */
export const MAX_REQUEST_DEPTH = 2 * MAX_CONTENT_DEPTH;

/** Refuses (400, naming the limit) a request body nested beyond MAX_REQUEST_DEPTH; the walk is iterative and stops at the limit. */
export function refuseDeepBody(body: unknown): void {
  const problem = findNestingProblem(body, MAX_REQUEST_DEPTH, Infinity);
  if (problem === null) return;
  const problems = [limitProblem('body', problem)];
  throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, `The request is not valid: ${problemList(problems)}`, { problems });
}

/**
 * The value, checked and with the schema's defaults; 400 with every problem otherwise, each at its
 * field's place in the request (`revision`, `state.translations.de_DE.title`), or at none when the
 * value as a whole is wrong.
 */
export function readInput<T>(schema: TSchema, value: unknown, what: string): T {
  const whole = `(${what})`;
  const checked = checkValue<T>(schema, value ?? {}, whole);
  if (checked.problems.length > 0) {
    const problems = checked.problems.map((problem) => (problem.field === whole ? problemAt(null, problem.message) : problem));
    throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, `The ${what} is not valid: ${problemList(problems)}`, { problems });
  }
  return checked.value;
}

/** A query string: its texts converted to the numbers and flags the schema asks for, then checked. */
export function readQueryString<T>(schema: TSchema, query: unknown): T {
  return readInput<T>(schema, Value.Convert(schema, query ?? {}), 'query');
}

const STATUS: Record<EditingFailure, [number, string]> = {
  'not-found': [404, ERROR_CODES.NOT_FOUND],
  conflict: [409, ERROR_CODES.CONFLICT],
  exists: [409, ERROR_CODES.CONFLICT],
  invalid: [400, ERROR_CODES.INVALID_API_INPUT],
  'not-published': [409, ERROR_CODES.CONFLICT],
  'not-approved': [409, ERROR_CODES.CONFLICT],
  forbidden: [403, ERROR_CODES.FORBIDDEN],
};

const ACCOUNT_STATUS: Record<AccountError['reason'], [number, string]> = {
  invalid: [400, ERROR_CODES.INVALID_API_INPUT],
  'not-found': [404, ERROR_CODES.NOT_FOUND],
  exists: [409, ERROR_CODES.CONFLICT],
  'last-admin': [409, ERROR_CODES.CONFLICT],
};

/** Runs an editing operation; its refusals become API errors with their details. */
export async function answer<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof EditingError) {
      const [status, code] = STATUS[error.reason];
      throw new ApiError(status, code, error.message, { ...error.details });
    }
    if (error instanceof AccountError) {
      const [status, code] = ACCOUNT_STATUS[error.reason];
      throw new ApiError(status, code, error.message);
    }
    throw error;
  }
}
