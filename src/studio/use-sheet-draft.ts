/**
 * A sheet's draft in the studio: edits apply at once on screen and are saved by themselves a second
 * after the editor stops typing. A save names the revision it starts from; when another editor
 * saved in between, the two drafts are merged field by field (merge.ts) and only fields both
 * changed are put to the editor. A refused save keeps every edit and says why, by field.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, detailsOf, type SheetState, type SheetView, type StudioContext } from './api';
import { mergeDrafts, setAt, type FieldConflict } from './merge';

/** How long after the last keystroke a draft is saved. */
export const SAVE_DELAY_MS = 1000;

export type SaveState = 'loading' | 'saved' | 'editing' | 'saving' | 'refused' | 'failed' | 'conflict';

export interface Conflict {
  conflicts: FieldConflict[];
  /** The state saved meanwhile, and by whom. */
  theirs: SheetView;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What is sent: a translation without a title cannot be saved yet (every language needs one), so
 * a language being added stays on screen until it has its title.
 */
export function sendable(draft: SheetState): SheetState {
  const translations = Object.fromEntries(
    Object.entries(draft.translations).filter(([language, texts]) => language === draft.primaryLanguage || texts.title.trim() !== ''),
  );
  return { ...draft, translations };
}

export function useSheetDraft(context: StudioContext, id: string) {
  const [view, setView] = useState<SheetView | null>(null);
  const [draft, setDraft] = useState<SheetState | null>(null);
  const [state, setState] = useState<SaveState>('loading');
  const [problems, setProblems] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // The latest values, for timers and answers that arrive after a render.
  const viewRef = useRef<SheetView | null>(null);
  const draftRef = useRef<SheetState | null>(null);
  const dirty = useRef(false);
  const saving = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Set where it changes (not after a render), so a save finishing meanwhile sees it.
  const conflictRef = useRef<Conflict | null>(null);

  const show = useCallback((nextView: SheetView, nextDraft: SheetState) => {
    viewRef.current = nextView;
    draftRef.current = nextDraft;
    setView(nextView);
    setDraft(nextDraft);
  }, []);

  /** A state the server answered (an upload, a publish, a refresh): our unsaved edits stay on top of it. */
  const accept = useCallback(
    (answer: SheetView) => {
      const base = viewRef.current?.draft ?? answer.draft;
      const ours = draftRef.current ?? answer.draft;
      const { merged } = mergeDrafts(base, ours, answer.draft);
      dirty.current = !same(sendable(merged), answer.draft);
      show(answer, merged);
      if (!dirty.current) setState('saved');
    },
    [show],
  );

  const saveNow = useCallback(async (): Promise<void> => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (saving.current !== null) {
      await saving.current;
      return saveNow();
    }
    const current = viewRef.current;
    const sending = draftRef.current;
    if (!dirty.current || current === null || sending === null) return;
    setState('saving');
    // Answers whether to save again at once: merged with another editor's save, without a conflict.
    const run = (async (): Promise<boolean> => {
      try {
        const answer = await callApi<SheetView>(context, 'PUT', `/sheets/${encodeURIComponent(id)}`, { revision: current.revision, state: sendable(sending) });
        dirty.current = draftRef.current !== sending;
        viewRef.current = answer;
        setView(answer);
        setProblems([]);
        setMessage(null);
        setState(dirty.current ? 'editing' : 'saved');
        return false;
      } catch (error) {
        const details = detailsOf(error);
        if (details.current !== undefined) {
          const theirs = { ...current, ...details.current, id } as SheetView;
          const { merged, conflicts } = mergeDrafts(current.draft, draftRef.current ?? sending, theirs.draft);
          show(theirs, merged);
          dirty.current = !same(sendable(merged), theirs.draft);
          if (conflicts.length > 0) {
            conflictRef.current = { conflicts, theirs };
            setConflict(conflictRef.current);
            setState('conflict');
            return false;
          }
          setState(dirty.current ? 'editing' : 'saved');
          return dirty.current;
        }
        setMessage(error instanceof Error ? error.message : String(error));
        setProblems(details.problems ?? []);
        setState(details.problems === undefined ? 'failed' : 'refused');
        return false;
      }
    })().finally(() => {
      saving.current = null;
    });
    saving.current = run.then(() => undefined);
    if ((await run) && timer.current === null) await saveNow();
  }, [context, id, show]);

  const edit = useCallback(
    (change: (draft: SheetState) => SheetState) => {
      if (draftRef.current === null) return;
      draftRef.current = change(draftRef.current);
      setDraft(draftRef.current);
      dirty.current = true;
      setState((now) => (now === 'conflict' ? now : 'editing'));
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        if (conflictRef.current === null) void saveNow();
      }, SAVE_DELAY_MS);
    },
    [saveNow],
  );

  /** The editor's choice for each field both changed: theirs where asked, ours otherwise; then saved. */
  const resolve = useCallback(
    (takeTheirs: Set<number>) => {
      if (conflictRef.current === null || draftRef.current === null) return;
      let resolved = draftRef.current;
      conflictRef.current.conflicts.forEach((field, index) => {
        if (takeTheirs.has(index)) resolved = setAt(resolved, field.path, field.theirs);
      });
      draftRef.current = resolved;
      setDraft(resolved);
      dirty.current = true;
      conflictRef.current = null;
      setConflict(null);
      setState('editing');
      void saveNow();
    },
    [saveNow],
  );

  const load = useCallback(async () => {
    try {
      const answer = await callApi<SheetView>(context, 'GET', `/sheets/${encodeURIComponent(id)}`);
      if (viewRef.current === null) {
        show(answer, answer.draft);
        setState('saved');
      } else accept(answer);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
      setState((now) => (now === 'loading' ? 'failed' : now));
    }
  }, [accept, context, id, show]);

  useEffect(() => {
    void load();
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
    };
  }, [load]);

  /** Whether leaving now would lose an edit; an edit waiting for its second is saved at once. */
  const unsaved = useCallback(() => {
    if (timer.current !== null) void saveNow();
    const waiting = draftRef.current === null ? [] : Object.values(draftRef.current.translations).filter((texts) => texts.title.trim() === '');
    return dirty.current || saving.current !== null || waiting.some((texts) => `${texts.description}${texts.url}${texts.imageAlt}`.trim() !== '');
  }, [saveNow]);

  /** Saves now; answers the revision saved, or null when the draft could not be saved (refused, a conflict). */
  const flush = useCallback(async (): Promise<number | null> => {
    await saveNow();
    return dirty.current || conflictRef.current !== null ? null : (viewRef.current?.revision ?? null);
  }, [saveNow]);

  return { view, draft, state, problems, message, conflict, edit, flush, resolve, accept, reload: load, unsaved };
}
