/**
 * One save of a sheet's draft: it names the revision it starts from. When another editor saved in
 * between (a 409), the two drafts are merged field by field (merge.ts) and only fields both changed
 * are put to the editor; a refused save keeps every edit and says why, by field.
 */
import { call, detailsOf, type SheetState, type SheetView, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { mergeDrafts } from '../../shared/merge';
import type { DraftHandles } from './draft-handles';
import { errorWords, sendable } from './draft-rules';

export interface DraftSave {
  context: StudioContext;
  id: string;
  /** The state on screen as the save starts: its revision is the one the save names. */
  current: SheetView;
  /** The draft as the save starts. */
  sending: SheetState;
  /** Whether the save settles the fields that needed attention. */
  settles: boolean;
}

/** Sends the draft and shows the answer; answers whether to save again at once: merged with another editor's save, or typed meanwhile. */
export async function sendDraft(handles: DraftHandles, { context, id, current, sending, settles }: DraftSave): Promise<boolean> {
  const { viewRef, draftRef, typeRef, stoppedRef, settlingRef, setView, setProblems, setMessage, setState, show, ask, dirty } = handles;
  try {
    const answer = await call(context, {
      operation: editingApi.sheets.save,
      params: { id },
      body: { revision: current.revision, state: sendable(sending, typeRef.current, current.draft), ...(settles ? { settles: true } : {}) },
    });
    if (settles) settlingRef.current = false;
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
    setMessage(errorWords(error));
    setProblems(details.problems ?? []);
    setState(details.problems === undefined ? 'failed' : 'refused');
    stoppedRef.current = true;
    return false;
  }
}
