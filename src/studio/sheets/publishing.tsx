/**
 * Putting a sheet on the site: publish now (seen on the next request), publish or unpublish at a
 * time, cancel what is scheduled, take it off the site, and share a preview of the draft (and
 * revoke a shared link: preview-links.tsx). The draft is saved first, so what is published is
 * what is on screen.
 */
import { useEffect, useRef, useState } from 'react';
import { STATUS_SENTENCES } from '../../shared/editing-status';
import { Button, Input, Label, Text, TextField } from 'react-aria-components';
import { TimeField, usePlannedTime } from '../common/time-field';
import { call, detailsOf, languageName, type SheetView, type StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { problemsByField } from '../common/field-names';
import { useNavigation } from '../common/navigation';
import { Confirmed, Notice } from '../common/parts';
import { PreviewLinks, previewLinkIdOf } from './preview-links';

interface PublishingProps {
  context: StudioContext;
  view: SheetView;
  /** Saves what is on screen, then runs a change from the revision saved (null: it could not be saved). */
  hold: <T>(run: (revision: number) => Promise<T>) => Promise<T | null>;
  onChanged: (answer: SheetView) => void;
  /** The language the shared preview opens in ('/de-DE'-style tag), or null for the default. */
  previewLanguage: string | null;
}

export function Publishing({ context, view, hold, onChanged, previewLanguage }: PublishingProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const params = { id: view.id };
  const { navigate } = useNavigation();

  /** Where the keyboard goes once an action is done: the line that says how it went. */
  const statusLine = useRef<HTMLDivElement>(null);
  const focusAfter = useRef(false);
  useEffect(() => {
    if (message === null || !focusAfter.current) return;
    focusAfter.current = false;
    statusLine.current?.focus();
  }, [message]);

  /** Runs one action after saving the draft; its answer or its refusal is shown, and the keyboard goes to it. */
  const act = async (action: (revision: number) => Promise<string>) => {
    setBusy(true);
    setMessage(null);
    focusAfter.current = true;
    try {
      const done = await hold(action);
      if (done === null) throw new Error('Fix the marked fields first: the sheet must be saved before it is published.');
      setMessage({ text: done, failed: false });
    } catch (error) {
      const problems = detailsOf(error).problems ?? [];
      const named = problemsByField(problems);
      const reasons = [...named.others, ...[...named.fields.values()]];
      setMessage({ text: reasons.length > 0 ? `Not yet: ${reasons.join(' ')}` : error instanceof Error ? error.message : String(error), failed: true });
    } finally {
      setBusy(false);
    }
  };

  const refresh = async () => onChanged(await call(context, { operation: editingApi.sheets.view, params }));

  const publish = () =>
    act(async (revision) => {
      onChanged(await call(context, { operation: editingApi.sheets.publish, params, body: { revision } }));
      return 'Published. Visitors see it on their next visit to the page.';
    });
  const unpublish = () =>
    act(async (revision) => {
      onChanged(await call(context, { operation: editingApi.sheets.unpublish, params, body: { revision } }));
      return 'Taken off the site. The draft is kept; publish it again at any time.';
    });
  const undoPublish = () =>
    act(async (revision) => {
      const answer = await call(context, { operation: editingApi.sheets.undoPublish, params, body: { revision } });
      onChanged(answer);
      return answer.published === null
        ? 'The publish was undone: the sheet is off the site again. Your draft is kept.'
        : 'The publish was undone: visitors see the sheet as it was before it. Your draft is kept.';
    });
  const schedule = (action: 'publish' | 'unpublish', at: string) =>
    act(async () => {
      const when = new Date(at);
      if (Number.isNaN(when.getTime())) throw new Error('Choose a date and time first.');
      await call(context, { operation: editingApi.sheets.schedule, params, body: { action, at: when.toISOString() } });
      await refresh();
      return `${action === 'publish' ? 'Publishing' : 'Taking it off the site'} on ${when.toLocaleString()}.`;
    });
  const cancel = (id: number) =>
    act(async () => {
      await call(context, { operation: editingApi.schedules.cancel, params: { schedule: String(id) } });
      await refresh();
      return 'Cancelled.';
    });
  const trash = () =>
    act(async (revision) => {
      await call(context, { operation: editingApi.sheets.moveToTrash, params, query: { revision } });
      navigate(`${context.basePath}/studio/trash`);
      return 'Moved to the trash.';
    });
  const share = () =>
    act(async () => {
      const made = await call(context, {
        operation: editingApi.sheets.createPreviewLink,
        params,
        body: previewLanguage === null ? {} : { lang: previewLanguage },
      });
      setLink({ url: new URL(made.url, window.location.href).href, expiresAt: made.expiresAt });
      return 'Preview link made.';
    });

  /** The link made here is no longer offered once it is revoked. */
  const forgetShownLink = async (id: string) => {
    if (link !== null && (await previewLinkIdOf(link.url)) === id) setLink(null);
  };

  return (
    <section className="studio-panel" aria-labelledby="publishing-heading">
      <h2 id="publishing-heading">Publishing</h2>
      <div ref={statusLine} tabIndex={-1} className="studio-status-line">
        <p>{STATUS_SENTENCES[view.status]}</p>
        <Notice outcome={message} />
      </div>
      <LinkNotes draft={view.draft} />
      <div className="studio-actions">
        <Button className="studio-button studio-button--primary" isDisabled={busy || view.status === 'published'} onPress={() => void publish()}>
          Publish now
        </Button>
        {(view.status === 'published' || view.status === 'changed') && (
          <Button className="studio-button" isDisabled={busy} onPress={() => void unpublish()}>
            Unpublish
          </Button>
        )}
        {view.undoablePublish && (
          <Confirmed
            trigger={{ label: 'Undo publish', className: 'studio-button', isDisabled: busy }}
            question="Undo the last publish?"
            keep="Keep it published"
            confirm="Undo the publish"
            onConfirm={() => void undoPublish()}
          >
            Visitors see the sheet again as it was before its last publish (or not at all, if that publish first put it on the site). Your draft stays as it is.
          </Confirmed>
        )}
      </div>
      <Scheduling view={view} busy={busy} onSchedule={(action, at) => void schedule(action, at)} onCancel={(id) => void cancel(id)} />
      <div className="studio-share">
        <Button className="studio-button" isDisabled={busy} onPress={() => void share()}>
          Share a preview link
        </Button>
        {link !== null && (
          <TextField className="studio-field studio-field--wide" value={link.url} isReadOnly>
            <Label>Preview link</Label>
            <Input onFocus={(event) => event.currentTarget.select()} />
            <Text slot="description">
              Anyone with this link can see the draft until {new Date(link.expiresAt).toLocaleString()}. Search engines never index it.
            </Text>
          </TextField>
        )}
        <PreviewLinks context={context} id={view.id} madeLink={link?.url ?? null} onRevoked={(id) => void forgetShownLink(id)} />
      </div>
      <Confirmed
        trigger={{ label: 'Move to the trash', className: 'studio-button studio-button--quiet', isDisabled: busy }}
        question={`Move ${view.label} to the trash?`}
        keep="Keep it"
        confirm="Move to the trash"
        onConfirm={() => void trash()}
      >
        It leaves the site at once. Its draft and history are kept: restore it from Trash at any time until the trash is emptied.
      </Confirmed>
    </section>
  );
}

/** A publish or an unpublish at a time of the editor's choosing, and those already planned, each to cancel. */
function Scheduling({
  view,
  busy,
  onSchedule,
  onCancel,
}: {
  view: SheetView;
  busy: boolean;
  onSchedule: (action: 'publish' | 'unpublish', at: string) => void;
  onCancel: (id: number) => void;
}) {
  const [at, setAt] = usePlannedTime();
  return (
    <>
      <div className="studio-schedule">
        <TimeField value={at} onChange={setAt} />
        <div className="studio-actions">
          <Button className="studio-button" isDisabled={busy} onPress={() => onSchedule('publish', at)}>
            Publish at this time
          </Button>
          {view.published !== null && (
            <Button className="studio-button" isDisabled={busy} onPress={() => onSchedule('unpublish', at)}>
              Unpublish at this time
            </Button>
          )}
        </div>
      </div>
      {view.schedules.length > 0 && (
        <ul className="studio-schedules" aria-label="Scheduled">
          {view.schedules.map((planned) => (
            <li key={planned.id}>
              {planned.action === 'publish' ? 'Publishes' : 'Unpublishes'} on {new Date(planned.dueAt).toLocaleString()} (by {planned.by}){' '}
              <Button className="studio-button studio-button--small" isDisabled={busy} onPress={() => onCancel(planned.id)}>
                Cancel
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * What the cards will link to, said before publishing: a translation without a link of its own
 * links to the primary language's (marked with that language on the site); a sheet without any
 * link has cards that open nothing.
 */
function LinkNotes({ draft }: { draft: SheetView['draft'] }) {
  const primary = draft.translations[draft.primaryLanguage];
  const target = draft.document !== null ? 'PDF' : 'link';
  if (primary === undefined) return null;
  if (primary.url === '')
    return (
      <p className="studio-warning">This sheet has no link or PDF in {languageName(draft.primaryLanguage)}: its card will open nothing until you add one.</p>
    );
  const borrowing = Object.entries(draft.translations).filter(([language, texts]) => language !== draft.primaryLanguage && texts.url === '');
  if (borrowing.length === 0) return null;
  return (
    <p className="studio-warning">
      {borrowing.map(([language]) => languageName(language)).join(', ')} {borrowing.length === 1 ? 'has' : 'have'} no {target} of{' '}
      {borrowing.length === 1 ? 'its' : 'their'} own: {borrowing.length === 1 ? 'its card and page link' : 'their cards and pages link'} to the{' '}
      {languageName(draft.primaryLanguage)} {target}, marked as {languageName(draft.primaryLanguage)}.
    </p>
  );
}
