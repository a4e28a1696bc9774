/**
 * When a sheet's draft is saved: a second after the editor stops typing, one save at a time, none
 * while an upload or a publish runs on the revision it started from, and at once before leaving or
 * before such a change.
 */
import { useCallback } from 'react';
import type { StudioContext } from '../common/api';
import { SAVE_DELAY_MS } from '../common/save-delay';
import type { DraftHandles } from './draft-handles';
import { hasUnsentTranslation, unsentValues } from './draft-rules';
import { sendDraft } from './draft-save';

export function useSaveQueue(handles: DraftHandles, context: StudioContext, id: string) {
  const { viewRef, draftRef, conflictRef, typeRef, saving, held, timer, stopped, settling, setState, dirty } = handles;

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
    const run = sendDraft(handles, { context, id, current, sending, settles });
    saving.current = run.then(() => undefined);
    const again = await run;
    saving.current = null;
    if (again) await saveNow();
    // Typed while it was saving: saved a second after.
    else if (dirty() && timer.current === null && conflictRef.current === null && !stopped.current) arm();
    // (arm is not a dependency: it reads refs only, and is made from this very function.)
  }, [context, handles, id]);

  /** Saves a second from now, unless something else comes first. */
  const arm = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void saveNow();
    }, SAVE_DELAY_MS);
  }, [saveNow]);

  /** Whether leaving now would lose an edit (a value that does not read is never sent); an edit waiting for its second is saved at once. */
  const unsaved = useCallback(() => {
    if (timer.current !== null) void saveNow();
    return dirty() || saving.current !== null || hasUnsentTranslation(draftRef.current) || unsentValues(draftRef.current, typeRef.current).length > 0;
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

  return { saveNow, arm, unsaved, flush, whileHeld };
}
