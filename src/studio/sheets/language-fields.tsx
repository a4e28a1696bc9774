/**
 * One language's texts of a sheet: title, description, link, the image's description, and the
 * language's values of the type's fields per language (common/value-fields.tsx). A link is
 * checked as it is typed, by the same rules the site applies (shared/links.ts), and the server's
 * reasons for refusing a save appear beside the field they are about.
 */
import { Input, TextArea } from 'react-aria-components';
import { TextEntry } from '../common/text-entry';
import type { SheetTexts } from '../../sheet/shape';
import { languageTag } from '../../shared/languages';
import { linkProblem } from '../../shared/links';
import type { Field } from '../../content-model/definition';
import { languageName } from '../common/api';
import { ValueFields } from '../common/value-fields';

const EMPTY: SheetTexts = { title: '', description: '', url: '', imageAlt: '' };

interface LanguageFieldsProps {
  language: string;
  texts: SheetTexts | undefined;
  /** Whether this is the sheet's primary language (its title may not be empty, its image description is required to publish). */
  primary: boolean;
  hasImage: boolean;
  /** The server's problems with this language's fields, by field name. */
  problems: Map<string, string>;
  /** The sheet type's fields each language has its own value of (content-model/), in their order. */
  fields: Field[];
  onChange: (texts: SheetTexts) => void;
}

export function LanguageFields({ language, texts, primary, hasImage, problems, fields, onChange }: LanguageFieldsProps) {
  const current = texts ?? EMPTY;
  const change = (field: keyof SheetTexts) => (value: string) => onChange({ ...current, [field]: value });
  const linkError = current.url === '' ? null : linkProblem(current.url);
  const problem = (field: string) => problems.get(`${language}.${field}`);
  const id = `lang-${language}`;

  return (
    <fieldset className="studio-language" lang={languageTag(language)} aria-describedby={texts === undefined ? `${id}-new` : undefined}>
      <legend>{languageName(language)}</legend>
      {texts === undefined && (
        <p className="studio-hint" id={`${id}-new`}>
          No {languageName(language)} text yet. It is saved once it has a title.
        </p>
      )}
      <TextEntry label="Title" value={current.title} onChange={change('title')} problem={problem('title')} required={primary}>
        <Input />
      </TextEntry>
      <TextEntry label="Description" value={current.description} onChange={change('description')} problem={problem('description')}>
        <TextArea rows={5} />
      </TextEntry>
      <TextEntry
        label="Link"
        value={current.url}
        onChange={change('url')}
        problem={linkError === null ? problem('url') : `This link cannot be used: ${linkError}.`}
        description="Where the card leads: the PDF, or an https:// address or a path on this site starting with /."
      >
        <Input inputMode="url" spellCheck={false} />
      </TextEntry>
      {hasImage && (
        <TextEntry
          label="Image description"
          value={current.imageAlt}
          onChange={change('imageAlt')}
          problem={problem('imageAlt')}
          description={primary ? 'What the image shows, for people who cannot see it. Needed to publish.' : 'What the image shows, in this language.'}
        >
          <Input />
        </TextEntry>
      )}
      <ValueFields
        fields={fields}
        values={current.extra}
        problems={problems}
        place={`${language}.extra`}
        language={language}
        onChange={(extra) => onChange({ ...current, extra })}
      />
    </fieldset>
  );
}
