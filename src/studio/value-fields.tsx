/**
 * A sheet's values of its type's fields beyond its texts (CAS numbers, formula, purity…), one input
 * each, as the type defines them (content-model/): its label, a hint its kind gives, and what is
 * wrong with the value as it is typed (read by the same rules the server checks it by).
 */
import { Input, TextArea } from 'react-aria-components';
import type { Field } from '../content-model/definition';
import { csvCellOf } from '../content-model/sheet-values';
import { readFieldValue } from '../content-model/values';
import { TextEntry } from './text-entry';

/** The language the studio's words are in: a field's label in it, else its first. */
const STUDIO_LANGUAGE = 'en_US';

export const labelOf = (field: Field) => field.labels[STUDIO_LANGUAGE] ?? Object.values(field.labels)[0] ?? field.name;

/** What an editor should know to fill a field in. */
function hintOf(field: Field): string | undefined {
  const hints = [
    field.kind === 'identifier' && field.limits.identifier === 'cas' ? 'A CAS Registry Number, such as 75-24-1; its check digit is checked.' : undefined,
    field.kind === 'formula' ? 'Subscripts or not: Al(CH3)3 and Al(CH₃)₃ are the same.' : undefined,
    field.kind === 'date' ? 'A date, written YYYY-MM-DD.' : undefined,
    field.kind === 'number' ? `A number${field.limits.unit === undefined ? '' : ` in ${field.limits.unit}`}.` : undefined,
    field.multiple ? 'Several: separate them with a semicolon.' : undefined,
    field.required ? 'Needed to publish.' : undefined,
  ].filter((hint) => hint !== undefined);
  return hints.length === 0 ? undefined : hints.join(' ');
}

/** A value as its input shows it: what was typed, or a list as it would be typed. */
const shownOf = (value: unknown) => (typeof value === 'string' ? value : csvCellOf(value));

interface ValueFieldsProps {
  fields: Field[];
  values: Record<string, unknown> | undefined;
  /** The server's problems by the field's place (`values.casNumbers`, `de_DE.extra.form`). */
  problems: Map<string, string>;
  /** Where these values are: `values` for shared ones, `{language}.extra` for a language's. */
  place: string;
  onChange: (values: Record<string, unknown>) => void;
}

export function ValueFields({ fields, values, problems, place, onChange }: ValueFieldsProps) {
  return fields.map((field) => {
    const value = values?.[field.name];
    const shown = shownOf(value);
    const typed = shown.trim() === '' ? [] : readFieldValue(field, shown).problems;
    const problem = typed.length > 0 ? `${typed.map((text) => text.replace(/^[^:]*: /, '')).join('; ')}.` : problems.get(`${place}.${field.name}`);
    const multiline = field.kind === 'long-text' || field.kind === 'rich-text';
    return (
      <TextEntry
        key={field.name}
        label={labelOf(field)}
        value={shown}
        onChange={(text) => onChange({ ...values, [field.name]: text })}
        problem={problem}
        description={hintOf(field)}
      >
        {multiline ? (
          <TextArea rows={4} />
        ) : (
          <Input
            spellCheck={field.kind === 'text'}
            inputMode={field.kind === 'number' ? 'decimal' : field.kind === 'link' ? 'url' : undefined}
            type={field.kind === 'date' ? 'date' : 'text'}
          />
        )}
      </TextEntry>
    );
  });
}
