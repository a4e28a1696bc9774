import type { ContentStore } from '../database';
import type { AuditLogTable } from '../schema';

export type AuditEntry = Omit<AuditLogTable, 'id'> & { id: number };
export type NewAuditEntry = Omit<AuditLogTable, 'id'>;

export interface AuditFilter {
  /** An actor's email, 'cli:…' or 'scheduler'; exact. */
  actor?: string;
  /** A target's id or its label; exact. */
  target?: string;
  /** ISO 8601 times, inclusive. */
  since?: string;
  until?: string;
  limit: number;
}

/** Writes an entry; answers its id. */
export async function insertAuditEntry(db: ContentStore, entry: NewAuditEntry): Promise<number> {
  const row = await db.insertInto('audit_log').values(entry).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A folded change: its entry takes the newest summary and time. */
export async function updateAuditEntry(db: ContentStore, id: number, change: { after: string | null; at: string }): Promise<void> {
  await db.updateTable('audit_log').set(change).where('id', '=', id).execute();
}

/** Matching entries, newest first. */
export async function listAuditEntries(db: ContentStore, filter: AuditFilter): Promise<AuditEntry[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actor !== undefined) query = query.where('actor', '=', filter.actor);
  if (filter.target !== undefined) {
    const target = filter.target;
    query = query.where((eb) => eb.or([eb('target_id', '=', target), eb('target_label', '=', target)]));
  }
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('at', '<=', filter.until);
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
