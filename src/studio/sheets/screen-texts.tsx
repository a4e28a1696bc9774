/**
 * A sheet's texts side by side: the primary language's, and one translation the editor picks,
 * which can be added by typing its title or removed.
 */
import { Button } from 'react-aria-components';
import { call, languageName, type SheetState, type SheetView, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { OutdatedTexts } from '../common/outdated-texts';
import { fieldName } from '../common/field-names';
import type { Field } from '../../content-model/definition';
import { LanguageFields } from './language-fields';
import { Choose } from '../common/parts';
import type { SheetDraft } from './use-sheet-draft';

interface SheetTextsProps {
  context: StudioContext;
  view: SheetView;
  draft: SheetState;
  sheet: SheetDraft;
  /** The type's fields each language has its own value of. */
  ownFields: Field[];
  /** The server's problems, by field. */
  problems: Map<string, string>;
  /** The translation the editor chose to see; null: the first the sheet has. */
  translation: string | null;
  onTranslation: (language: string) => void;
}

export function SheetTexts({ context, view, draft, sheet, ownFields, problems, translation, onTranslation }: SheetTextsProps) {
  const primary = draft.primaryLanguage;
  const others = view.siteLanguages.filter((language) => language !== primary);
  const shownTranslation = translation ?? others.find((language) => draft.translations[language] !== undefined) ?? others[0] ?? null;
  const changeTexts = (language: string) => (texts: NonNullable<(typeof draft.translations)[string]>) =>
    sheet.edit((current) => ({ ...current, translations: { ...current.translations, [language]: texts } }));

  return (
    <div className="studio-columns">
      <LanguageFields
        language={primary}
        texts={draft.translations[primary]}
        primary
        hasImage={draft.image !== null}
        problems={problems}
        fields={ownFields}
        onChange={changeTexts(primary)}
      />
      {shownTranslation !== null && (
        <div className="studio-translation">
          <Choose
            label="Translation shown beside it"
            items={others.map((language) => ({
              id: language,
              name: `${languageName(language)}${draft.translations[language] === undefined ? ' (none yet)' : (view.outdated[language]?.length ?? 0) > 0 ? ' (outdated)' : ''}`,
            }))}
            value={shownTranslation}
            onChange={onTranslation}
          />
          <OutdatedTexts
            confirmed={(language, fields) =>
              call(context, {
                operation: editingApi.sheets.confirmTranslation,
                params: { id: view.id, language },
                body: fields === undefined ? {} : { fields },
              })
            }
            language={shownTranslation}
            primaryLanguage={primary}
            outdated={view.outdated[shownTranslation] ?? []}
            nameOf={(field) =>
              fieldName(['translations', shownTranslation, ...field.split('.')], new Map(ownFields.map((own) => [own.name, own.labels[primary] ?? own.name])))
            }
            onConfirmed={sheet.accept}
          />
          <LanguageFields
            key={shownTranslation}
            language={shownTranslation}
            texts={draft.translations[shownTranslation]}
            primary={false}
            hasImage={draft.image !== null}
            problems={problems}
            fields={ownFields}
            onChange={changeTexts(shownTranslation)}
          />
          {draft.translations[shownTranslation] !== undefined && (
            <Button
              className="studio-button studio-button--small studio-button--quiet"
              onPress={() =>
                sheet.edit((current) => ({
                  ...current,
                  translations: Object.fromEntries(Object.entries(current.translations).filter(([language]) => language !== shownTranslation)),
                }))
              }
            >
              Remove the {languageName(shownTranslation)} text
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
