/**
 * The page's texts in the site's other languages: the editor picks a language and sees each text
 * the page shows (heading, search-engine title and description, buttons, messages) with the
 * page's own text beside it. Saved and published with the page's other settings; a text left
 * empty shows the page's own. Texts whose own text changed since they were translated are marked
 * (common/outdated-texts.tsx).
 */
import { useState } from 'react';
import { Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import { languageTag } from '../../shared/languages';
import { call, languageName, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { OutdatedTexts } from '../common/outdated-texts';
import type { PageView, Settings } from '../common/page-api';
import { Choose } from '../common/parts';

interface PageTranslationsFormProps {
  context: StudioContext;
  view: PageView;
  translations: Settings['translations'];
  onChange: (translations: Settings['translations']) => void;
  onConfirmed: (answer: PageView) => void;
}

/** Texts longer than a line are edited in an area. */
const LONG_TEXT = 80;

export function PageTranslationsForm({ context, view, translations, onChange, onConfirmed }: PageTranslationsFormProps) {
  const [chosen, setChosen] = useState<string | null>(null);
  const language = chosen ?? view.languages[0];
  if (language === undefined) return null;
  const texts = translations[language] ?? {};
  const labels = new Map(view.texts.map((text) => [text.key, text.label]));
  const change = (key: string) => (value: string) => {
    // An emptied text is no translation: the page's own shows.
    const next = { ...texts, [key]: value };
    if (value === '') delete next[key];
    onChange({ ...translations, [language]: next });
  };

  return (
    <div className="studio-panel">
      <h2>Other languages</h2>
      <Choose
        label="Language"
        items={view.languages.map((id) => ({ id, name: `${languageName(id)}${(view.outdated[id]?.length ?? 0) > 0 ? ' (outdated)' : ''}` }))}
        value={language}
        onChange={setChosen}
      />
      <OutdatedTexts
        confirmed={(language, fields) =>
          call(context, { operation: editingApi.pages.confirmTranslation, params: { name: view.name, language }, body: fields === undefined ? {} : { fields } })
        }
        language={language}
        primaryLanguage={view.primaryLanguage}
        outdated={view.outdated[language] ?? []}
        nameOf={(key) => `${labels.get(key) ?? key} (${languageName(language)})`}
        onConfirmed={onConfirmed}
      />
      {view.texts.map((text) => (
        <TextField
          key={`${language} ${text.key}`}
          className="studio-field"
          value={texts[text.key] ?? ''}
          onChange={change(text.key)}
          lang={languageTag(language)}
        >
          <Label>
            {text.label} ({languageName(language)})
          </Label>
          {text.text.length > LONG_TEXT ? <TextArea rows={3} /> : <Input />}
          <Text slot="description" lang={languageTag(view.primaryLanguage)}>
            {languageName(view.primaryLanguage)}: {text.text}
          </Text>
        </TextField>
      ))}
    </div>
  );
}
