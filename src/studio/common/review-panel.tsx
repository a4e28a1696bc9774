/**
 * Review before publish, beside Publishing on a sheet, the page and the order (docs/studio.md,
 * "Review"): when the site asks for an approval, the author asks for a review of the draft as it
 * is; someone else approves it, or says why not; the one who asked may withdraw. A change after an
 * approval needs another. Nothing shows when the site asks for none and nothing was ever asked.
 */
import { useState } from 'react';
import { Button, Label, Text, TextArea, TextField } from 'react-aria-components';
import { call, type ReviewView, type StudioContext } from './api';
import { editingApi, type EditableOperationName, type EditableOperations } from '../../editing-contract/operations';
import { Notice, useAnswer, wordsOf, type Outcome } from './parts';

interface Reviewed {
  revision: number;
  status: string;
  updatedBy: string | null;
  review: ReviewView | null;
}

interface ReviewPanelProps<V extends Reviewed> {
  context: StudioContext;
  /** The operations of what is reviewed (a sheet's, the page's, the order's), and its id. */
  operations: EditableOperations;
  id: string;
  view: V;
  /** Saves what is on screen, then runs a change from the revision saved (null: it could not be saved). */
  hold: <T>(run: (revision: number) => Promise<T>) => Promise<T | null>;
  onChanged: (answer: V) => void;
}

const when = (at: string | null) => (at === null ? '' : new Date(at).toLocaleString());

export function ReviewPanel<V extends Reviewed>({ context, operations, id, view, hold, onChanged }: ReviewPanelProps<V>) {
  const { answer: settings } = useAnswer(context, { operation: editingApi.settings.view }, 0);
  const [note, setNote] = useState('');
  const [comment, setComment] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const policy = settings?.review ?? 'off';
  const { review } = view;
  if (settings === null || (policy === 'off' && review === null)) return null;

  const act = async (run: (revision: number) => Promise<V>, done: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await hold(run);
      if (answer === null) throw new Error('Fix the marked fields first: the draft must be saved before it is reviewed.');
      onChanged(answer);
      setOutcome({ text: done, failed: false });
    } catch (error) {
      setOutcome({ text: wordsOf(error), failed: true });
    } finally {
      setBusy(false);
    }
  };
  const send = (name: EditableOperationName, body?: object) => call(context, { operation: operations[name], params: { id }, body }) as Promise<V>;

  const mayDecide = (policy === 'admins' ? context.role === 'admin' : context.role === 'admin' || context.role === 'editor') && review?.state === 'pending';
  const isAuthor = review !== null && review.authors.includes(context.email);
  const whoApproves = policy === 'admins' ? 'an admin' : 'another editor or an admin';
  const pendingNow = review?.state === 'pending' && review.current;

  return (
    <section className="studio-panel" aria-labelledby="review-heading">
      <h2 id="review-heading">Review</h2>
      <p>{sentenceOf(view, policy, whoApproves)}</p>
      {review?.note && review.state === 'pending' && (
        <p className="studio-hint">
          Note from {review.requestedBy}: {review.note}
        </p>
      )}
      {view.status !== 'published' && policy !== 'off' && !pendingNow && !(review?.state === 'approved' && review.current) && (
        <div className="studio-review__ask">
          <TextField className="studio-field studio-field--wide" value={note} onChange={setNote}>
            <Label>Note for the reviewer (optional)</Label>
            <TextArea rows={2} />
          </TextField>
          <Button
            className="studio-button"
            isDisabled={busy}
            onPress={() => void act((revision) => send('requestReview', { revision, ...(note.trim() === '' ? {} : { note }) }), 'Review asked for.')}
          >
            Ask for a review
          </Button>
        </div>
      )}
      {pendingNow && mayDecide && !isAuthor && (
        <div className="studio-review__decide">
          <Button
            className="studio-button studio-button--primary"
            isDisabled={busy}
            onPress={() => void act((revision) => send('approve', { revision }), 'Approved.')}
          >
            Approve
          </Button>
          <TextField className="studio-field studio-field--wide" value={comment} onChange={setComment}>
            <Label>Why not (needed to reject)</Label>
            <TextArea rows={2} />
            <Text slot="description">The author sees this beside the draft.</Text>
          </TextField>
          <Button
            className="studio-button"
            isDisabled={busy || comment.trim() === ''}
            onPress={() => void act((revision) => send('reject', { revision, comment }), 'Not approved: the author sees why.')}
          >
            Reject
          </Button>
        </div>
      )}
      {review?.state === 'pending' && (review.requestedBy === context.email || context.role === 'admin') && (
        <Button
          className="studio-button studio-button--quiet"
          isDisabled={busy}
          onPress={() => void act(() => send('withdrawReview'), 'The review request was withdrawn.')}
        >
          Withdraw the review request
        </Button>
      )}
      <Notice outcome={outcome} />
    </section>
  );
}

/** Where the review stands, in a sentence. */
function sentenceOf(view: Reviewed, policy: string, whoApproves: string): string {
  const { review } = view;
  const needs = policy === 'off' ? 'The site does not ask for approvals now.' : `Publishing needs approval by ${whoApproves}.`;
  if (view.status === 'published') return review?.state === 'approved' ? `Approved by ${review.decidedBy} and published. ${needs}` : needs;
  if (review === null || review.state === 'withdrawn') return `${needs} Nobody has been asked yet.`;
  if (review.state === 'pending')
    return review.current
      ? `Waiting for review: asked by ${review.requestedBy} on ${when(review.requestedAt)}.`
      : `The draft changed since ${review.requestedBy} asked for a review: ask again.`;
  if (review.state === 'approved')
    return review.current
      ? `Approved by ${review.decidedBy} on ${when(review.decidedAt)}: it can be published.`
      : `Approved by ${review.decidedBy}, but changed since: ${policy === 'off' ? 'no approval is needed now.' : 'ask for a review again.'}`;
  return `Not approved by ${review.decidedBy} on ${when(review.decidedAt)}: “${review.comment}”. Change the draft and ask again.`;
}
