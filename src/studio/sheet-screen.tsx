/**
 * A sheet in the studio: its texts in the primary language beside one translation, its topics, its
 * image and PDF, publishing, and the preview. Edits save by themselves (use-sheet-draft.ts); the
 * save state is always visible and announced; leaving with unsaved edits asks first.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { languageTag } from '../shared/languages';
import { languageName, type StudioContext } from './api';
import { ConflictDialog } from './conflict-dialog';
import { problemsByField } from './field-names';
import { LanguageFields } from './language-fields';
import { useNavigation } from './navigation';
import { Choose } from './parts';
import { PreviewFrames } from './preview-frames';
import { Publishing } from './publishing';
import { SheetFiles } from './sheet-files';
import { SheetHistory } from './sheet-history';
import { SheetTopics, withTopics } from './sheet-topics';
import { useSheetDraft, type SaveState } from './use-sheet-draft';

const SAVE_WORDS: Record<SaveState, string> = {
  loading: 'Loading…',
  saved: 'Saved',
  editing: 'Unsaved changes',
  saving: 'Saving…',
  refused: 'Not saved: see the marked fields',
  failed: 'Not saved',
  conflict: 'Not saved: someone else changed this sheet',
};

// Fetched after the sheet shows: it brings the head-tag parser (parse5), which nothing else on this screen needs.
const SheetSeo = lazy(() => import('./sheet-seo').then((module) => ({ default: module.SheetSeo })));

const STATUS_WORDS = { draft: 'Draft', published: 'Published', changed: 'Changed since publish', unpublished: 'Unpublished' } as const;

/** How often a sheet with something scheduled is asked for again, to show when it has happened. */
const SCHEDULE_POLL_MS = 5000;

export function SheetScreen({ context, id }: { context: StudioContext; id: string }) {
  const sheet = useSheetDraft(context, id);
  const { view, draft, state } = sheet;
  const { holdLeaving } = useNavigation();
  const [translation, setTranslation] = useState<string | null>(null);

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

  if (view === null || draft === null) {
    return (
      <section className="studio-sheet">
        <p role={state === 'failed' ? 'alert' : 'status'}>{state === 'failed' ? (sheet.message ?? 'The sheet could not be loaded.') : 'Loading the sheet…'}</p>
        <Link href={`${context.basePath}/studio`}>Back to all sheets</Link>
      </section>
    );
  }

  const primary = draft.primaryLanguage;
  const others = view.siteLanguages.filter((language) => language !== primary);
  const shownTranslation = translation ?? others.find((language) => draft.translations[language] !== undefined) ?? others[0] ?? null;
  const { fields, others: otherProblems } = problemsByField(sheet.problems);
  const title = draft.translations[primary]?.title ?? '';
  const changeTexts = (language: string) => (texts: NonNullable<(typeof draft.translations)[string]>) =>
    sheet.edit((current) => ({ ...current, translations: { ...current.translations, [language]: texts } }));

  return (
    <article className="studio-sheet" aria-labelledby="sheet-heading">
      <nav aria-label="Breadcrumb" className="studio-breadcrumb">
        <Link href={`${context.basePath}/studio`}>Sheets</Link> <span aria-hidden="true">›</span> <span aria-current="page">{title || 'Untitled'}</span>
      </nav>
      <header className="studio-sheet__head">
        <h1 id="sheet-heading">{title || 'Untitled sheet'}</h1>
        <span className={`studio-status studio-status--${view.status}`}>{STATUS_WORDS[view.status]}</span>
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
      <SheetTopics
        context={context}
        siteId={draft.siteId}
        selected={draft.topics ?? []}
        problem={fields.get('topics')}
        onChange={(topics) => sheet.edit((current) => withTopics(current, topics))}
      />
      <SheetFiles context={context} view={view} hold={sheet.whileHeld} onUploaded={sheet.accept} imageAlt={draft.translations[primary]?.imageAlt ?? ''} />
      <Suspense fallback={null}>
        <SheetSeo
          context={context}
          draft={draft}
          siteLanguages={view.siteLanguages}
          problems={fields}
          onChange={(seo) => sheet.edit((current) => ({ ...current, seo }))}
        />
      </Suspense>
      <Publishing context={context} view={view} hold={sheet.whileHeld} onChanged={sheet.accept} previewLanguage={null} />
      <SheetHistory context={context} view={view} hold={sheet.whileHeld} onRestored={sheet.accept} />
      <PreviewFrames context={context} sheetId={view.id} revision={view.revision} language={null} title={view.label} />
      <ConflictDialog conflict={sheet.conflict} onResolve={sheet.resolve} />
      <p className="studio-hint">
        Last saved {view.updatedAt === null ? 'never' : new Date(view.updatedAt).toLocaleString()}
        {view.updatedBy === null ? '' : ` by ${view.updatedBy}`}. Primary language: {languageName(primary)} ({languageTag(primary)}).
      </p>
    </article>
  );
}
