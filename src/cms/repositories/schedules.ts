import type { ContentStore } from '../database';
import type { EditableKind, SchedulesTable } from '../schema';

export type ScheduleRow = Omit<SchedulesTable, 'id'> & { id: number };
export type NewSchedule = Omit<SchedulesTable, 'id' | 'state' | 'fired_at' | 'outcome'>;

const rowOf = (row: Omit<SchedulesTable, 'id'> & { id: number | string }): ScheduleRow => ({ ...row, id: Number(row.id) });

export async function insertSchedule(db: ContentStore, schedule: NewSchedule): Promise<number> {
  const row = await db
    .insertInto('schedules')
    .values({ ...schedule, state: 'pending', fired_at: null, outcome: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findSchedule(db: ContentStore, id: number): Promise<ScheduleRow | undefined> {
  const row = await db.selectFrom('schedules').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : rowOf(row);
}

/** The schedules of one target that have not fired, soonest first. */
export async function listPendingSchedules(db: ContentStore, kind: EditableKind, targetId?: string): Promise<ScheduleRow[]> {
  let query = db.selectFrom('schedules').selectAll().where('state', '=', 'pending').where('kind', '=', kind);
  if (targetId !== undefined) query = query.where('target_id', '=', targetId);
  return (await query.orderBy('due_at').orderBy('id').execute()).map(rowOf);
}

/** The pending schedule due first, if one is due at `now`. */
export async function findDueSchedule(db: ContentStore, now: string): Promise<ScheduleRow | undefined> {
  const row = await db
    .selectFrom('schedules')
    .selectAll()
    .where('state', '=', 'pending')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : rowOf(row);
}

/**
 * Ends a pending schedule (fired, failed or cancelled). Conditional on it still being pending, so
 * of two processes that try, one wins; answers whether this call did.
 */
export async function closeSchedule(db: ContentStore, id: number, state: 'done' | 'failed' | 'cancelled', at: string, outcome: string): Promise<boolean> {
  const result = await db.updateTable('schedules').set({ state, fired_at: at, outcome }).where('id', '=', id).where('state', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
