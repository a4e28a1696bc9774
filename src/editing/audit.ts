/**
 * The audit log: who changed what, when, with a short summary of before and after. An entry is
 * written in the same transaction as the change it records, so there is never a change without
 * its entry or an entry for a change that did not happen. Summaries never hold a secret: fields
 * named like one are left out whatever the caller passes.
 */
import { userInfo } from 'node:os';
import type { ContentStore } from '../cms/database';
import { insertAuditEntry, listAuditEntries, updateAuditEntry, type AuditFilter } from '../cms/repositories/audit-log';
import { changeIdOf } from '../cms/change-context';

/** Who acts: a signed-in account, or an operator at the command line, or the scheduler. */
export interface Actor {
  id: string | null;
  label: string;
}

export const SCHEDULER: Actor = { id: null, label: 'scheduler' };

/** The operator running a command, by their user name on the machine. */
export function commandLineActor(): Actor {
  let name = 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // No passwd entry (some containers): the command is still recorded.
  }
  return { id: null, label: `cli:${name}` };
}

export interface AuditTarget {
  type: 'account' | 'sheet' | 'collection' | 'seo-record' | 'page' | 'import' | 'settings' | 'topic' | 'content-type' | 'release' | 'webhook';
  id: string;
  /** What a person calls it: an email, a title, a path. */
  label: string;
}

const SECRET_NAME = /pass|secret|token|session|hash|cookie|csrf|salt|key$/i;
/** Names that look like a secret's and are not: a content's key, whether a password is temporary. */
const NOT_SECRET = new Set(['contentKey', 'content_key', 'mustChangePassword']);
const MAX_TEXT = 300;
const MAX_ENTRIES = 40;
const MAX_DEPTH = 4;

/** A bounded copy of a value without anything named like a secret: what the log keeps. */
export function summarize(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_ENTRIES).map((item) => summarize(item, depth + 1));
  if (Buffer.isBuffer(value)) return `(${value.length} bytes)`;
  const kept: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value).slice(0, MAX_ENTRIES)) {
    if (!SECRET_NAME.test(name) || NOT_SECRET.has(name)) kept[name] = summarize(field, depth + 1);
  }
  return kept;
}

export interface AuditChange {
  actor: Actor;
  action: string;
  target: AuditTarget;
  before?: unknown;
  after?: unknown;
  /** Defaults to now. */
  at?: Date;
}

const summaryOf = (value: unknown) => (value === undefined ? null : JSON.stringify(summarize(value)));

/** Writes one entry and answers its id; call it with the transaction that makes the change. */
export async function recordChange(trx: ContentStore, change: AuditChange): Promise<number> {
  return insertAuditEntry(trx, {
    at: (change.at ?? new Date()).toISOString(),
    actor_id: change.actor.id,
    actor: change.actor.label,
    action: change.action,
    target_type: change.target.type,
    target_id: change.target.id,
    target_label: change.target.label,
    before: summaryOf(change.before),
    after: summaryOf(change.after),
    change_id: changeIdOf(trx),
  });
}

/** Folds a further change into an entry (an editor's saves within minutes of each other). */
export async function foldChange(trx: ContentStore, entryId: number, after: unknown, at: Date = new Date()): Promise<void> {
  await updateAuditEntry(trx, entryId, { after: summaryOf(after), at: at.toISOString() });
}

/** The audit log's entries `filter` names, newest first, each with its states before and after as they were recorded. */
export async function auditEntries(db: ContentStore, filter: AuditFilter) {
  return (await listAuditEntries(db, filter)).map((entry) => ({
    id: entry.id,
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    targetType: entry.target_type,
    targetId: entry.target_id,
    targetLabel: entry.target_label,
    before: entry.before === null ? null : (JSON.parse(entry.before) as unknown),
    after: entry.after === null ? null : (JSON.parse(entry.after) as unknown),
  }));
}
