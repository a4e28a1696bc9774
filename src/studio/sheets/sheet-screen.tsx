/**
 * A sheet in the studio: its texts in the primary language beside one translation, its topics, its
 * image and PDF, publishing, and the preview. Edits save by themselves (use-sheet-draft.ts); the
 * save state is always visible and announced; leaving with unsaved edits asks first.
 */
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { languageTag } from '../../shared/languages';
import { languageName, type SheetState, type StudioContext } from '../common/api';
import { fieldName, problemsByField } from '../common/field-names';
import { useNavigation } from '../common/navigation';
import { useAnswer } from '../common/parts';
import { ReviewPanel } from '../common/review-panel';
import { editingApi } from '../../editing-contract/operations';
import { ReleaseChooser } from '../common/release-chooser';
import { PreviewFrames } from './preview-frames';
import { Publishing } from './publishing';
import { SheetHistory } from './history';
import { SheetConflicts } from './screen-conflicts';
import { SheetScreenHead } from './screen-head';
import { SheetNotices } from './screen-notices';
import { loadSeo, SheetSections } from './screen-sections';
import { SheetTexts } from './screen-texts';
import { useSheetDraft } from './use-sheet-draft';
import { unsentValues } from './draft-rules';
import { labelOf } from '../common/value-fields';
import type { ContentType } from '../../content-model/definition';
import { offeredFields } from '../../content-model/sheet-values';
import { LITERATURE_CONTENT_TYPE } from '../../shared/constants';

/** The values on screen a save leaves out (they do not read), each by the name the form gives its field. */
function unsentFields(draft: SheetState, type: ContentType | null): Array<{ name: string; problems: string[] }> {
  const labels = new Map(type?.fields.map((field) => [field.name, labelOf(field)]));
  return unsentValues(draft, type).map(({ place, problems }) => ({ name: fieldName(place.split('.'), labels), problems }));
}

/** How often a sheet with something scheduled is asked for again, to show when it has happened. */
const SCHEDULE_POLL_MS = 5000;

export function SheetScreen({ context, id }: { context: StudioContext; id: string }) {
  // The sheet type's fields (content-model/): the form has an input for each.
  const typeView = useAnswer(context, { operation: editingApi.contentTypes.view, params: { name: LITERATURE_CONTENT_TYPE } }, 0);
  const type = typeView.answer?.type ?? null;
  const sheet = useSheetDraft(context, id, type);
  const { view, draft, state } = sheet;
  const { holdLeaving } = useNavigation();
  const siteId = draft?.siteId ?? null;
  const topics = useAnswer(context, siteId === null ? null : { operation: editingApi.topics.list, query: { siteId } }, 0);
  // The search-engine panel's code is asked for as the sheet opens, beside the sheet itself.
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
  const { fields, others: otherProblems } = problemsByField(sheet.problems);
  const title = draft.translations[primary]?.title ?? '';
  const offered = type === null ? [] : offeredFields(type);
  const ownFields = offered.filter((field) => field.perLanguage);
  const sharedFields = offered.filter((field) => !field.perLanguage);

  return (
    <Suspense fallback={loading}>
      <article className="studio-sheet" aria-labelledby="sheet-heading">
        <SheetScreenHead context={context} view={view} sheet={sheet} title={title} unsent={unsentFields(draft, type)} />
        <SheetNotices view={view} otherProblems={otherProblems} onChoose={() => setChoosing(true)} />
        <SheetTexts
          context={context}
          view={view}
          draft={draft}
          sheet={sheet}
          ownFields={ownFields}
          problems={fields}
          translation={translation}
          onTranslation={setTranslation}
        />
        <SheetSections
          context={context}
          view={view}
          draft={draft}
          sheet={sheet}
          typeError={typeView.error}
          sharedFields={sharedFields}
          topics={topics}
          problems={fields}
        />
        <ReleaseChooser
          context={context}
          kind="sheet"
          targetId={view.id}
          status={view.status}
          release={view.release}
          hold={sheet.whileHeld}
          refresh={sheet.reload}
        />
        <ReviewPanel context={context} operations={editingApi.sheets} id={view.id} view={view} hold={sheet.whileHeld} onChanged={sheet.accept} />
        <Publishing context={context} view={view} hold={sheet.whileHeld} onChanged={sheet.accept} previewLanguage={null} />
        <SheetHistory context={context} view={view} hold={sheet.whileHeld} onRestored={sheet.accept} />
        <PreviewFrames context={context} sheetId={view.id} revision={view.revision} language={null} title={view.label} />
        <SheetConflicts view={view} draft={draft} sheet={sheet} choosing={choosing} onChoosingDone={() => setChoosing(false)} />
        <p className="studio-hint">
          Last saved {view.updatedAt === null ? 'never' : new Date(view.updatedAt).toLocaleString()}
          {view.updatedBy === null ? '' : ` by ${view.updatedBy}`}. Primary language: {languageName(primary)} ({languageTag(primary)}).
        </p>
      </article>
    </Suspense>
  );
}
