/**
 * The literature content type as the Fields screen holds it: read once, then each change sent to
 * the editing API, which answers with the type as it is now (a new version, an audit entry).
 */
import { useEffect, useState } from 'react';
import type { ContentType, Field } from '../../content-model/definition';
import { LITERATURE_CONTENT_TYPE } from '../../shared/constants';
import { callApi, type StudioContext } from '../common/api';
import { wordsOf, type Outcome } from '../common/parts';

export interface TypeView {
  revision: number;
  type: ContentType;
  languages: string[];
}

/** Changes one field (`body` is what changes) and says `done` when the site has it. */
export type ChangeField = (field: Field, body: Record<string, unknown>, done: string) => Promise<void>;

/** Adds a field; `onAdded` runs as soon as the API has it, before the screen shows the new type. */
export type AddField = (body: Record<string, unknown>, done: string, onAdded: () => void) => Promise<void>;

export function useLiteratureType(context: StudioContext) {
  const [view, setView] = useState<TypeView | null>(null);
  const [message, setMessage] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const path = `/content-types/${LITERATURE_CONTENT_TYPE}`;

  // Read as the screen opens; the type is set once the answer is in.
  useEffect(() => {
    callApi<TypeView>(context, 'GET', path).then(setView, (error: unknown) => setMessage({ text: wordsOf(error), failed: true }));
  }, [context, path]);

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
    act(() => callApi<TypeView>(context, 'PATCH', `${path}/fields/${encodeURIComponent(field.name)}`, body), done);
  const add: AddField = (body, done, onAdded) =>
    act(async () => {
      const added = await callApi<TypeView>(context, 'POST', `${path}/fields`, body);
      onAdded();
      return added;
    }, done);

  return { view, message, busy, change, add };
}
