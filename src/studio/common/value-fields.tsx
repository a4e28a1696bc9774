/**
 * A sheet's values of its type's fields beyond its texts (CAS numbers, formula, purity…), one input
 * each, as the type defines them (content-model/): its label, a hint its kind gives, and what is
 * wrong with the value as it is typed (read by the same rules the server checks it by). Numbers
 * are shown and read as the inputs' language writes them ("1,726" in German).
 */
import { Input, TextArea } from 'react-aria-components';
import type { Field } from '../../content-model/definition';
import { formatNumber, numberStyleOf } from '../../content-model/numbers';
import { csvCellOf } from '../../content-model/sheet-values';
import { readFieldValue } from '../../content-model/values';
import { TextEntry } from './text-entry';

/** The language the studio's words are in: a field's label in it, else its first. */
const STUDIO_LANGUAGE = 'en_US';

export const labelOf = (field: Field) => field.labels[STUDIO_LANGUAGE] ?? Object.values(field.labels)[0] ?? field.name;

/** What an editor should know to fill a field in; a number's way of writing is `language`'s. */
function hintOf(field: Field, language: string): string | undefined {
  const example = numberStyleOf(language)?.example ?? '1234.5';
  const hints = [
    field.kind === 'identifier' && field.limits.identifier === 'cas' ? 'A CAS Registry Number, such as 75-24-1; its check digit is checked.' : undefined,
    field.kind === 'formula' ? 'Subscripts or not: Al(CH3)3 and Al(CH₃)₃ are the same.' : undefined,
    field.kind === 'date' ? 'A date, written YYYY-MM-DD.' : undefined,
    field.kind === 'number' ? `A number${field.limits.unit === undefined ? '' : ` in ${field.limits.unit}`}, written like ${example}.` : undefined,
    field.multiple ? 'Several: separate them with a semicolon.' : undefined,
    field.required ? 'Needed to publish.' : undefined,
  ].filter((hint) => hint !== undefined);
  return hints.length === 0 ? undefined : hints.join(' ');
}

/** A value as its input shows it: what was typed, or a list as it would be typed, numbers as `language` writes them (ungrouped, to edit). */
function shownOf(value: unknown, language: string): string {
  if (typeof value === 'string') return value;
  const entries = Array.isArray(value) ? value : [value];
  return csvCellOf(entries.map((entry: unknown) => (typeof entry === 'number' ? formatNumber(entry, language, { grouping: false }) : entry)));
}

interface ValueFieldsProps {
  fields: Field[];
  values: Record<string, unknown> | undefined;
  /** The server's problems by the field's place (`values.casNumbers`, `de_DE.extra.form`). */
  problems: Map<string, string>;
  /** Where these values are: `values` for shared ones, `{language}.extra` for a language's. */
  place: string;
  /** The language numbers are shown and typed in: the values' own, or the editor's for shared ones (sheets/editor-numbers.ts). */
  language: string;
  onChange: (values: Record<string, unknown>) => void;
}

export function ValueFields({ fields, values, problems, place, language, onChange }: ValueFieldsProps) {
  return fields.map((field) => {
    const value = values?.[field.name];
    const shown = shownOf(value, language);
    const typed = shown.trim() === '' ? [] : readFieldValue(field, shown, numberStyleOf(language)).problems;
    // A value that does not read is not saved (sheets/draft-rules.ts), and says so with how to write it.
    const problem =
      typed.length > 0 ? `${typed.map((problem) => problem.message).join('; ')}. This field is not saved until then.` : problems.get(`${place}.${field.name}`);
    const multiline = field.kind === 'long-text' || field.kind === 'rich-text';
    return (
      <TextEntry
        key={field.name}
        label={labelOf(field)}
        value={shown}
        onChange={(text) => onChange({ ...values, [field.name]: text })}
        problem={problem}
        description={hintOf(field, language)}
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
