/**
 * A sheet in the studio: its texts in the primary language beside one translation, its topics, its
 * image and PDF, publishing, and the preview. Edits save by themselves (use-sheet-draft.ts); the
 * save state is always visible and announced; leaving with unsaved edits asks first.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { languageTag } from '../shared/languages';
import type { Topic } from '../shared/topics';
import { languageName, type StudioContext } from './api';
import { ConflictDialog } from './conflict-dialog';
import { fieldName, problemsByField } from './field-names';
import { getAt } from '../shared/merge';
import { STATUS_WORDS } from '../shared/editing-status';
import { LanguageFields } from './language-fields';
import { useNavigation } from './navigation';
import { Choose, useAnswer } from './parts';
import { PreviewFrames } from './preview-frames';
import { Publishing } from './publishing';
import { SheetFiles } from './sheet-files';
import { SheetHistory } from './sheet-history';
import { SheetTopics, withTopics } from './sheet-topics';
import { useSheetDraft, type SaveState } from './use-sheet-draft';
import { ValueFields } from './value-fields';
import { SheetAddress } from './sheet-address';
import type { ContentType } from '../content-model/definition';
import { offeredFields } from '../content-model/sheet-values';
import { LITERATURE_CONTENT_TYPE } from '../shared/constants';

const SAVE_WORDS: Record<SaveState, string> = {
  loading: 'Loading…',
  saved: 'Saved',
  editing: 'Unsaved changes',
  saving: 'Saving…',
  refused: 'Not saved: see the marked fields',
  failed: 'Not saved',
  conflict: 'Not saved: someone else changed this sheet',
};

// Its own chunk: it brings the head-tag parser (parse5), which nothing else in the studio needs.
// Asked for as the sheet opens, beside the sheet itself.
const loadSeo = () => import('./sheet-seo').then((module) => ({ default: module.SheetSeo }));
const SheetSeo = lazy(loadSeo);

/** How often a sheet with something scheduled is asked for again, to show when it has happened. */
const SCHEDULE_POLL_MS = 5000;

export function SheetScreen({ context, id }: { context: StudioContext; id: string }) {
  // The sheet type's fields (content-model/): the form has an input for each.
  const typeView = useAnswer<{ revision: number; type: ContentType }>(context, `/content-types/${LITERATURE_CONTENT_TYPE}`, 0);
  const type = typeView.answer?.type ?? null;
  const sheet = useSheetDraft(context, id, type);
  const { view, draft, state } = sheet;
  const { holdLeaving } = useNavigation();
  const siteId = draft?.siteId ?? null;
  const topics = useAnswer<Topic[]>(context, siteId === null ? null : `/topics?siteId=${encodeURIComponent(siteId)}`, 0);
  useEffect(() => void loadSeo(), []);
  const [translation, setTranslation] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    holdLeaving(sheet.unsaved);
    return () => holdLeaving(null);
  }, [holdLeaving, sheet.unsaved]);

  const scheduled = (view?.schedules.length ?? 0) > 0;
  const { reload } = sheet;
  useEffect(() => {
    if (!scheduled) return;
    const timer = setInterval(() => void reload(), SCHEDULE_POLL_MS);
    return () => clearInterval(timer);
  }, [scheduled, reload]);

  // The sheet shows once its parts are in (its site's topics, the search-engine panel's code):
  // nothing on it moves after it shows, so a button is where the editor saw it when they press it.
  const loading = (
    <section className="studio-sheet">
      <p role={state === 'failed' ? 'alert' : 'status'}>{state === 'failed' ? (sheet.message ?? 'The sheet could not be loaded.') : 'Loading the sheet…'}</p>
      <Link href={`${context.basePath}/studio`}>Back to all sheets</Link>
    </section>
  );
  if (view === null || draft === null || (topics.answer === null && topics.error === null) || (type === null && typeView.error === null)) return loading;

  const primary = draft.primaryLanguage;
  const others = view.siteLanguages.filter((language) => language !== primary);
  const shownTranslation = translation ?? others.find((language) => draft.translations[language] !== undefined) ?? others[0] ?? null;
  const { fields, others: otherProblems } = problemsByField(sheet.problems);
  const title = draft.translations[primary]?.title ?? '';
  const offered = type === null ? [] : offeredFields(type);
  const ownFields = offered.filter((field) => field.perLanguage);
  const sharedFields = offered.filter((field) => !field.perLanguage);
  const changeTexts = (language: string) => (texts: NonNullable<(typeof draft.translations)[string]>) =>
    sheet.edit((current) => ({ ...current, translations: { ...current.translations, [language]: texts } }));

  return (
    <Suspense fallback={loading}>
      <article className="studio-sheet" aria-labelledby="sheet-heading">
        <nav aria-label="Breadcrumb" className="studio-breadcrumb">
          <Link href={`${context.basePath}/studio`}>Sheets</Link> <span aria-hidden="true">›</span> <span aria-current="page">{title || 'Untitled'}</span>
        </nav>
        <header className="studio-sheet__head">
          <h1 id="sheet-heading">{title || 'Untitled sheet'}</h1>
          <span className={`studio-status studio-status--${view.status}`}>{STATUS_WORDS[view.status]}</span>
          {view.attention !== null && <span className="studio-status studio-status--attention">{STATUS_WORDS.attention}</span>}
          {view.siteUrl !== null && (
            <a className="studio-link" href={view.siteUrl} target="_blank" rel="noopener">
              View on site<span className="studio-visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          <p className={`studio-save studio-save--${state}`} role="status" aria-live="polite">
            {SAVE_WORDS[state]}
            {state === 'failed' && sheet.message !== null ? `: ${sheet.message}` : ''}
          </p>
          {state === 'failed' && (
            <Button className="studio-button studio-button--small" onPress={() => void sheet.flush()}>
              Try again
            </Button>
          )}
        </header>
        {view.attention !== null && (
          <div className="studio-warning" role="status">
            <p>
              <strong>Needs attention.</strong> The {view.attention.source} changed{' '}
              {view.attention.conflicts.length === 1 ? 'a field' : `${view.attention.conflicts.length} fields`} on the site that your draft had changed too (
              {view.attention.conflicts.map((field) => fieldName(field.path)).join(', ')}). Your draft keeps its own until you choose, and is not published
              until then.
            </p>
            <Button className="studio-button studio-button--small" onPress={() => setChoosing(true)}>
              Choose what to keep
            </Button>
          </div>
        )}
        {otherProblems.length > 0 && (
          <ul className="studio-error" role="alert">
            {otherProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <div className="studio-columns">
          <LanguageFields
            language={primary}
            texts={draft.translations[primary]}
            primary
            hasImage={draft.image !== null}
            problems={fields}
            fields={ownFields}
            onChange={changeTexts(primary)}
          />
          {shownTranslation !== null && (
            <div className="studio-translation">
              <Choose
                label="Translation shown beside it"
                items={others.map((language) => ({
                  id: language,
                  name: `${languageName(language)}${draft.translations[language] === undefined ? ' (none yet)' : ''}`,
                }))}
                value={shownTranslation}
                onChange={setTranslation}
              />
              <LanguageFields
                key={shownTranslation}
                language={shownTranslation}
                texts={draft.translations[shownTranslation]}
                primary={false}
                hasImage={draft.image !== null}
                problems={fields}
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
        {typeView.error !== null && (
          <p className="studio-error" role="alert">
            The sheet’s other fields cannot be shown: {typeView.error}
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
              problems={fields}
              place="values"
              onChange={(values) => sheet.edit((current) => ({ ...current, values }))}
            />
          </fieldset>
        )}
        <SheetAddress
          urlName={draft.urlName}
          prefix={`${context.basePath}/sheets/`}
          published={view.published !== null}
          oldAddresses={view.oldAddresses}
          problem={fields.get('urlName')}
          onChange={(urlName) => sheet.edit((current) => ({ ...current, urlName }))}
        />
        <SheetTopics
          taxonomy={topics.answer}
          error={topics.error}
          selected={draft.topics ?? []}
          problem={fields.get('topics')}
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
          problems={fields}
        />
        <SheetSeo
          context={context}
          draft={draft}
          siteLanguages={view.siteLanguages}
          problems={fields}
          onChange={(seo) => sheet.edit((current) => ({ ...current, seo }))}
        />
        <Publishing context={context} view={view} hold={sheet.whileHeld} onChanged={sheet.accept} previewLanguage={null} />
        <SheetHistory context={context} view={view} hold={sheet.whileHeld} onRestored={sheet.accept} />
        <PreviewFrames context={context} sheetId={view.id} revision={view.revision} language={null} title={view.label} />
        <ConflictDialog
          conflict={
            sheet.conflict === null
              ? null
              : {
                  conflicts: sheet.conflict.conflicts,
                  who: `${sheet.conflict.theirs.updatedBy ?? 'Another editor'}’s`,
                  heading: `${sheet.conflict.theirs.updatedBy ?? 'Another editor'} changed this sheet too`,
                  intro: `${sheet.conflict.theirs.updatedBy ?? 'Another editor'} saved changes while you were editing. Where you both changed the same field, choose which text to keep. Everything else from both of you is kept.`,
                }
          }
          onResolve={sheet.resolve}
        />
        {view.attention !== null && sheet.conflict === null && (
          <ConflictDialog
            conflict={
              choosing
                ? {
                    // Ours as the draft has it now (it may have changed since the import).
                    conflicts: view.attention.conflicts.map((field) => ({ ...field, ours: getAt(draft, field.path) })),
                    who: 'On the site',
                    heading: `Choose: your draft or the ${view.attention.source}`,
                    intro: `The ${view.attention.source} (by ${view.attention.by}) changed these fields on the site while your draft had changed them too. The site shows the import’s; choose for each what the draft keeps. Everything else was merged.`,
                  }
                : null
            }
            onResolve={(takeTheirs) => {
              setChoosing(false);
              sheet.settle(takeTheirs);
            }}
            onLater={() => setChoosing(false)}
          />
        )}
        <p className="studio-hint">
          Last saved {view.updatedAt === null ? 'never' : new Date(view.updatedAt).toLocaleString()}
          {view.updatedBy === null ? '' : ` by ${view.updatedBy}`}. Primary language: {languageName(primary)} ({languageTag(primary)}).
        </p>
      </article>
    </Suspense>
  );
}
