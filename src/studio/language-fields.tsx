/**
 * One language's texts of a sheet: title, description, link and the image's description. A link is
 * checked as it is typed, by the same rules the site applies (shared/links.ts), and the server's
 * reasons for refusing a save appear beside the field they are about.
 */
import { FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import type { SheetTexts } from '../editing/sheet-state';
import { linkProblem } from '../shared/links';
import { languageName } from './api';

const EMPTY: SheetTexts = { title: '', description: '', url: '', imageAlt: '' };

interface LanguageFieldsProps {
  language: string;
  texts: SheetTexts | undefined;
  /** Whether this is the sheet's primary language (its title may not be empty, its image description is required to publish). */
  primary: boolean;
  hasImage: boolean;
  /** The server's problems with this language's fields, by field name. */
  problems: Map<string, string>;
  onChange: (texts: SheetTexts) => void;
}

export function LanguageFields({ language, texts, primary, hasImage, problems, onChange }: LanguageFieldsProps) {
  const current = texts ?? EMPTY;
  const change = (field: keyof SheetTexts) => (value: string) => onChange({ ...current, [field]: value });
  const linkError = current.url === '' ? null : linkProblem(current.url);
  const problem = (field: string) => problems.get(`${language}.${field}`);
  const id = `lang-${language}`;

  return (
    <fieldset className="studio-language" lang={language.replace('_', '-')} aria-describedby={texts === undefined ? `${id}-new` : undefined}>
      <legend>{languageName(language)}</legend>
      {texts === undefined && (
        <p className="studio-hint" id={`${id}-new`}>
          No {languageName(language)} text yet. It is saved once it has a title.
        </p>
      )}
      <TextField
        className="studio-field"
        value={current.title}
        onChange={change('title')}
        isInvalid={problem('title') !== undefined}
        isRequired={primary}
        validationBehavior="aria"
      >
        <Label>Title</Label>
        <Input />
        <FieldError>{problem('title')}</FieldError>
      </TextField>
      <TextField
        className="studio-field"
        value={current.description}
        onChange={change('description')}
        isInvalid={problem('description') !== undefined}
        validationBehavior="aria"
      >
        <Label>Description</Label>
        <TextArea rows={5} />
        <FieldError>{problem('description')}</FieldError>
      </TextField>
      <TextField
        className="studio-field"
        value={current.url}
        onChange={change('url')}
        isInvalid={linkError !== null || problem('url') !== undefined}
        validationBehavior="aria"
      >
        <Label>Link</Label>
        <Input inputMode="url" spellCheck={false} />
        <Text slot="description">Where the card leads: the PDF, or an https:// address or a path on this site starting with /.</Text>
        <FieldError>{linkError === null ? problem('url') : `This link cannot be used: ${linkError}.`}</FieldError>
      </TextField>
      {hasImage && (
        <TextField
          className="studio-field"
          value={current.imageAlt}
          onChange={change('imageAlt')}
          isInvalid={problem('imageAlt') !== undefined}
          validationBehavior="aria"
        >
          <Label>Image description</Label>
          <Input />
          <Text slot="description">
            {primary ? 'What the image shows, for people who cannot see it. Needed to publish.' : 'What the image shows, in this language.'}
          </Text>
          <FieldError>{problem('imageAlt')}</FieldError>
        </TextField>
      )}
    </fieldset>
  );
}
