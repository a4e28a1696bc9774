/** `audit`: who changed what and when, newest first (docs/editing.md, "Audit log"). */
import { listAuditEntries, type AuditEntry } from '../cms/repositories/audit-log';
import { readOptions, withStore, type Command } from './command';

const DEFAULT_LIMIT = 50;

/** A time the operator writes: a date ('2026-11-22') or a full ISO 8601 time. */
function readTime(value: string, name: string, endOfDay: boolean): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`--${name} needs a date (2026-11-22) or a time (2026-11-22T14:00:00Z), not "${value}"`);
  return date.toISOString();
}

function formatEntry(entry: AuditEntry): string {
  const change = [entry.before === null ? null : `before ${entry.before}`, entry.after === null ? null : `after ${entry.after}`].filter(Boolean).join('; ');
  return `${entry.at}  ${entry.actor}  ${entry.action}  ${entry.target_type} ${entry.target_label}${change === '' ? '' : `\n    ${change}`}`;
}

export const auditCommand: Command = {
  summary: 'Show the audit log: every change to content, accounts and settings.',
  usage: [
    'audit [--actor <email|cli:user|scheduler>] [--target <id|email|title>] [--since <date>] [--until <date>] [--limit 50] [--json]',
    '',
    'Newest first. Dates are UTC: --since 2026-11-01 --until 2026-11-22 covers both whole days.',
  ].join('\n'),
  run: async (args) => {
    const { options, flags, positional } = readOptions(args, ['actor', 'target', 'since', 'until', 'limit'], ['json']);
    if (positional.length > 0) throw new Error(`Unexpected argument "${positional[0]}"; see npm run cli -- audit --help`);
    const limit = Number(options.limit ?? DEFAULT_LIMIT);
    if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit needs a whole number of at least 1');
    const filter = {
      limit,
      ...(options.actor !== undefined ? { actor: options.actor.includes('@') ? options.actor.trim().toLowerCase() : options.actor } : {}),
      ...(options.target !== undefined ? { target: options.target } : {}),
      ...(options.since !== undefined ? { since: readTime(options.since, 'since', false) } : {}),
      ...(options.until !== undefined ? { until: readTime(options.until, 'until', true) } : {}),
    };
    await withStore(async (store) => {
      const entries = await listAuditEntries(store.db, filter);
      if (flags.has('json')) {
        console.log(
          JSON.stringify(
            entries.map((entry) => ({ ...entry, before: parse(entry.before), after: parse(entry.after) })),
            null,
            2,
          ),
        );
        return;
      }
      if (entries.length === 0) console.log('No audit entries match.');
      for (const entry of entries) console.log(formatEntry(entry));
    });
  },
};

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
