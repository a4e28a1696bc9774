/**
 * Page: the literature page's heading, whether its grid has a search field (and with it the site's
 * topic pages, docs/search.md), and its search-engine settings (title, description, custom head
 * tags), with a live preview of the search result and of what the site does with each head tag,
 * and its texts in the site's other languages.
 * Saved as a draft a second after the last change; published when the editor says so.
 */
import type { StudioContext } from '../common/api';
import { PageConflict } from './conflict';
import { usePageDraft, type SaveState } from './draft';
import { PagePublishing } from './publishing';
import { PageSettingsForm } from './settings-form';
import { PageTranslationsForm } from './translations-form';
import { ReviewPanel } from '../common/review-panel';
import { ReleaseChooser } from '../common/release-chooser';
import { editingApi } from '../../editing-contract/operations';
import { readPage } from '../common/page-api';
import { Notice } from '../common/parts';
import { HeadTagsReview, SearchSnippet } from '../common/search-preview';

const SAVE_STATE_WORDS: Record<SaveState, string> = {
  saved: 'Saved',
  editing: 'Unsaved changes',
  saving: 'Saving…',
  refused: 'Not saved',
  conflict: 'Not saved: someone else changed these settings',
};

export function PageScreen({ context }: { context: StudioContext }) {
  const { view, settings, saveState, message, theirs, change, publish, keepMine, takeTheirs, accept, hold } = usePageDraft(context);

  if (view === null || settings === null) {
    return (
      <section className="studio-page">
        <h1>Page</h1>
        <p role={message?.failed ? 'alert' : 'status'}>{message?.text ?? 'Loading the page…'}</p>
      </section>
    );
  }

  const address = `${window.location.origin}${context.basePath}${view.draft.path === '/' ? '/' : view.draft.path}`;
  return (
    <section className="studio-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Page settings</h1>
      <p className="studio-hint">
        The literature page at <a href={address}>{address}</a>.
      </p>
      <p className={`studio-save studio-save--${saveState}`} role="status">
        {SAVE_STATE_WORDS[saveState]}
      </p>
      {theirs !== null && <PageConflict theirs={theirs} onKeepMine={keepMine} onTakeTheirs={takeTheirs} />}
      <div className="studio-columns">
        <PageSettingsForm settings={settings} change={change} />
        <div className="studio-panel">
          <SearchSnippet title={settings.pageTitle} address={address} description={settings.description} />
          <HeadTagsReview html={settings.customHeadTags} basePath={context.basePath} />
        </div>
      </div>
      <PageTranslationsForm context={context} view={view} translations={settings.translations} onChange={change('translations')} onConfirmed={accept} />
      <ReleaseChooser
        context={context}
        kind="page"
        targetId={view.name}
        status={view.status}
        release={view.release}
        hold={hold}
        refresh={async () => accept(await readPage(context, view.name))}
      />
      <ReviewPanel context={context} operations={editingApi.pages} id={view.name} view={view} hold={hold} onChanged={accept} />
      <PagePublishing context={context} view={view} saveState={saveState} onPublish={() => void publish()} />
      <Notice outcome={message} />
    </section>
  );
}
