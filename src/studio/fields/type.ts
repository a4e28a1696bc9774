/**
 * The literature content type as the Fields screen holds it: read once, then each change sent to
 * the editing API, which answers with the type as it is now (a new version, an audit entry).
 */
import { useEffect, useState } from 'react';
import type { Field } from '../../content-model/definition';
import { LITERATURE_CONTENT_TYPE } from '../../shared/constants';
import { call, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf, type Sent } from '../../editing-contract/operations';

/** The type as the editing API answers it: its fields, its revision, the site's languages. */
export type TypeView = AnswerOf<typeof editingApi.contentTypes.view>;
import { wordsOf, type Outcome } from '../common/parts';

/** Changes one field (`body` is what changes) and says `done` when the site has it. */
export type ChangeField = (field: Field, body: Sent<typeof editingApi.contentTypes.changeField>['body'], done: string) => Promise<void>;

/** Adds a field; `onAdded` runs as soon as the API has it, before the screen shows the new type. */
export type AddField = (body: Sent<typeof editingApi.contentTypes.addField>['body'], done: string, onAdded: () => void) => Promise<void>;

export function useLiteratureType(context: StudioContext) {
  const [view, setView] = useState<TypeView | null>(null);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const params = { name: LITERATURE_CONTENT_TYPE };

  // Read as the screen opens; the type is set once the answer is in.
  useEffect(() => {
    call(context, { operation: editingApi.contentTypes.view, params: { name: LITERATURE_CONTENT_TYPE } }).then(setView, (error: unknown) =>
      setMessage({ text: wordsOf(error), failed: true }),
    );
  }, [context]);

  const act = async (run: () => Promise<TypeView>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      setView(await run());
      setMessage({ text: done, failed: false });
    } catch (error) {
      setMessage({ text: wordsOf(error), failed: true });
    } finally {
      setBusy(false);
    }
  };
  const change: ChangeField = (field, body, done) =>
    act(() => call(context, { operation: editingApi.contentTypes.changeField, params: { ...params, field: field.name }, body }), done);
  const add: AddField = (body, done, onAdded) =>
    act(async () => {
      const added = await call(context, { operation: editingApi.contentTypes.addField, params, body });
      onAdded();
      return added;
    }, done);

  return { view, message, busy, change, add };
}
