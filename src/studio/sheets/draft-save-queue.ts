/**
 * When a sheet's draft is saved: a second after the editor stops typing, one save at a time, none
 * while an upload or a publish runs on the revision it started from, and at once before leaving or
 * before such a change.
 */
import { useEffect, useMemo } from 'react';
import type { StudioContext } from '../common/api';
import { SAVE_DELAY_MS } from '../common/save-delay';
import type { DraftHandles } from './draft-handles';
import { hasUnsentTranslation, unsentValues } from './draft-rules';
import { sendDraft } from './draft-save';

/**
 * The queue's functions, made together over the handles' refs: they call each other (a save arms
 * the next, the armed timer saves), which callbacks made one by one with useCallback cannot do
 * without one of them reading another before it is made.
 */
function saveQueue(handles: DraftHandles, context: StudioContext, id: string) {
  const { viewRef, draftRef, conflictRef, typeRef, savingRef, heldRef, timerRef, stoppedRef, settlingRef, setState, dirty } = handles;

  async function saveNow(): Promise<void> {
    // Saved again at once while a save answers so (merged with another editor's save, or typed meanwhile).
    for (let again = true; again;) {
      if (timerRef.current !== null) clearTimeout(timerRef.current);
      timerRef.current = null;
      // The editor chooses first; then resolve() saves.
      if (conflictRef.current !== null) return;
      while (heldRef.current !== null || savingRef.current !== null) await (heldRef.current ?? savingRef.current);
      const current = viewRef.current;
      const sending = draftRef.current;
      if (current === null || sending === null) return;
      // Nothing to send (the editor took their text, or typed it back): saved as it is.
      if (!dirty() && !settlingRef.current) return setState('saved');
      const settles = settlingRef.current;
      stoppedRef.current = false;
      setState('saving');
      const run = sendDraft(handles, { context, id, current, sending, settles });
      savingRef.current = run.then(() => undefined);
      again = await run;
      savingRef.current = null;
    }
    // Typed while it was saving: saved a second after.
    if (dirty() && timerRef.current === null && conflictRef.current === null && !stoppedRef.current) arm();
  }

  /** Saves a second from now, unless something else comes first. */
  function arm() {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => {
      timerRef.current = null;
      void saveNow();
    }, SAVE_DELAY_MS);
  }

  /** The screen is gone: the save armed, if any, does not run. */
  function stop() {
    if (timerRef.current !== null) clearTimeout(timerRef.current);
  }

  /** Whether leaving now would lose an edit (a value that does not read is never sent); an edit waiting for its second is saved at once. */
  function unsaved() {
    if (timerRef.current !== null) void saveNow();
    return dirty() || savingRef.current !== null || hasUnsentTranslation(draftRef.current) || unsentValues(draftRef.current, typeRef.current).length > 0;
  }

  /** Saves now; answers the revision saved, or null when the draft could not be saved (refused, a conflict). */
  async function flush(): Promise<number | null> {
    await saveNow();
    return dirty() || conflictRef.current !== null ? null : (viewRef.current?.revision ?? null);
  }

  /**
   * Runs a change the server makes from the saved revision (an upload, a publish): the draft is
   * saved first, and no save starts until it is done. Answers null when the draft could not be saved.
   */
  async function whileHeld<T>(run: (revision: number) => Promise<T>): Promise<T | null> {
    const revision = await flush();
    if (revision === null) return null;
    const running = run(revision);
    heldRef.current = running.catch(() => undefined);
    try {
      return await running;
    } finally {
      heldRef.current = null;
      if (dirty()) arm();
    }
  }

  return { saveNow, arm, unsaved, flush, whileHeld, stop };
}

export function useSaveQueue(handles: DraftHandles, context: StudioContext, id: string) {
  // Made once for a sheet's screen (the handles are made once): the draft's callbacks depend on it,
  // and the screen's effects on them (the leave check, the poll).
  const queue = useMemo(() => saveQueue(handles, context, id), [handles, context, id]);
  // No save timer outlives the sheet's screen.
  useEffect(() => queue.stop, [queue]);
  return queue;
}
