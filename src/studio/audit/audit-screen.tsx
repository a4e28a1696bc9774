/**
 * The audit log, for admins: every change to content and accounts, who made it and when, newest
 * first; filtered by person, by sheet (its title or id) and by time. Never a password or token:
 * the server leaves them out when it writes an entry.
 */
import { useState } from 'react';
import { Input, Label, Text, TextField } from 'react-aria-components';
import { changesBetween } from '../../shared/merge';
import type { StudioContext } from '../common/api';
import { editingApi } from '../../editing-contract/operations';
import { fieldName, shownValue } from '../common/field-names';
import { Notice, useAnswer } from '../common/parts';

/** Each action in words; an action the studio does not know yet is shown as its code. */
const REVIEW_ACTIONS = {
  'request-review': 'asked for a review of',
  approve: 'approved',
  reject: 'did not approve',
  'withdraw-review': 'withdrew the review request for',
};

const ACTIONS: Record<string, string> = {
  ...Object.fromEntries(
    ['sheet', 'page', 'collection'].flatMap((kind) => Object.entries(REVIEW_ACTIONS).map(([action, words]) => [`${kind}.${action}`, words])),
  ),
  'settings.review': 'changed',
  'sheet.import-translation': 'imported translations into',
  'sheet.create': 'created',
  'sheet.settle': 'chose between the draft and the site for',
  'sheet.confirm-translation': 'confirmed translations, still right after the primary text changed, of',
  'page.confirm-translation': 'confirmed translations, still right after the primary text changed, of',
  'sheet.undo-publish': 'undid the last publish of',
  'sheet.schedule-publish': 'scheduled the publishing of',
  'sheet.cancel-publish': 'cancelled the scheduled publishing of',
  'sheet.schedule-unpublish': 'scheduled taking off the site',
  'sheet.cancel-unpublish': 'cancelled taking off the site',
  'collection.undo-publish': 'undid the last publish of the order of',
  'page.undo-publish': 'undid the last publish of',
  'content.import': 'imported:',
  'content.import-bypassing-review': 'imported, past review before publish:',
  'sheet.save': 'saved',
  'sheet.publish': 'published',
  'sheet.unpublish': 'unpublished',
  'sheet.delete': 'moved to the trash',
  'sheet.restore': 'restored an earlier version of',
  'sheet.restore-from-trash': 'restored from the trash',
  'sheet.purge': 'deleted for good',
  'collection.save': 'rearranged',
  'collection.publish': 'published the order of',
  'page.save': 'changed the settings of',
  'page.publish': 'published',
  'account.add': 'added the account',
  'account.set-role': 'changed the role of',
  'account.disable': 'disabled',
  'account.enable': 'enabled',
  'account.reset-password': 'set a new password for',
  'account.temporary-password': 'set a temporary password for',
  'account.change-password': 'changed their own password:',
  'account.remove': 'removed the account',
  'content.undo-import': 'undid the import',
  'content.undo-import-taken-back': 'took back an undo that failed',
  'content.undo-import-finished': 'finished an undo that was cut off',
};

/** A date input's day as the start (or the end) of that day in the browser's time zone, as ISO time. */
function dayBound(day: string, end: boolean): string | undefined {
  const at = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  // Empty, or a day no calendar has (a six-digit year typed): no bound.
  return day === '' || Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

export function AuditScreen({ context }: { context: StudioContext }) {
  const [filter, setFilter] = useState({ actor: '', target: '', since: '', until: '' });
  const since = dayBound(filter.since, false);
  const until = dayBound(filter.until, true);
  const query = {
    limit: 200,
    ...(filter.actor.trim() === '' ? {} : { actor: filter.actor.trim().toLowerCase() }),
    ...(filter.target.trim() === '' ? {} : { target: filter.target.trim() }),
    ...(since === undefined ? {} : { since }),
    ...(until === undefined ? {} : { until }),
  };
  const { answer: entries, error } = useAnswer(context, { operation: editingApi.audit.list, query }, 250);

  const field = (name: keyof typeof filter) => (value: string) => setFilter({ ...filter, [name]: value });
  return (
    <section className="studio-audit" aria-labelledby="audit-heading">
      <h1 id="audit-heading">Audit log</h1>
      <div className="studio-sheets__tools">
        <TextField className="studio-field" value={filter.actor} onChange={field('actor')}>
          <Label>Person</Label>
          <Input />
          <Text slot="description">Any part of their email address.</Text>
        </TextField>
        <TextField className="studio-field" value={filter.target} onChange={field('target')}>
          <Label>Sheet or account</Label>
          <Input />
          <Text slot="description">Any part of its title or email, or its id.</Text>
        </TextField>
        <TextField className="studio-field" value={filter.since} onChange={field('since')}>
          <Label>From</Label>
          <Input type="date" />
        </TextField>
        <TextField className="studio-field" value={filter.until} onChange={field('until')}>
          <Label>Until</Label>
          <Input type="date" />
        </TextField>
      </div>
      <Notice outcome={error === null ? null : { text: error, failed: true }} />
      <p className="studio-count" aria-live="polite">
        {entries === null ? 'Loading the log…' : `${entries.length === 200 ? 'The latest 200' : entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`}
      </p>
      {entries !== null && entries.length > 0 && (
        <table className="studio-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{new Date(entry.at).toLocaleString()}</td>
                <th scope="row">{entry.actor}</th>
                <td>
                  {ACTIONS[entry.action] ?? entry.action} <strong>{entry.targetLabel}</strong>
                  <Changes before={entry.before} after={entry.after} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** At most this many changed fields are listed for one entry. */
const SHOWN_CHANGES = 6;

/** What an entry changed, field by field, where both sides are kept: texts as before → after. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  if (before === null || after === null || typeof before !== 'object' || typeof after !== 'object') return null;
  const changes = changesBetween(before, after).filter((change) => !change.path.includes('sha256') && !change.path.includes('byteSize'));
  if (changes.length === 0) return null;
  return (
    <ul className="studio-audit__changes">
      {changes.slice(0, SHOWN_CHANGES).map((change) => (
        <li key={change.path.join('.')}>
          {fieldName(change.path)}: {shownValue(change.before)} → {shownValue(change.after)}
        </li>
      ))}
      {changes.length > SHOWN_CHANGES && <li>and {changes.length - SHOWN_CHANGES} more</li>}
    </ul>
  );
}
