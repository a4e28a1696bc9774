/**
 * A sheet's draft in the studio: edits apply at once on screen and are saved by themselves a second
 * after the editor stops typing. A save names the revision it starts from; when another editor
 * saved in between (a 409, or a newer state read meanwhile), the two drafts are merged field by
 * field (merge.ts) and only fields both changed are put to the editor. A refused save keeps every
 * edit and says why, by field.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi, detailsOf, type SheetState, type SheetView, type StudioContext } from './api';
import { mergeDrafts, same, takeFrom, type FieldConflict } from '../shared/merge';
import type { ContentType } from '../content-model/definition';
import { withValuesRead } from '../content-model/sheet-values';

/** How long after the last keystroke a draft is saved. */
export const SAVE_DELAY_MS = 1000;

export type SaveState = 'loading' | 'saved' | 'editing' | 'saving' | 'refused' | 'failed' | 'conflict';

export interface Conflict {
  conflicts: FieldConflict[];
  /** The state saved meanwhile, and by whom. */
  theirs: SheetView;
}

/**
 * What is sent: a translation without a title cannot be saved yet (every language needs one), so
 * a language being added stays on screen until it has its title; each value of the type's fields
 * is written the one way its kind writes it (a CAS number hyphenated, a list from its text), as
 * the server asks, while the field on screen keeps what was typed.
 */
export function sendable(draft: SheetState, type: ContentType | null): SheetState {
  const translations = Object.fromEntries(
    Object.entries(draft.translations).filter(([language, texts]) => language === draft.primaryLanguage || (texts.title ?? '').trim() !== ''),
  );
  const sent = { ...draft, translations };
  return type === null ? sent : withValuesRead(type, sent);
}

export function useSheetDraft(context: StudioContext, id: string, type: ContentType | null) {
  const [view, setView] = useState<SheetView | null>(null);
  const [draft, setDraft] = useState<SheetState | null>(null);
  const [state, setState] = useState<SaveState>('loading');
  const [problems, setProblems] = useState<string[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // The latest values, for timers and answers that arrive after a render; each is set where it
  // changes, so a save finishing meanwhile sees it.
  const viewRef = useRef<SheetView | null>(null);
  const draftRef = useRef<SheetState | null>(null);
  const conflictRef = useRef<Conflict | null>(null);
  const saving = useRef<Promise<void> | null>(null);
  /** While an upload or a publish runs on the revision it started from, saves wait for it. */
  const held = useRef<Promise<unknown> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The last save was refused or failed: the next edit (or "Try again") saves, not a timer. */
  const stopped = useRef(false);
  /** The next save settles the fields that needed attention (the editor chose). */
  const settling = useRef(false);

  /** Whether what is on screen differs from what the server has. */
  const typeRef = useRef(type);
  useEffect(() => {
    typeRef.current = type;
  }, [type]);
  const dirty = () =>
    draftRef.current !== null &&
    viewRef.current !== null &&
    !same(sendable(draftRef.current, typeRef.current), sendable(viewRef.current.draft, typeRef.current));

  const show = useCallback((nextView: SheetView, nextDraft: SheetState) => {
    viewRef.current = nextView;
    draftRef.current = nextDraft;
    setView(nextView);
    setDraft(nextDraft);
  }, []);

  const ask = useCallback((conflicts: FieldConflict[], theirs: SheetView) => {
    conflictRef.current = { conflicts, theirs };
    setConflict(conflictRef.current);
    setState('conflict');
  }, []);

  const saveNow = useCallback(async (): Promise<void> => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    // The editor chooses first; then resolve() saves.
    if (conflictRef.current !== null) return;
    while (held.current !== null || saving.current !== null) await (held.current ?? saving.current);
    const current = viewRef.current;
    const sending = draftRef.current;
    if (current === null || sending === null) return;
    // Nothing to send (the editor took their text, or typed it back): saved as it is.
    if (!dirty() && !settling.current) return setState('saved');
    const settles = settling.current;
    stopped.current = false;
    setState('saving');
    // Answers whether to save again at once: merged with another editor's save, or typed meanwhile.
    const run = (async (): Promise<boolean> => {
      try {
        const answer = await callApi<SheetView>(context, 'PUT', `/sheets/${encodeURIComponent(id)}`, {
          revision: current.revision,
          state: sendable(sending, typeRef.current),
          ...(settles ? { settles: true } : {}),
        });
        if (settles) settling.current = false;
        viewRef.current = answer;
        setView(answer);
        setProblems([]);
        setMessage(null);
        setState(dirty() ? 'editing' : 'saved');
        return false;
      } catch (error) {
        const details = detailsOf(error);
        if (details.current !== undefined) {
          const theirs = { ...current, ...details.current, id } as SheetView;
          const { merged, conflicts } = mergeDrafts(current.draft, draftRef.current ?? sending, theirs.draft);
          show(theirs, merged);
          if (conflicts.length > 0) {
            ask(conflicts, theirs);
            return false;
          }
          setState(dirty() ? 'editing' : 'saved');
          return dirty();
        }
        setMessage(error instanceof Error ? error.message : String(error));
        setProblems(details.problems ?? []);
        setState(details.problems === undefined ? 'failed' : 'refused');
        stopped.current = true;
        return false;
      }
    })();
    saving.current = run.then(() => undefined);
    const again = await run;
    saving.current = null;
    if (again) await saveNow();
    // Typed while it was saving: saved a second after.
    else if (dirty() && timer.current === null && conflictRef.current === null && !stopped.current) arm();
    // (arm is not a dependency: it reads refs only, and is made from this very function.)
  }, [ask, context, id, show]);

  /** Saves a second from now, unless something else comes first. */
  const arm = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void saveNow();
    }, SAVE_DELAY_MS);
  }, [saveNow]);

  /** A state the server answered (an upload, a publish, a poll): our unsaved edits stay on top of it. */
  const accept = useCallback(
    (answer: SheetView) => {
      const current = viewRef.current;
      // An answer older than what we have (a poll that left before our save came back) changes nothing.
      if (current !== null && answer.revision < current.revision) return;
      const { merged, conflicts } = mergeDrafts(current?.draft ?? answer.draft, draftRef.current ?? answer.draft, answer.draft);
      show(answer, merged);
      if (conflicts.length > 0) return ask(conflicts, answer);
      if (!dirty()) setState('saved');
      else if (timer.current === null && saving.current === null) arm();
    },
    [arm, ask, show],
  );

  const edit = useCallback(
    (change: (draft: SheetState) => SheetState) => {
      if (draftRef.current === null) return;
      draftRef.current = change(draftRef.current);
      setDraft(draftRef.current);
      setState((now) => (now === 'conflict' ? now : 'editing'));
      if (conflictRef.current === null) arm();
    },
    [arm],
  );

  /** The editor's choice for each field both changed: theirs where asked, ours otherwise; then saved. */
  const resolve = useCallback(
    (takeTheirs: Set<number>) => {
      const open = conflictRef.current;
      if (open === null || draftRef.current === null) return;
      let resolved = draftRef.current;
      open.conflicts.forEach((field, index) => {
        if (takeTheirs.has(index)) resolved = takeFrom(resolved, open.theirs.draft, field.path);
      });
      draftRef.current = resolved;
      setDraft(resolved);
      conflictRef.current = null;
      setConflict(null);
      setState('editing');
      void saveNow();
    },
    [saveNow],
  );

  /**
   * The editor's choice for each field an import changed under the draft: the site's where asked,
   * the draft's otherwise; then saved as settled.
   */
  const settle = useCallback(
    (takeTheirs: Set<number>) => {
      const current = viewRef.current;
      if (current === null || current.attention === null || draftRef.current === null) return;
      let resolved = draftRef.current;
      // The site's value is the published state's (a value the site does not have, removed, is
      // gone from the conflict once it went through JSON; the record it was in comes whole).
      current.attention.conflicts.forEach((field, index) => {
        if (takeTheirs.has(index)) resolved = takeFrom(resolved, current.published, field.path);
      });
      draftRef.current = resolved;
      setDraft(resolved);
      settling.current = true;
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
    const waiting = draftRef.current === null ? [] : Object.values(draftRef.current.translations).filter((texts) => (texts.title ?? '').trim() === '');
    const typed = (texts: (typeof waiting)[number]) =>
      `${texts.description ?? ''}${texts.url ?? ''}${texts.imageAlt ?? ''}`.trim() !== '' ||
      Object.values(texts.extra ?? {}).some((value) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null));
    return dirty() || saving.current !== null || waiting.some(typed);
  }, [saveNow]);

  /** Saves now; answers the revision saved, or null when the draft could not be saved (refused, a conflict). */
  const flush = useCallback(async (): Promise<number | null> => {
    await saveNow();
    return dirty() || conflictRef.current !== null ? null : (viewRef.current?.revision ?? null);
  }, [saveNow]);

  /**
   * Runs a change the server makes from the saved revision (an upload, a publish): the draft is
   * saved first, and no save starts until it is done. Answers null when the draft could not be saved.
   */
  const whileHeld = useCallback(
    async <T>(run: (revision: number) => Promise<T>): Promise<T | null> => {
      const revision = await flush();
      if (revision === null) return null;
      const running = run(revision);
      held.current = running.catch(() => undefined);
      try {
        return await running;
      } finally {
        held.current = null;
        if (dirty()) arm();
      }
    },
    [arm, flush],
  );

  return { view, draft, state, problems, message, conflict, edit, flush, whileHeld, resolve, settle, accept, reload: load, unsaved };
}
