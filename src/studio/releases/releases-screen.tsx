/**
 * Releases (docs/studio.md, "Releases"): drafts gathered to be published together. Make a release
 * here, add drafts to it from a sheet, the page or the order, preview the site with all of it,
 * publish it now or at a time, and undo it as one change.
 */
import { useState, type FormEvent } from 'react';
import { Button, Input, Label, Text, TextField } from 'react-aria-components';
import { STATUS_WORDS } from '../../shared/editing-status';
import { TimeField, usePlannedTime } from '../common/time-field';
import { addressOf, call, StudioError, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';
import { Confirmed, Notice, useAnswer, wordsOf, type Outcome } from '../common/parts';

/** A release with its drafts, as the editing API answers it. */
type Release = AnswerOf<typeof editingApi.releases.view>;

const KIND_WORDS = { sheet: 'Sheet', collection: 'Order of', page: 'Page' } as const;
const STATE_WORDS = { open: 'Open', published: 'Published', undone: 'Undone' } as const;

export function ReleasesScreen({ context }: { context: StudioContext }) {
  const [again, setAgain] = useState(0);
  const { answer: releases, error } = useAnswer(context, { operation: editingApi.releases.list }, 0, again);
  const [name, setName] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const reload = () => setAgain((count) => count + 1);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const made = await call(context, { operation: editingApi.releases.create, body: { name } });
      setName('');
      setOutcome({ text: `Made the release “${made.name}”. Add drafts to it from a sheet, the page or the order.`, failed: false });
      reload();
    } catch (failure) {
      setOutcome({ text: wordsOf(failure), failed: true });
    }
  };

  return (
    <section className="studio-releases" aria-labelledby="releases-heading">
      <h1 id="releases-heading">Releases</h1>
      <p className="studio-hint">
        A release publishes many drafts together, as one change: sheets, the order and the page. A draft in a release is published with it, not alone.
      </p>
      <form className="studio-panel" onSubmit={(event) => void create(event)} aria-labelledby="new-release-heading">
        <h2 id="new-release-heading">New release</h2>
        <TextField className="studio-field" value={name} onChange={setName} isRequired>
          <Label>Name</Label>
          <Input />
          <Text slot="description">What it is, e.g. “Hafnium line launch”.</Text>
        </TextField>
        <div className="studio-dialog__actions">
          <Button type="submit" className="studio-button">
            Make the release
          </Button>
        </div>
      </form>
      <Notice outcome={outcome ?? (error === null ? null : { text: error, failed: true })} />
      {releases !== null && releases.length === 0 && <p>No releases yet.</p>}
      {releases?.map((release) => (
        <ReleasePanel key={release.id} context={context} release={release} onChanged={reload} />
      ))}
    </section>
  );
}

/**
 * The later changes an undo refused for, each "label (change)", when undoing the rest would still
 * undo something: with every draft changed since, "Undo the rest" is not offered.
 */
function keptByUndo(failure: unknown): string[] {
  const details = failure instanceof StudioError ? (failure.details as { later?: Array<{ label: string; change: string }>; undoable?: number }) : {};
  if ((details.undoable ?? 0) === 0) return [];
  return (details.later ?? []).map((change) => `${change.label} (${change.change})`);
}

/** The drafts a release holds, each with its status and its approval; an open release's can be taken out. */
function ReleaseItems({ release, busy, onTakeOut }: { release: Release; busy: boolean; onTakeOut: (item: Release['items'][number]) => void }) {
  if (release.items.length === 0) return <p>Nothing in it yet: add drafts from a sheet, the Page screen or the Order screen.</p>;
  return (
    <ul className="studio-release__items" aria-label={`In ${release.name}`}>
      {release.items.map((item) => (
        <li key={`${item.kind} ${item.targetId}`}>
          {KIND_WORDS[item.kind]} {item.label}
          {item.status !== null && <span className={`studio-status studio-status--${item.status}`}>{STATUS_WORDS[item.status]}</span>}
          {item.review?.state === 'approved' && item.review.current && <span className="studio-by"> approved by {item.review.decidedBy}</span>}
          {release.state === 'open' && (
            <Button
              className="studio-button studio-button--small studio-button--quiet"
              isDisabled={busy}
              aria-label={`Take ${item.label} out of ${release.name}`}
              onPress={() => onTakeOut(item)}
            >
              Take out
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function ReleasePanel({ context, release, onChanged }: { context: StudioContext; release: Release; onChanged: () => void }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [later, setLater] = useState<string[]>([]);
  const [at, setAt] = usePlannedTime();
  const [busy, setBusy] = useState(false);
  const params = { id: release.id };
  const headingId = `release-${release.id}`;

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setOutcome(null);
    try {
      await run();
      setLater([]);
      setOutcome({ text: done, failed: false });
      onChanged();
    } catch (failure) {
      setLater(keptByUndo(failure));
      setOutcome({ text: wordsOf(failure), failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="studio-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {release.name}{' '}
        <span className={`studio-status studio-status--${release.state === 'open' ? 'changed' : 'published'}`}>{STATE_WORDS[release.state]}</span>
      </h2>
      <p className="studio-hint">
        Made by {release.createdBy} on {new Date(release.createdAt).toLocaleString()}
        {release.publishedAt === null ? '' : `; published by ${release.publishedBy} on ${new Date(release.publishedAt).toLocaleString()}`}
        {release.undoneAt === null ? '' : `; undone by ${release.undoneBy} on ${new Date(release.undoneAt).toLocaleString()}`}.
      </p>
      {release.dueAt !== null && <p>Publishes on {new Date(release.dueAt).toLocaleString()}.</p>}
      {release.failure !== null && <p className="studio-error">Its scheduled publish could not be made: {release.failure}</p>}
      <ReleaseItems
        release={release}
        busy={busy}
        onTakeOut={(item) =>
          void act(
            () => call(context, { operation: editingApi.releases.removeItem, params: { ...params, kind: item.kind, target: item.targetId } }),
            `${item.label} was taken out.`,
          )
        }
      />
      {release.state === 'open' && release.items.length > 0 && (
        <>
          <div className="studio-actions">
            <a
              className="studio-button"
              href={addressOf(context, { operation: editingApi.releases.previewAt, params: { ...params, '*': '' } })}
              target="_blank"
              rel="noopener"
            >
              Preview the site with it
            </a>
            <Confirmed
              trigger={{ label: 'Publish the release now', className: 'studio-button studio-button--primary', isDisabled: busy }}
              question={`Publish “${release.name}” now?`}
              keep="Not now"
              confirm="Publish all of it"
              onConfirm={() =>
                void act(() => call(context, { operation: editingApi.releases.publish, params }), 'Published: visitors see all of it on their next visit.')
              }
            >
              Every draft in it goes on the site at once, as one change. If one cannot be published, none is.
            </Confirmed>
          </div>
          <div className="studio-schedule">
            <TimeField value={at} onChange={setAt} />
            <Button
              className="studio-button"
              isDisabled={busy}
              onPress={() =>
                void act(
                  () => call(context, { operation: editingApi.releases.schedule, params, body: { at: new Date(at).toISOString() } }),
                  `It publishes on ${new Date(at).toLocaleString()}.`,
                )
              }
            >
              Publish it at this time
            </Button>
            {release.dueAt !== null && (
              <Button
                className="studio-button studio-button--quiet"
                isDisabled={busy}
                onPress={() =>
                  void act(() => call(context, { operation: editingApi.releases.schedule, params, body: { at: null } }), 'Not at a time any more.')
                }
              >
                Not at a time
              </Button>
            )}
          </div>
        </>
      )}
      {release.state === 'open' && (
        <div className="studio-dialog__actions">
          <Confirmed
            trigger={{ label: 'Discard the release', className: 'studio-button studio-button--quiet', isDisabled: busy }}
            question={`Discard “${release.name}”?`}
            keep="Keep it"
            confirm="Discard"
            onConfirm={() => void act(() => call(context, { operation: editingApi.releases.discard, params }), 'Discarded. Its drafts stay as they are.')}
          >
            Its drafts stay as they are, and can be published alone or gathered into another release.
          </Confirmed>
        </div>
      )}
      {release.state === 'published' && (
        <Confirmed
          trigger={{ label: 'Undo the release', className: 'studio-button', isDisabled: busy }}
          question={`Undo “${release.name}”?`}
          keep="Keep it published"
          confirm="Undo the release"
          onConfirm={() =>
            void act(
              () => call(context, { operation: editingApi.releases.undo, params, body: {} }),
              'Undone: the site shows again what it showed before the release. The drafts are kept.',
            )
          }
        >
          The site shows again what it showed before the release, all of it at once. The drafts stay as they are.
        </Confirmed>
      )}
      <Notice outcome={outcome} />
      {later.length > 0 && (
        <Button
          className="studio-button"
          isDisabled={busy}
          onPress={() =>
            void act(
              () => call(context, { operation: editingApi.releases.undo, params, body: { keepLater: true } }),
              `Undone, keeping the later changes of ${later.join(', ')}.`,
            )
          }
        >
          Undo the rest, keep these changes
        </Button>
      )}
    </section>
  );
}
