/**
 * Webhooks, for admins (docs/operations.md "Webhooks"): register a URL for events, see its secret
 * once, read each webhook's delivery log (delivered, waiting for another try, failed) and send a
 * delivery again; remove a webhook or bring it back. Above them, whether the CDN's purges go
 * through: what waits, and what the CDN said when it refused.
 */
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, CheckboxGroup, Dialog, Heading, Input, Label, Modal, Text, TextField } from 'react-aria-components';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS } from '../../shared/webhook-events';
import { call, type StudioContext } from '../common/api';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';
import { Confirmed, Notice, RowLabel, useAnswer, useListActions, wordsOf, type Outcome } from '../common/parts';
import { CdnBacklog } from './cdn-status';

type Webhook = AnswerOf<typeof editingApi.webhooks.list>[number];
type Delivery = AnswerOf<typeof editingApi.webhooks.deliveries>[number];

const when = (iso: string) => new Date(iso).toLocaleString();

/** A delivery's state in words, with what the receiver said. */
function stateOf(delivery: Delivery): string {
  const tries = delivery.attempts === 1 ? '1 try' : `${delivery.attempts} tries`;
  switch (delivery.state) {
    case 'delivered':
      return `Delivered (${delivery.lastStatus ?? ''}${delivery.attempts > 1 ? `, after ${tries}` : ''})`;
    case 'failed':
      return `Failed after ${tries}: ${delivery.lastError ?? ''}`;
    case 'sending':
      return 'Being sent';
    default:
      return delivery.attempts === 0
        ? 'Waiting to be sent'
        : `Refused (${delivery.lastError ?? ''}); tried again ${when(delivery.nextAt ?? delivery.createdAt)}`;
  }
}

function DeliveryLog({ id, context, webhook, onOutcome }: { id: string; context: StudioContext; webhook: Webhook; onOutcome: (outcome: Outcome) => void }) {
  const [again, setAgain] = useState(0);
  const [sending, setSending] = useState(false);
  const { answer: deliveries, error } = useAnswer(context, { operation: editingApi.webhooks.deliveries, params: { id: webhook.id } }, 0, again);
  const sendAgain = async (delivery: Delivery) => {
    setSending(true);
    try {
      await call(context, { operation: editingApi.webhooks.sendAgain, params: { id: delivery.id } });
      onOutcome({ text: `The ${delivery.event} delivery of ${when(delivery.createdAt)} is sent again.`, failed: false });
      setAgain((count) => count + 1);
    } catch (failure) {
      onOutcome({ text: wordsOf(failure), failed: true });
    } finally {
      setSending(false);
    }
  };
  if (error !== null)
    return (
      <p className="studio-error" id={id}>
        {error}
      </p>
    );
  if (deliveries === null) return <p id={id}>Loading…</p>;
  return (
    <div className="studio-webhooks__log" id={id}>
      <div className="studio-actions">
        <Button className="studio-button studio-button--small studio-button--quiet" onPress={() => setAgain((count) => count + 1)}>
          Refresh the deliveries
        </Button>
      </div>
      {deliveries.length === 0 ? (
        <p className="studio-hint">Nothing has been sent to it yet.</p>
      ) : (
        <table className="studio-table">
          <caption className="studio-visually-hidden">Deliveries to {webhook.url}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">When</th>
              <th scope="col">How it went</th>
              <th scope="col">
                <span className="studio-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id}>
                <th scope="row">{delivery.event}</th>
                <td>{when(delivery.createdAt)}</td>
                <td>
                  {stateOf(delivery)}
                  {delivery.resentFrom === null ? '' : ' (sent again)'}
                </td>
                <td>
                  <Button
                    className="studio-button studio-button--small studio-button--quiet"
                    isDisabled={webhook.removedAt !== null || sending}
                    aria-label={`Send again: ${delivery.event} of ${when(delivery.createdAt)}`}
                    onPress={() => void sendAgain(delivery)}
                  >
                    Send again
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The secret of a webhook just made, in a dialog: the one time it is shown. */
function SecretDialog({ made, onClose }: { made: { url: string; secret: string } | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <Modal isOpen={made !== null} className="studio-modal">
      <Dialog className="studio-dialog" aria-labelledby="secret-heading">
        {made !== null && (
          <>
            <Heading id="secret-heading" slot="title">
              The signing secret of {made.url}
            </Heading>
            <p>Give it to the receiver now: it checks each delivery’s Literature-Signature with it. It is not shown again.</p>
            <p role="status" className="studio-hint">
              {copied ? 'Copied.' : ''}
            </p>
            <TextField className="studio-field studio-field--wide" value={made.secret} isReadOnly autoFocus>
              <Label>Secret</Label>
              <Input onFocus={(event) => event.currentTarget.select()} />
            </TextField>
            <div className="studio-dialog__actions">
              <Button
                className="studio-button studio-button--quiet"
                onPress={() =>
                  void navigator.clipboard?.writeText(made.secret).then(
                    () => setCopied(true),
                    () => setCopied(false),
                  )
                }
              >
                Copy the secret
              </Button>
              <Button
                className="studio-button"
                onPress={() => {
                  setCopied(false);
                  onClose();
                }}
              >
                I have kept it
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </Modal>
  );
}

export function WebhooksScreen({ context }: { context: StudioContext }) {
  const { list: webhooks, outcome, setOutcome, busy, act } = useListActions(context, editingApi.webhooks.list);
  const [draft, setDraft] = useState({ url: '', description: '', events: ['sheet.published', 'sheet.unpublished', 'sheet.deleted'] as string[] });
  const [made, setMade] = useState<{ url: string; secret: string } | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const { answer: backlog } = useAnswer(context, { operation: editingApi.cdn.backlog }, 0);

  const add = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const created = await call(context, { operation: editingApi.webhooks.create, body: draft });
      setMade({ url: created.webhook.url, secret: created.secret });
      setDraft({ ...draft, url: '', description: '' });
      return `${created.webhook.url} is told of ${created.webhook.events.join(', ')} from now on.`;
    });
  };
  const setActive = (webhook: Webhook, active: boolean) =>
    act(async () => {
      await call(context, { operation: editingApi.webhooks.change, params: { id: webhook.id }, body: { active } });
      return active ? `${webhook.url} gets deliveries again.` : `${webhook.url} is removed: it gets no more deliveries. Its log stays.`;
    });

  return (
    <section aria-labelledby="webhooks-heading">
      <h1 id="webhooks-heading">Webhooks</h1>
      <Notice outcome={outcome} />
      {backlog !== null && <CdnBacklog backlog={backlog} />}
      <form className="studio-panel" onSubmit={add} aria-labelledby="add-webhook-heading">
        <h2 id="add-webhook-heading">Add a webhook</h2>
        <p className="studio-hint">
          Each event is posted to the URL as JSON, signed with the webhook’s secret (HMAC-SHA256 of the timestamp and the body, in the Literature-Signature
          header). A receiver that does not answer 2xx gets it again, for a day.
        </p>
        <div className="studio-sheets__tools">
          <TextField className="studio-field studio-field--wide" value={draft.url} onChange={(url) => setDraft({ ...draft, url })} type="url" isRequired>
            <Label>URL</Label>
            <Input autoComplete="off" placeholder="https://example.com/hooks/literature" />
          </TextField>
          <TextField className="studio-field" value={draft.description} onChange={(description) => setDraft({ ...draft, description })}>
            <Label>What it is for</Label>
            <Input autoComplete="off" />
            <Text slot="description">Optional: the search service, the PIM, a chat channel.</Text>
          </TextField>
        </div>
        <CheckboxGroup className="studio-choice" value={draft.events} onChange={(events) => setDraft({ ...draft, events })}>
          <Label>Events</Label>
          {WEBHOOK_EVENT_NAMES.map((name) => (
            <Checkbox key={name} value={name} className="studio-checkbox">
              <span className="studio-checkbox__box" aria-hidden="true" />
              {WEBHOOK_EVENTS[name]} ({name})
            </Checkbox>
          ))}
        </CheckboxGroup>
        <div className="studio-actions">
          <Button type="submit" className="studio-button" isDisabled={busy || draft.events.length === 0}>
            Add the webhook
          </Button>
        </div>
      </form>
      <div className="studio-panel">
        <h2>The webhooks</h2>
        {webhooks === null ? (
          <p>Loading…</p>
        ) : webhooks.length === 0 ? (
          <p className="studio-hint">There are none yet.</p>
        ) : (
          <ul className="studio-rows">
            {webhooks.map((webhook) => (
              <li key={webhook.id} className="studio-webhooks__row">
                <RowLabel title={<>{webhook.url}</>}>
                  {webhook.description === '' ? '' : `${webhook.description}; `}
                  {webhook.events.join(', ')}; added by {webhook.createdBy} {when(webhook.createdAt)}
                  {webhook.removedAt === null ? '' : `; removed ${when(webhook.removedAt)}`}
                </RowLabel>
                <span className="studio-order__moves">
                  <Button
                    className="studio-button studio-button--small studio-button--quiet"
                    aria-expanded={open === webhook.id}
                    aria-controls={open === webhook.id ? `deliveries-${webhook.id}` : undefined}
                    aria-label={`${open === webhook.id ? 'Hide' : 'Show'} the deliveries to ${webhook.url}`}
                    onPress={() => setOpen(open === webhook.id ? null : webhook.id)}
                  >
                    {open === webhook.id ? 'Hide' : 'Show'} the deliveries
                  </Button>
                  {webhook.removedAt === null ? (
                    <Confirmed
                      trigger={{
                        label: 'Remove',
                        ariaLabel: `Remove ${webhook.url}`,
                        className: 'studio-button studio-button--small studio-button--quiet',
                        isDisabled: busy,
                      }}
                      question={`Remove the webhook ${webhook.url}?`}
                      keep="Keep it"
                      confirm="Remove it"
                      onConfirm={() => void setActive(webhook, false)}
                    >
                      It gets no more deliveries, and those waiting are not sent. Its delivery log stays, and it can be brought back.
                    </Confirmed>
                  ) : (
                    <Button
                      className="studio-button studio-button--small studio-button--quiet"
                      isDisabled={busy}
                      aria-label={`Bring back ${webhook.url}`}
                      onPress={() => void setActive(webhook, true)}
                    >
                      Bring back
                    </Button>
                  )}
                </span>
                {open === webhook.id && <DeliveryLog id={`deliveries-${webhook.id}`} context={context} webhook={webhook} onOutcome={setOutcome} />}
              </li>
            ))}
          </ul>
        )}
      </div>
      <SecretDialog made={made} onClose={() => setMade(null)} />
    </section>
  );
}
