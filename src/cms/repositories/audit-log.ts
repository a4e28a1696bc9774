import { sql } from 'kysely';
import type { ContentStore } from '../database';
import type { AuditLogTable } from '../schema';

export type AuditEntry = Omit<AuditLogTable, 'id'> & { id: number };
export type NewAuditEntry = Omit<AuditLogTable, 'id'>;

export interface AuditFilter {
  /** Any part of an actor's email, 'cli:…' or 'scheduler', in any case. */
  actor?: string;
  /** A target's id, or any part of its label (a title, an email), in any case. */
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
  const part = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
  if (filter.actor !== undefined) query = query.where(sql<boolean>`lower(actor) like ${part(filter.actor)} escape '\\'`);
  if (filter.target !== undefined) {
    const target = filter.target;
    query = query.where((eb) => eb.or([eb('target_id', '=', target), sql<boolean>`lower(target_label) like ${part(target)} escape '\\'`]));
  }
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('at', '<=', filter.until);
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
