/**
 * What the hooks of a sheet's draft share (use-sheet-draft.ts): the values on screen, refs to the
 * latest of them for timers and answers that arrive after a render, and the flags of the save queue.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import type { SheetState, SheetView } from '../common/api';
import type { FieldConflict } from '../../shared/merge';
import type { ContentType } from '../../content-model/definition';
import { differsFromSaved } from './draft-rules';
import { type Problem } from '../../shared/problems';

export type SaveState = 'loading' | 'saved' | 'editing' | 'saving' | 'refused' | 'failed' | 'conflict';

export interface Conflict {
  conflicts: FieldConflict[];
  /** The state saved meanwhile, and by whom. */
  theirs: SheetView;
}

/** The values on screen. */
export interface ShownDraft {
  view: SheetView | null;
  draft: SheetState | null;
  state: SaveState;
  problems: Problem[];
  message: string | null;
  conflict: Conflict | null;
}

/** The same from one render to the next: refs, setters and functions that read refs only. */
export interface DraftHandles {
  viewRef: RefObject<SheetView | null>;
  draftRef: RefObject<SheetState | null>;
  conflictRef: RefObject<Conflict | null>;
  typeRef: RefObject<ContentType | null>;
  /** The save under way. */
  savingRef: RefObject<Promise<void> | null>;
  /** While an upload or a publish runs on the revision it started from, saves wait for it. */
  heldRef: RefObject<Promise<unknown> | null>;
  timerRef: RefObject<ReturnType<typeof setTimeout> | null>;
  /** The last save was refused or failed: the next edit (or "Try again") saves, not a timer. */
  stoppedRef: RefObject<boolean>;
  /** The next save settles the fields that needed attention (the editor chose). */
  settlingRef: RefObject<boolean>;
  setView: Dispatch<SetStateAction<SheetView | null>>;
  setDraft: Dispatch<SetStateAction<SheetState | null>>;
  setState: Dispatch<SetStateAction<SaveState>>;
  setProblems: Dispatch<SetStateAction<Problem[]>>;
  setMessage: Dispatch<SetStateAction<string | null>>;
  setConflict: Dispatch<SetStateAction<Conflict | null>>;
  /** Shows a state the server has, with the draft on top of it. */
  show: (nextView: SheetView, nextDraft: SheetState) => void;
  /** Puts the fields both changed to the editor. */
  ask: (conflicts: FieldConflict[], theirs: SheetView) => void;
  /** Whether what is on screen differs from what the server has. */
  dirty: () => boolean;
}

export function useDraftHandles(type: ContentType | null): { shown: ShownDraft; handles: DraftHandles } {
  const [view, setView] = useState<SheetView | null>(null);
  const [draft, setDraft] = useState<SheetState | null>(null);
  const [state, setState] = useState<SaveState>('loading');
  const [problems, setProblems] = useState<Problem[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // The latest values, for timers and answers that arrive after a render; each is set where it
  // changes, so a save finishing meanwhile sees it.
  const viewRef = useRef<SheetView | null>(null);
  const draftRef = useRef<SheetState | null>(null);
  const conflictRef = useRef<Conflict | null>(null);
  const savingRef = useRef<Promise<void> | null>(null);
  const heldRef = useRef<Promise<unknown> | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stoppedRef = useRef(false);
  const settlingRef = useRef(false);

  const typeRef = useRef(type);
  useEffect(() => {
    typeRef.current = type;
  }, [type]);
  const dirty = useCallback(() => differsFromSaved(draftRef.current, viewRef.current, typeRef.current), []);

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

  // Made once: the draft's callbacks depend on it, and a screen's effects on them (the leave check, the poll).
  const handles = useMemo<DraftHandles>(
    () => ({
      viewRef,
      draftRef,
      conflictRef,
      typeRef,
      savingRef,
      heldRef,
      timerRef,
      stoppedRef,
      settlingRef,
      setView,
      setDraft,
      setState,
      setProblems,
      setMessage,
      setConflict,
      show,
      ask,
      dirty,
    }),
    [ask, dirty, show],
  );
  return { shown: { view, draft, state, problems, message, conflict }, handles };
}
