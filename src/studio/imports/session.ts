/**
 * The open import of the Import screen and what the editor does with it: files chosen go up to one
 * import (its token), which is then compared with the store; the comparison is applied, or the
 * import cancelled. An import left open is deleted when the editor leaves the screen.
 */
import { useEffect, useRef, useState } from 'react';
import { call, StudioError, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';
import { describeApplied, type Comparison, type ImportProblems } from './plan';
import { useSentFiles } from './uploads';
import { wordsOf, type Outcome } from '../common/parts';
import { problemLine } from '../../shared/problems';

/** How the last action went; an applied import names itself, to be undone. */
export type ImportOutcome = Outcome & { importId?: string };

/** The options a comparison and an apply send: the collection a CSV fills, and whether unlisted sheets leave it. */
const optionsOf = (chosen: string, remove: boolean) => ({ ...(chosen === '' ? {} : { collection: chosen }), removeUnlisted: remove });

/** The collections a CSV may fill, the first chosen until the editor chooses another. */
function useCollectionChoice(context: StudioContext) {
  const [collections, setCollections] = useState<AnswerOf<typeof editingApi.collections.list>>([]);
  const [collection, setCollection] = useState('');
  useEffect(() => {
    call(context, { operation: editingApi.collections.list }).then(
      (found) => {
        setCollections(found);
        setCollection((chosen) => chosen || (found[0]?.id ?? ''));
      },
      () => undefined,
    );
  }, [context]);
  return { collections, collection, setCollection };
}

/** The open import's token (null while none is open), and deleting an import left open. */
function useImportToken(context: StudioContext) {
  const [token, setToken] = useState<string | null>(null);
  // The import's token as soon as it is known: files dropped meanwhile join the same import.
  const tokenRef = useRef<string | null>(null);
  const keepToken = (next: string | null) => {
    tokenRef.current = next;
    setToken(next);
  };
  // An import left open goes when the editor leaves the screen (its files would wait an hour).
  useEffect(
    () => () =>
      void (
        tokenRef.current !== null && call(context, { operation: editingApi.importUploads.cancel, params: { token: tokenRef.current } }).catch(() => undefined)
      ),
    [context],
  );
  return { token, tokenRef, keepToken };
}

export type ImportSession = ReturnType<typeof useImportSession>;

/** The screen's import: its state, from the first file chosen to applied or cancelled, and the calls that move it on. */
export function useImportSession(context: StudioContext) {
  const { collections, collection, setCollection } = useCollectionChoice(context);
  const { token, tokenRef, keepToken } = useImportToken(context);
  const { sent, queue, sendEach, clear } = useSentFiles(context);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [problems, setProblems] = useState<ImportProblems | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeUnlisted, setRemoveUnlisted] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  /** Asks for the comparison; after new files (not after a changed option) the keyboard goes to it. */
  async function compare(at: string, chosen = collection, remove = removeUnlisted, focus = false) {
    setBusy(true);
    setProblems(null);
    try {
      setComparison(await call(context, { operation: editingApi.importUploads.compare, params: { token: at }, body: optionsOf(chosen, remove) }));
    } catch (error) {
      setComparison(null);
      setProblems({ message: wordsOf(error), problems: error instanceof StudioError ? (error.details.problems ?? []).map(problemLine) : [] });
    } finally {
      setBusy(false);
    }
    if (focus) resultHeading.current?.focus();
  }

  /** Sends the files one after another (a zip must come alone), then compares. */
  async function add(files: File[]) {
    if (files.length === 0) return;
    setOutcome(null);
    setBusy(true);
    const queued = queue(files);
    let at = tokenRef.current;
    let arrived: boolean;
    try {
      at ??= (await call(context, { operation: editingApi.importUploads.open })).token;
      keepToken(at);
      arrived = await sendEach(at, queued);
    } catch (error) {
      setOutcome({ text: wordsOf(error), failed: true });
      setBusy(false);
      return;
    }
    setBusy(false);
    if (arrived) await compare(at, collection, removeUnlisted, true);
  }

  async function apply() {
    if (token === null || comparison === null) return;
    setBusy(true);
    try {
      const applied = await call(context, {
        operation: editingApi.importUploads.apply,
        params: { token },
        body: { ...optionsOf(collection, removeUnlisted), digest: comparison.digest },
      });
      setOutcome({ text: describeApplied(applied, comparison), failed: false, importId: applied.importId });
      reset();
    } catch (error) {
      setOutcome({ text: wordsOf(error), failed: true });
      // The store moved on since the comparison: the new one is shown, to be applied again.
      if (error instanceof StudioError && error.status === 409) await compare(token);
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    keepToken(null);
    clear();
    setComparison(null);
    setProblems(null);
  }

  async function cancel() {
    // Forgotten before it is deleted: files chosen meanwhile start a new import, not this one.
    const cancelled = tokenRef.current;
    reset();
    setOutcome({ text: 'The import was cancelled; nothing was changed.', failed: false });
    if (cancelled !== null) await call(context, { operation: editingApi.importUploads.cancel, params: { token: cancelled } }).catch(() => undefined);
  }

  /** A changed option compares the open import again (the keyboard stays on the option). */
  function chooseCollection(chosen: string) {
    setCollection(chosen);
    if (token !== null) void compare(token, chosen);
  }

  function chooseRemoveUnlisted(remove: boolean) {
    setRemoveUnlisted(remove);
    if (token !== null) void compare(token, collection, remove);
  }

  return {
    token,
    sent,
    comparison,
    problems,
    outcome,
    busy,
    resultHeading,
    collections,
    collection,
    removeUnlisted,
    add,
    apply,
    cancel,
    chooseCollection,
    chooseRemoveUnlisted,
    setOutcome,
  };
}
