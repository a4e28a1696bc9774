/**
 * The field kinds our schemas are built from (TypeBox), each with the words of its problems, so
 * that every schema says "must be one of left, right" and "has an unsupported value" alike.
 */
import Type, { type TLiteral, type TUnion } from 'typebox';

interface TextOptions {
  /** At most this many characters (default 10,000). */
  max?: number;
  /** The whole value must match (a JavaScript regular expression without flags). */
  pattern?: RegExp;
  /** Refuse an empty or blank value. */
  required?: boolean;
  default?: string;
  errorMessage?: string;
  description?: string;
}

/**
 * Text, optionally of a pattern; a required text may not be blank. Its own words (`errorMessage`)
 * are the pattern's: a text that is too long is said to be too long, whatever its pattern says.
 */
export function text({ max = 10_000, pattern, required = false, errorMessage, ...options }: TextOptions = {}) {
  const rule = pattern !== undefined ? pattern.source : required ? '\\S' : undefined;
  const words = errorMessage ?? (pattern === undefined && required ? 'must not be empty' : undefined);
  return Type.String({
    maxLength: max,
    ...(rule === undefined ? {} : { pattern: rule }),
    ...(words === undefined ? {} : { errorMessage: { pattern: words } }),
    ...options,
  });
}

/** One of a few words; the problem lists them. */
export function oneOf<const T extends readonly string[]>(values: T, options: { default?: T[number]; description?: string } = {}) {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as unknown as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;
}

/** A whole number in a range. */
export function wholeNumber(minimum: number, maximum: number, options: { default?: number; description?: string } = {}) {
  return Type.Integer({ minimum, maximum, ...options });
}

/** A number in a range. */
export function number(minimum: number, maximum: number, options: { default?: number; description?: string } = {}) {
  return Type.Number({ minimum, maximum, ...options });
}

export function flag(options: { default?: boolean; description?: string } = {}) {
  return Type.Boolean(options);
}
