/**
 * A translation's outdated texts (docs/studio.md, "Outdated translations"): each text whose primary
 * text changed since it was translated, with what the primary text said then and says now. Editing
 * the text brings it up to date; "Still right" confirms it as it is.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { languageName, type OutdatedText } from './api';
import { Notice, wordsOf } from './parts';

interface OutdatedTextsProps<V> {
  /** Confirms the language's texts (`fields`: these only), answering what they are of as it is now. */
  confirmed: (language: string, fields?: string[]) => Promise<V>;
  language: string;
  primaryLanguage: string;
  outdated: OutdatedText[];
  /** A text's name for people, by its field: "Title (German (Germany))". */
  nameOf: (field: string) => string;
  /** Its view as the confirmation answers it. */
  onConfirmed: (answer: V) => void;
}

export function OutdatedTexts<V>({ confirmed, language, primaryLanguage, outdated, nameOf, onConfirmed }: OutdatedTextsProps<V>) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (outdated.length === 0) return null;
  const id = `outdated-${language}`;
  const confirm = async (fields?: string[]) => {
    setBusy(true);
    setFailure(null);
    try {
      onConfirmed(await confirmed(language, fields));
    } catch (error) {
      setFailure(wordsOf(error));
    } finally {
      setBusy(false);
    }
  };
  const primary = languageName(primaryLanguage);

  return (
    <section className="studio-outdated" aria-labelledby={id}>
      <h2 id={id}>
        {outdated.length === 1 ? 'One text is' : `${outdated.length} texts are`} outdated: the {primary} changed since{' '}
        {outdated.length === 1 ? 'it was' : 'they were'} translated
      </h2>
      <ul>
        {outdated.map((text) => (
          <li key={text.field}>
            <strong>{nameOf(text.field)}</strong>
            <dl>
              <dt>{primary} then</dt>
              <dd>{text.was === '' ? '(empty)' : text.was}</dd>
              <dt>{primary} now</dt>
              <dd>{text.now === '' ? '(empty)' : text.now}</dd>
            </dl>
            <Button
              className="studio-button studio-button--small"
              aria-label={`Still right: ${nameOf(text.field)}`}
              isDisabled={busy}
              onPress={() => void confirm([text.field])}
            >
              Still right
            </Button>
          </li>
        ))}
      </ul>
      {outdated.length > 1 && (
        <Button className="studio-button studio-button--small studio-button--quiet" isDisabled={busy} onPress={() => void confirm()}>
          All {languageName(language)} texts are still right
        </Button>
      )}
      <Notice outcome={failure === null ? null : { text: failure, failed: true }} />
    </section>
  );
}
