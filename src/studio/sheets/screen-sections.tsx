/**
 * The parts of a sheet's form below its texts: the values every language shares, its address on
 * the site, its topics, its image and documents, and what search engines are told.
 */
import { lazy } from 'react';
import type { SheetState, SheetView, StudioContext } from '../common/api';
import type { Topic } from '../../shared/topics';
import type { Field } from '../../content-model/definition';
import { SheetAddress } from './address';
import { SheetFiles } from './files';
import { SheetTopics, withTopics } from './topics';
import type { SheetDraft } from './use-sheet-draft';
import { ValueFields } from '../common/value-fields';
import { EDITOR_LANGUAGE } from './editor-numbers';

// Its own chunk: it brings the head-tag parser (parse5), which nothing else in the studio needs.
// Asked for as the sheet opens, beside the sheet itself.
export const loadSeo = () => import('./seo').then((module) => ({ default: module.SheetSeo }));
const SheetSeo = lazy(loadSeo);

interface SheetSectionsProps {
  context: StudioContext;
  view: SheetView;
  draft: SheetState;
  sheet: SheetDraft;
  /** Why the sheet type could not be read, if it could not: its fields are not shown. */
  typeError: string | null;
  /** The type's fields with one value for every language. */
  sharedFields: Field[];
  /** The site's topics, or why they could not be read. */
  topics: { answer: Topic[] | null; error: string | null };
  /** The server's problems, by field. */
  problems: Map<string, string>;
}

export function SheetSections({ context, view, draft, sheet, typeError, sharedFields, topics, problems }: SheetSectionsProps) {
  const primary = draft.primaryLanguage;
  return (
    <>
      {typeError !== null && (
        <p className="studio-error" role="alert">
          The sheet’s other fields cannot be shown: {typeError}
        </p>
      )}
      {sharedFields.length > 0 && (
        <fieldset className="studio-language studio-values" aria-describedby="values-hint">
          <legend>Properties</legend>
          <p className="studio-hint" id="values-hint">
            The same in every language.
          </p>
          <ValueFields
            fields={sharedFields}
            values={draft.values}
            problems={problems}
            place="values"
            language={EDITOR_LANGUAGE}
            onChange={(values) => sheet.edit((current) => ({ ...current, values }))}
          />
        </fieldset>
      )}
      <SheetAddress
        urlName={draft.urlName}
        prefix={`${context.basePath}/sheets/`}
        published={view.published !== null}
        oldAddresses={view.oldAddresses}
        problem={problems.get('urlName')}
        onChange={(urlName) => sheet.edit((current) => ({ ...current, urlName }))}
      />
      <SheetTopics
        taxonomy={topics.answer}
        error={topics.error}
        selected={draft.topics ?? []}
        problem={problems.get('topics')}
        onChange={(topics) => sheet.edit((current) => withTopics(current, topics))}
      />
      <SheetFiles
        context={context}
        view={view}
        hold={sheet.whileHeld}
        onUploaded={sheet.accept}
        imageAlt={draft.translations[primary]?.imageAlt ?? ''}
        draft={draft}
        onEdit={sheet.edit}
        problems={problems}
      />
      <SheetSeo
        context={context}
        draft={draft}
        siteLanguages={view.siteLanguages}
        problems={problems}
        onChange={(seo) => sheet.edit((current) => ({ ...current, seo }))}
      />
    </>
  );
}
