/**
 * A sheet's draft in the studio: edits apply at once on screen and are saved by themselves a second
 * after the editor stops typing. A save names the revision it starts from; when another editor
 * saved in between (a 409, or a newer state read meanwhile), the two drafts are merged field by
 * field (merge.ts) and only fields both changed are put to the editor. A refused save keeps every
 * edit and says why, by field.
 *
 * Its parts: what the hooks share (draft-handles.ts), when a save runs
 * (draft-save-queue.ts) and what one save does (draft-save.ts), the states the server
 * answers otherwise (draft-answers.ts), the editor's choices (draft-choices.ts), and
 * the rules they follow as pure functions (draft-rules.ts).
 */
import { useCallback } from 'react';
import type { SheetState, StudioContext } from '../common/api';
import type { ContentType } from '../../content-model/definition';
import { useServerAnswers } from './draft-answers';
import { useConflictChoices } from './draft-choices';
import { useDraftHandles } from './draft-handles';
import { useSaveQueue } from './draft-save-queue';

export type { Conflict, SaveState } from './draft-handles';

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
    [arm, draftRef, conflictRef, setDraft, setState],
  );

  return { ...shown, edit, flush, whileHeld, resolve, settle, accept, reload: load, unsaved };
}

/** A sheet's draft and what can be done with it, as SheetScreen hands it to its parts. */
export type SheetDraft = ReturnType<typeof useSheetDraft>;
