/**
 * The literature page's settings in the studio: edits apply at once on screen and are saved as a
 * draft a second after the last change, each save from the revision the last one answered. When
 * someone else saved in between, nothing is saved until the editor keeps theirs or takes the other
 * editor's. Leaving with settings not saved asks first. Published when the editor says so.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { detailsOf, type StudioContext } from '../common/api';
import { useNavigation } from '../common/navigation';
import { publishPage, readHomePage, readPage, saveSettings, type PageView, type Settings } from '../common/page-api';
import { wordsOf, type Outcome } from '../common/parts';
import { SAVE_DELAY_MS } from '../common/save-delay';

export type SaveState = 'saved' | 'editing' | 'saving' | 'refused' | 'conflict';

const settingsOf = (view: PageView): Settings => ({
  heading: view.heading ?? '',
  searchable: view.searchable,
  pageTitle: view.draft.seo.pageTitle,
  description: view.draft.seo.description ?? '',
  customHeadTags: view.draft.seo.customHeadTags ?? '',
  translations: view.draft.translations ?? {},
});

/** Their page over mine; where theirs has no heading or search field (a conflict's answer may not), mine stays. */
const takenFrom = (mine: PageView, theirs: PageView): PageView => ({
  ...mine,
  ...theirs,
  heading: theirs.heading ?? mine.heading,
  searchable: theirs.searchable ?? mine.searchable,
});

export function usePageDraft(context: StudioContext) {
  const [view, setView] = useState<PageView | null>(null);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [message, setMessage] = useState<Outcome | null>(null);
  const [theirs, setTheirs] = useState<PageView | null>(null);
  const viewRef = useRef<PageView | null>(null);
  const settingsRef = useRef<Settings | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Set where it changes: a timer set before the conflict must not save over it.
  const conflictOpen = useRef(false);
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  // The same from one render to the next (a ref and a setter only): the saves below depend on it.
  const show = useCallback((next: PageView) => {
    viewRef.current = next;
    setView(next);
  }, []);
  const showSettings = (next: Settings) => {
    settingsRef.current = next;
    setSettings(next);
  };

  useEffect(() => {
    readHomePage(context)
      .then((answer) => {
        show(answer);
        showSettings(settingsOf(answer));
      })
      .catch((error: unknown) => setMessage({ text: wordsOf(error), failed: true }));
  }, [context, show]);

  /** One save, from the revision the last one answered; answers whether what is on screen is saved. */
  const saveOnce = useCallback(async (): Promise<boolean> => {
    const current = viewRef.current;
    const sending = settingsRef.current;
    if (current === null || sending === null || conflictOpen.current) return false;
    setSaveState('saving');
    try {
      show(await saveSettings(context, current, sending));
      setMessage(null);
      setSaveState(settingsRef.current === sending ? 'saved' : 'editing');
      return settingsRef.current === sending;
    } catch (error) {
      const details = detailsOf(error);
      if (details.current !== undefined) {
        conflictOpen.current = true;
        // The page as it is now, heading included (a conflict's answer names only its definition).
        setTheirs(await readPage(context, current.name).catch(() => details.current as unknown as PageView));
        setSaveState('conflict');
        return false;
      }
      setSaveState('refused');
      setMessage({ text: wordsOf(error), failed: true });
      return false;
    }
  }, [context, show]);

  /** Saves one after another, each from the revision the last answered; answers whether what is on screen is saved. */
  const save = useCallback((): Promise<boolean> => {
    const run = saving.current.then(() => saveOnce());
    saving.current = run.catch(() => false);
    return run;
  }, [saveOnce]);

  useAskBeforeLeaving({ viewRef, settingsRef, timer }, save);

  const change =
    <F extends keyof Settings>(field: F) =>
    (value: Settings[F]) => {
      if (settingsRef.current === null) return;
      showSettings({ ...settingsRef.current, [field]: value });
      setSaveState((now) => (now === 'conflict' ? now : 'editing'));
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => void (conflictOpen.current || save()), SAVE_DELAY_MS);
    };

  const publish = async () => {
    if (timer.current !== null) clearTimeout(timer.current);
    // What is published is what is on screen: not before it is saved.
    if (saveState !== 'saved' && !(await save())) return;
    try {
      show(await publishPage(context, viewRef.current!));
      setMessage({ text: 'Published. Visitors see it on their next visit.', failed: false });
    } catch (error) {
      setMessage({ text: wordsOf(error), failed: true });
    }
  };

  /** Ends a conflict with the settings on screen, saved over theirs (theirs stay in the history). */
  const keepMine = (other: PageView) => {
    show({ ...viewRef.current!, revision: other.revision });
    conflictOpen.current = false;
    setTheirs(null);
    void save();
  };

  /** Ends a conflict with their settings on screen, as they saved them. */
  const takeTheirs = (other: PageView) => {
    const taken = takenFrom(viewRef.current!, other);
    show(taken);
    showSettings(settingsOf(taken));
    conflictOpen.current = false;
    setTheirs(null);
    setSaveState('saved');
  };

  /** The page as an answer other than a save gives it (translations confirmed): the settings on screen stay. */
  const accept = (answer: PageView) => {
    if (viewRef.current === null || answer.revision >= viewRef.current.revision) show(answer);
  };

  /** Saves what is on screen, then runs a change from the revision saved (null: it could not be saved). */
  const hold = async <T>(run: (revision: number) => Promise<T>): Promise<T | null> => {
    if (timer.current !== null) clearTimeout(timer.current);
    if (
      settingsRef.current !== null &&
      viewRef.current !== null &&
      JSON.stringify(settingsRef.current) !== JSON.stringify(settingsOf(viewRef.current)) &&
      !(await save())
    )
      return null;
    return run(viewRef.current!.revision);
  };

  return { view, settings, saveState, message, theirs, change, publish, keepMine, takeTheirs, accept, hold };
}

interface DraftRefs {
  viewRef: RefObject<PageView | null>;
  settingsRef: RefObject<Settings | null>;
  /** The save waiting for the editor's last change to be a second old. */
  timer: RefObject<ReturnType<typeof setTimeout> | null>;
}

/** Leaving with settings not saved asks first (and an edit waiting for its second is saved now). */
function useAskBeforeLeaving({ viewRef, settingsRef, timer }: DraftRefs, save: () => Promise<boolean>) {
  const { holdLeaving } = useNavigation();
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
  }, [holdLeaving, save, viewRef, settingsRef, timer]);
}
