/**
 * The states of a sheet the server answers outside a save (its first load, a poll, an upload, a
 * publish): the editor's unsaved edits stay on top of each, merged field by field (merge.ts).
 */
import { useCallback, useEffect } from 'react';
import { call, type SheetView, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { mergeDrafts } from '../../shared/merge';
import type { DraftHandles } from './draft-handles';
import { errorWords } from './draft-rules';

/** `arm` saves a second from now (draft-save-queue.ts). */
export function useServerAnswers(handles: DraftHandles, arm: () => void, context: StudioContext, id: string) {
  const { viewRef, draftRef, timerRef, savingRef, setState, setMessage, show, ask, dirty } = handles;

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
      else if (timerRef.current === null && savingRef.current === null) arm();
    },
    [arm, viewRef, draftRef, timerRef, savingRef, setState, show, ask, dirty],
  );

  const load = useCallback(async () => {
    try {
      const answer = await call(context, { operation: editingApi.sheets.view, params: { id } });
      if (viewRef.current === null) {
        show(answer, answer.draft);
        setState('saved');
      } else accept(answer);
    } catch (error) {
      setMessage(errorWords(error));
      setState((now) => (now === 'loading' ? 'failed' : now));
    }
  }, [accept, context, id, viewRef, show, setState, setMessage]);

  // Loaded as the sheet opens.
  useEffect(() => {
    void load();
  }, [load]);

  return { accept, load };
}
