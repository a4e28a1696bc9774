/**
 * A sheet's draft in the studio: edits apply at once on screen and are saved by themselves a second
 * after the editor stops typing. A save names the revision it starts from; when another editor
 * saved in between (a 409, or a newer state read meanwhile), the two drafts are merged field by
 * field (merge.ts) and only fields both changed are put to the editor. A refused save keeps every
 * edit and says why, by field.
 *
 * Its parts: what the hooks share (sheet-draft-handles.ts), when a save runs
 * (sheet-draft-save-queue.ts) and what one save does (sheet-draft-save.ts), the states the server
 * answers otherwise (sheet-draft-answers.ts), the editor's choices (sheet-draft-choices.ts), and
 * the rules they follow as pure functions (sheet-draft-rules.ts).
 */
import { useCallback } from 'react';
import type { SheetState, StudioContext } from './api';
import type { ContentType } from '../content-model/definition';
import { useServerAnswers } from './sheet-draft-answers';
import { useConflictChoices } from './sheet-draft-choices';
import { useDraftHandles } from './sheet-draft-handles';
import { useSaveQueue } from './sheet-draft-save-queue';

export type { Conflict, SaveState } from './sheet-draft-handles';
export { SAVE_DELAY_MS } from './sheet-draft-save-queue';

export function useSheetDraft(context: StudioContext, id: string, type: ContentType | null) {
  const { shown, handles } = useDraftHandles(type);
  const { saveNow, arm, unsaved, flush, whileHeld } = useSaveQueue(handles, context, id);
  const { accept, load } = useServerAnswers(handles, arm, context, id);
  const { resolve, settle } = useConflictChoices(handles, saveNow);
  const { draftRef, conflictRef, setDraft, setState } = handles;

  const edit = useCallback(
    (change: (draft: SheetState) => SheetState) => {
      if (draftRef.current === null) return;
      draftRef.current = change(draftRef.current);
      setDraft(draftRef.current);
      setState((now) => (now === 'conflict' ? now : 'editing'));
      if (conflictRef.current === null) arm();
    },
    [arm, handles],
  );

  return { ...shown, edit, flush, whileHeld, resolve, settle, accept, reload: load, unsaved };
}

/** A sheet's draft and what can be done with it, as SheetScreen hands it to its parts. */
export type SheetDraft = ReturnType<typeof useSheetDraft>;
