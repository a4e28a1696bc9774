/**
 * The editor's choices where two changes of a sheet met on the same fields: another editor's save
 * (a conflict), or an import that changed the site under the draft (attention). Each choice is
 * applied to the draft and saved.
 */
import { useCallback } from 'react';
import type { DraftHandles } from './draft-handles';
import { withChoices } from './draft-rules';

/** `saveNow` saves the draft at once (draft-save-queue.ts). */
export function useConflictChoices(handles: DraftHandles, saveNow: () => Promise<void>) {
  const { viewRef, draftRef, conflictRef, settlingRef, setDraft, setConflict, setState } = handles;

  /** The editor's choice for each field both changed: theirs where asked, ours otherwise; then saved. */
  const resolve = useCallback(
    (takeTheirs: Set<number>) => {
      const open = conflictRef.current;
      if (open === null || draftRef.current === null) return;
      const resolved = withChoices(draftRef.current, open.conflicts, open.theirs.draft, takeTheirs);
      draftRef.current = resolved;
      setDraft(resolved);
      conflictRef.current = null;
      setConflict(null);
      setState('editing');
      void saveNow();
    },
    [conflictRef, draftRef, setDraft, setConflict, setState, saveNow],
  );

  /**
   * The editor's choice for each field an import changed under the draft: the site's where asked,
   * the draft's otherwise; then saved as settled.
   */
  const settle = useCallback(
    (takeTheirs: Set<number>) => {
      const current = viewRef.current;
      if (current === null || current.attention === null || draftRef.current === null) return;
      // The site's value is the published state's (a value the site does not have, removed, is
      // gone from the conflict once it went through JSON; the record it was in comes whole).
      const resolved = withChoices(draftRef.current, current.attention.conflicts, current.published, takeTheirs);
      draftRef.current = resolved;
      setDraft(resolved);
      settlingRef.current = true;
      setState('editing');
      void saveNow();
    },
    [viewRef, draftRef, settlingRef, setDraft, setState, saveNow],
  );

  return { resolve, settle };
}
