/**
 * Page: the literature page's heading, whether its grid has a search field (and with it the site's
 * topic pages, docs/search.md), and its search-engine settings (title, description, custom head
 * tags), with a live preview of the search result and of what the site does with each head tag.
 * Saved as a draft a second after the last change; published when the editor says so.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import type { PageDefinition } from '../page-model/page-definition';
import { callApi, detailsOf, type SheetStatus, type StudioContext } from './api';
import { HeadTagsReview, SearchSnippet } from './search-preview';
import { SAVE_DELAY_MS } from './use-sheet-draft';
import { Notice, wordsOf } from './parts';
import { useNavigation } from './navigation';

interface PageView {
  name: string;
  label: string;
  status: SheetStatus;
  revision: number;
  draft: PageDefinition;
  heading: string | null;
  /** Whether the page's grid has a search field; null when the page has no grid. */
  searchable: boolean | null;
  updatedBy: string | null;
}

interface Settings {
  heading: string;
  searchable: boolean | null;
  pageTitle: string;
  description: string;
  customHeadTags: string;
}

const settingsOf = (view: PageView): Settings => ({
  heading: view.heading ?? '',
  searchable: view.searchable,
  pageTitle: view.draft.seo.pageTitle,
  description: view.draft.seo.description ?? '',
  customHeadTags: view.draft.seo.customHeadTags ?? '',
});

const STATUS_SENTENCES: Record<SheetStatus, string> = {
  draft: 'A draft: visitors do not see it yet.',
  published: 'Published: visitors see these settings.',
  changed: 'Changed since publish: visitors still see the settings as they were.',
  unpublished: 'Not on the site.',
};

export function PageScreen({ context }: { context: StudioContext }) {
  const [view, setView] = useState<PageView | null>(null);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [saveState, setSaveState] = useState<'saved' | 'editing' | 'saving' | 'refused' | 'conflict'>('saved');
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [theirs, setTheirs] = useState<PageView | null>(null);
  const viewRef = useRef<PageView | null>(null);
  const settingsRef = useRef<Settings | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Set where it changes: a timer set before the conflict must not save over it.
  const conflictOpen = useRef(false);
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  const show = (next: PageView) => {
    viewRef.current = next;
    setView(next);
  };

  useEffect(() => {
    (async () => {
      const pages = await callApi<Array<{ name: string; path: string }>>(context, 'GET', '/pages');
      const home = pages.find((page) => page.path === '/') ?? pages[0];
      if (home === undefined) throw new Error('The site has no page yet.');
      const answer = await callApi<PageView>(context, 'GET', `/pages/${encodeURIComponent(home.name)}`);
      show(answer);
      settingsRef.current = settingsOf(answer);
      setSettings(settingsRef.current);
    })().catch((error: unknown) => setMessage({ text: error instanceof Error ? error.message : String(error), failed: true }));
  }, [context]);

  /** Saves one after another, each from the revision the last answered; answers whether what is on screen is saved. */
  const save = useCallback((): Promise<boolean> => {
    const run = saving.current.then(() => saveOnce());
    saving.current = run.catch(() => false);
    return run;
    // (saveOnce reads refs only.)
  }, []);

  const saveOnce = async (): Promise<boolean> => {
    const current = viewRef.current;
    const sending = settingsRef.current;
    if (current === null || sending === null || conflictOpen.current) return false;
    setSaveState('saving');
    try {
      const answer = await callApi<PageView>(context, 'PUT', `/pages/${encodeURIComponent(current.name)}/settings`, {
        revision: current.revision,
        heading: sending.heading,
        ...(sending.searchable === null ? {} : { searchable: sending.searchable }),
        seo: { pageTitle: sending.pageTitle, description: sending.description, customHeadTags: sending.customHeadTags },
      });
      show(answer);
      setMessage(null);
      setSaveState(settingsRef.current === sending ? 'saved' : 'editing');
      return settingsRef.current === sending;
    } catch (error) {
      const details = detailsOf(error);
      if (details.current !== undefined) {
        conflictOpen.current = true;
        // The page as it is now, heading included (a conflict's answer names only its definition).
        setTheirs(await callApi<PageView>(context, 'GET', `/pages/${encodeURIComponent(current.name)}`).catch(() => details.current as unknown as PageView));
        setSaveState('conflict');
        return false;
      }
      setSaveState('refused');
      setMessage({ text: wordsOf(error), failed: true });
      return false;
    }
  };

  const { holdLeaving } = useNavigation();
  // Leaving with settings not saved asks first (and an edit waiting for its second is saved now).
  useEffect(() => {
    holdLeaving(() => {
      if (timer.current !== null) {
        clearTimeout(timer.current);
        timer.current = null;
        void save();
      }
      return viewRef.current !== null && settingsRef.current !== null && JSON.stringify(settingsRef.current) !== JSON.stringify(settingsOf(viewRef.current));
    });
    return () => holdLeaving(null);
  }, [holdLeaving, save]);

  const change =
    <F extends keyof Settings>(field: F) =>
    (value: Settings[F]) => {
      if (settingsRef.current === null) return;
      settingsRef.current = { ...settingsRef.current, [field]: value };
      setSettings(settingsRef.current);
      setSaveState((now) => (now === 'conflict' ? now : 'editing'));
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => void (conflictOpen.current || save()), SAVE_DELAY_MS);
    };

  const publish = async () => {
    if (timer.current !== null) clearTimeout(timer.current);
    // What is published is what is on screen: not before it is saved.
    if (saveState !== 'saved' && !(await save())) return;
    const current = viewRef.current!;
    try {
      show(await callApi<PageView>(context, 'POST', `/pages/${encodeURIComponent(current.name)}/publish`, { revision: current.revision }));
      setMessage({ text: 'Published. Visitors see it on their next visit.', failed: false });
    } catch (error) {
      setMessage({ text: error instanceof Error ? error.message : String(error), failed: true });
    }
  };

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
        {
          { saved: 'Saved', editing: 'Unsaved changes', saving: 'Saving…', refused: 'Not saved', conflict: 'Not saved: someone else changed these settings' }[
            saveState
          ]
        }
      </p>
      {theirs !== null && (
        <div className="studio-error" role="alert">
          <p>{theirs.updatedBy ?? 'Someone'} changed the page’s settings while you were editing. Keep yours (theirs stay in the history) or take theirs?</p>
          <div className="studio-actions">
            <Button
              className="studio-button"
              onPress={() => {
                show({ ...viewRef.current!, revision: theirs.revision });
                conflictOpen.current = false;
                setTheirs(null);
                void save();
              }}
            >
              Keep mine and save
            </Button>
            <Button
              className="studio-button studio-button--quiet"
              onPress={() => {
                const taken = {
                  ...viewRef.current!,
                  ...theirs,
                  heading: theirs.heading ?? viewRef.current!.heading,
                  searchable: theirs.searchable ?? viewRef.current!.searchable,
                };
                show(taken);
                settingsRef.current = settingsOf(taken);
                setSettings(settingsRef.current);
                conflictOpen.current = false;
                setTheirs(null);
                setSaveState('saved');
              }}
            >
              Take theirs
            </Button>
          </div>
        </div>
      )}
      <div className="studio-columns">
        <div className="studio-panel">
          <h2>Heading</h2>
          <TextField className="studio-field" value={settings.heading} onChange={change('heading')}>
            <Label>Page heading</Label>
            <Input />
            <Text slot="description">The large heading at the top of the page.</Text>
          </TextField>
          {settings.searchable !== null && (
            <>
              <h2>Literature grid</h2>
              <div className="studio-choice">
                <Checkbox className="studio-checkbox" isSelected={settings.searchable} onChange={change('searchable')} aria-describedby="page-searchable-hint">
                  <span className="studio-checkbox__box" aria-hidden="true" />
                  Search field above the grid
                </Checkbox>
                <p className="studio-hint" id="page-searchable-hint">
                  Visitors can search the sheets. It also turns on the topic pages (/topics/…) and the Topics menu in the header.
                </p>
              </div>
            </>
          )}
          <h2>Search engines</h2>
          <TextField className="studio-field" value={settings.pageTitle} onChange={change('pageTitle')} isRequired>
            <Label>Page title</Label>
            <Input />
            <Text slot="description">The title in the browser’s tab and in search results.</Text>
          </TextField>
          <TextField className="studio-field" value={settings.description} onChange={change('description')}>
            <Label>Description</Label>
            <TextArea rows={3} />
            <Text slot="description">The text under the title in search results.</Text>
          </TextField>
          <TextField className="studio-field" value={settings.customHeadTags} onChange={change('customHeadTags')}>
            <Label>Custom head tags</Label>
            <TextArea rows={6} className="studio-code" spellCheck={false} />
            <Text slot="description">
              Meta, link and JSON-LD script elements for the page’s head; the site keeps only safe ones (listed below as you type).
            </Text>
          </TextField>
        </div>
        <div className="studio-panel">
          <SearchSnippet title={settings.pageTitle} address={address} description={settings.description} />
          <HeadTagsReview html={settings.customHeadTags} basePath={context.basePath} />
        </div>
      </div>
      <div className="studio-panel">
        <h2>Publishing</h2>
        <p>{STATUS_SENTENCES[view.status]}</p>
        <div className="studio-actions">
          <Button
            className="studio-button studio-button--primary"
            isDisabled={view.status === 'published' && saveState === 'saved'}
            onPress={() => void publish()}
          >
            Publish the page
          </Button>
          <a className="studio-link" href={`${context.basePath}/studio/api/pages/${encodeURIComponent(view.name)}/preview`} target="_blank" rel="noopener">
            Preview the page with these settings
          </a>
        </div>
      </div>
      <Notice outcome={message} />
    </section>
  );
}
