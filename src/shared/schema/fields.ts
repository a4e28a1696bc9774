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

/** Text, optionally of a pattern; a required text may not be blank. */
export function text({ max = 10_000, pattern, required = false, ...options }: TextOptions = {}) {
  const rule =
    pattern !== undefined ? { pattern: pattern.source } : required ? { pattern: '\\S', errorMessage: options.errorMessage ?? 'must not be empty' } : {};
  return Type.String({ maxLength: max, ...rule, ...options });
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
