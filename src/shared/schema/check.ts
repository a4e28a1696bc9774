/**
 * Checking a value against a schema (TypeBox: docs/decisions/013) and saying what is wrong the way
 * a person reads it: every problem at once, each with its place in the value, written as in the
 * value's own notation (`sections[1].columns[0].width: must be a whole number from 1 to 12`).
 * Defaults the schema gives are filled in first, on a copy.
 */
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { distinctProblems, type Problem } from '../problems';

export interface Checked<T> {
  value: T;
  /** Each with its place, in the order of the value; empty when the value is sound. */
  problems: Problem[];
}

interface SchemaError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Fills in defaults (on a copy) and checks; the value is only to be used when there are no problems. */
export function checkValue<T>(schema: TSchema, value: unknown, root: string): Checked<T> {
  const filled = Value.Default(schema, Value.Clone(value));
  const errors = [...Value.Errors(schema, filled)] as unknown as SchemaError[];
  // A sound value (nearly every one) needs no words.
  return { value: filled as T, problems: errors.length === 0 ? [] : explainErrors(schema, filled, errors, root) };
}

/**
 * A JSON pointer (`/sections/1/id`) in the value's notation (`sections[1].id`), below `root`: a
 * place in a larger value (`sections[0].columns[0].components[2]`), or a name in parentheses for a
 * whole document (`(page)`), which is left out of the places below it.
 */
export function placeOfPointer(pointer: string, root: string): string {
  if (pointer === '') return root;
  const isDocument = root.startsWith('(');
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((place, token) => (/^\d+$/.test(token) ? `${place}[${token}]` : place === '' ? token : `${place}.${token}`), isDocument ? '' : root);
}

function schemaAt(schema: TSchema, schemaPath: string): Record<string, unknown> {
  let node: unknown = schema;
  for (const token of schemaPath.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return (node ?? {}) as Record<string, unknown>;
}

function explainErrors(schema: TSchema, value: unknown, errors: SchemaError[], root: string): Problem[] {
  // A failed union reports each branch as well as itself: the union's own line is the one to read.
  const unions = errors.filter((error) => error.keyword === 'anyOf').map((error) => error.schemaPath);
  const shown = errors.filter((error) => !unions.some((union) => error.schemaPath !== union && error.schemaPath.startsWith(`${union}/`)));
  const problems = shown.flatMap((error): Problem[] => {
    if (error.keyword === 'boolean') return [];
    // A name that breaks `propertyNames` is reported once, by the object that holds it.
    if (error.schemaPath.endsWith('/propertyNames') && error.keyword !== 'propertyNames') return [];
    const place = placeOfPointer(error.instancePath, root);
    if (error.keyword === 'required') {
      return ((error.params.requiredProperties ?? []) as string[]).map((name) => ({
        field: place === root && root.startsWith('(') ? name : `${place}.${name}`,
        message: 'is required',
      }));
    }
    const node = schemaAt(schema, error.schemaPath);
    const own = node.errorMessage;
    const explained = typeof own === 'string' ? own : own !== null && typeof own === 'object' ? (own as Record<string, unknown>)[error.keyword] : undefined;
    const found = Value.Pointer.Get(value as object, error.instancePath);
    // `{value}` in a schema's own words shows the value, quoted and cut short.
    const message = typeof explained === 'string' ? explained.replace('{value}', JSON.stringify(String(found).slice(0, 80))) : messageOf(error, node, found);
    return [{ field: place, message }];
  });
  return distinctProblems(problems);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  integer: 'must be a whole number',
  number: 'must be a number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  null: 'must be null',
};

function rangeOf(node: Record<string, unknown>): string | null {
  const { minimum, maximum } = node;
  if (typeof minimum !== 'number' || typeof maximum !== 'number') return null;
  return `must be ${node.type === 'integer' ? 'a whole number' : 'a number'} from ${minimum} to ${maximum}`;
}

function messageOf(error: SchemaError, node: Record<string, unknown>, value: unknown): string {
  switch (error.keyword) {
    case 'type':
      return TYPE_WORDS[String(error.params.type)] ?? `must be of type ${String(error.params.type)}`;
    case 'minLength':
      return error.params.limit === 1 ? 'must not be empty' : `must be at least ${String(error.params.limit)} characters`;
    case 'maxLength':
      return `is longer than ${String(error.params.limit)} characters`;
    case 'minimum':
    case 'maximum':
      return rangeOf(node) ?? `must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(error.params.limit)}`;
    case 'minItems':
      return error.params.limit === 1 ? 'must hold at least one entry' : `must hold at least ${String(error.params.limit)} entries`;
    case 'maxItems':
      return `must hold at most ${String(error.params.limit)} entries`;
    case 'pattern':
      return `has an unsupported value ${JSON.stringify(String(value).slice(0, 80))}`;
    case 'format':
      return error.params.format === 'date-time' ? 'must be an ISO 8601 date and time' : `must be a ${String(error.params.format)}`;
    case 'anyOf': {
      const options = ((node.anyOf ?? []) as Array<Record<string, unknown>>).map((branch) => branch.const).filter((option) => option !== undefined);
      return options.length > 0 ? `must be one of ${options.join(', ')}` : 'has an unsupported value';
    }
    case 'const':
      return `must be ${String(error.params.allowedValue)}`;
    case 'enum':
      return `must be one of ${((node.enum ?? []) as unknown[]).join(', ')}`;
    case 'propertyNames':
      return `has names it does not accept: ${((error.params.propertyNames ?? []) as string[]).join(', ')}`;
    case 'additionalProperties':
      return `has fields it does not know: ${((error.params.additionalProperties ?? []) as string[]).join(', ')}`;
    default:
      return `has an unsupported value (${error.keyword})`;
  }
}
