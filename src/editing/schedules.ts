/**
 * Publishing and unpublishing at a time (docs/editing.md, "Schedules"). A schedule is a row in the
 * store, so it survives restarts; every serving process looks for due ones at start and then every
 * few seconds, and one that fell due while no server ran fires at the next start.
 *
 * Exactly once, however many processes look: a schedule fires inside one transaction that first
 * takes the editing lock, then reads the schedule again and closes it only if it is still pending.
 * A second process waits on the lock and then finds it closed. The publish, its version, its audit
 * entry and the closing commit together or not at all.
 */
import type { ContentStore } from '../cms/database';
import { closeSchedule, findDueSchedule, findSchedule, insertSchedule, listPendingSchedules, type ScheduleRow } from '../cms/repositories/schedules';
import { StoreUnavailableError } from '../cms/store-guard';
import { recordChange, SCHEDULER, type Actor } from './audit';
import { EditingError } from './editable';
import { sheets } from './sheets';

export type ScheduledAction = 'publish' | 'unpublish';

export interface Schedule {
  id: number;
  targetId: string;
  action: ScheduledAction;
  dueAt: string;
  by: string;
}

const scheduleOf = (row: ScheduleRow): Schedule => ({ id: row.id, targetId: row.target_id, action: row.action, dueAt: row.due_at, by: row.actor });

/** Asks for a sheet to be published or unpublished at `dueAt` (ISO 8601, any zone). */
export async function scheduleSheet(
  db: ContentStore,
  targetId: string,
  action: ScheduledAction,
  dueAt: string,
  actor: Actor,
  now = new Date(),
): Promise<Schedule> {
  const due = new Date(dueAt);
  // Times are compared as ISO 8601 text, which sorts as time only within years 0000 to 9999.
  if (Number.isNaN(due.getTime()) || due.getUTCFullYear() > 9999 || due.getUTCFullYear() < 2000)
    throw new EditingError(`"${dueAt}" is not a date and time from 2000 to 9999 (use ISO 8601, e.g. 2026-12-01T09:00:00Z)`, 'invalid');
  return sheets.change(db, async (trx) => {
    const found = await sheets.view(trx, targetId);
    if (found === null) throw new EditingError(`There is no sheet ${targetId}`, 'not-found');
    const row = {
      kind: 'sheet' as const,
      target_id: targetId,
      action,
      due_at: due.toISOString(),
      actor_id: actor.id,
      actor: actor.label,
      created_at: now.toISOString(),
    };
    const id = await insertSchedule(trx, row);
    await recordChange(trx, {
      actor,
      action: `sheet.schedule-${action}`,
      target: { type: 'sheet', id: targetId, label: found.label },
      after: { action, dueAt: row.due_at },
      at: now,
    });
    return scheduleOf({ ...row, id, state: 'pending', fired_at: null, outcome: null });
  });
}

export async function listSheetSchedules(db: ContentStore, targetId?: string): Promise<Schedule[]> {
  return (await listPendingSchedules(db, 'sheet', targetId)).map(scheduleOf);
}

/** Cancels a pending schedule; answers false when it had fired or was cancelled already. */
export async function cancelSchedule(db: ContentStore, id: number, actor: Actor, now = new Date()): Promise<boolean> {
  return sheets.change(db, async (trx) => {
    const row = await findSchedule(trx, id);
    if (row === undefined) throw new EditingError(`There is no schedule ${id}`, 'not-found');
    if (!(await closeSchedule(trx, id, 'cancelled', now.toISOString(), `cancelled by ${actor.label}`))) return false;
    await recordChange(trx, {
      actor,
      action: `sheet.cancel-${row.action}`,
      target: { type: 'sheet', id: row.target_id, label: row.target_id },
      before: { action: row.action, dueAt: row.due_at },
      at: now,
    });
    return true;
  });
}

export type FiredSchedule = Schedule & { outcome: 'done' | 'failed'; message: string };

/**
 * Fires every schedule due at `now`, one transaction each, and answers what this process fired.
 * A schedule that cannot be carried out (its sheet was deleted, there is nothing to unpublish) is
 * closed as failed with the reason, so it is not tried again and again.
 */
export async function fireDueSchedules(db: ContentStore, now = new Date()): Promise<FiredSchedule[]> {
  const fired: FiredSchedule[] = [];
  // Most checks find nothing due: they only read, and never wait on the editing lock.
  if ((await findDueSchedule(db, now.toISOString())) === undefined) return fired;
  for (;;) {
    const at = now.toISOString();
    let attempted: ScheduleRow | undefined;
    try {
      const done = await sheets.change(db, async (trx) => {
        const due = await findDueSchedule(trx, at);
        if (due === undefined) return null;
        attempted = due;
        const actor: Actor = { id: due.actor_id, label: `${SCHEDULER.label} (for ${due.actor})` };
        if (due.action === 'publish') await sheets.publishIn(trx, due.target_id, undefined, actor, now);
        else await sheets.unpublishIn(trx, due.target_id, undefined, actor, now);
        await closeSchedule(trx, due.id, 'done', at, `${due.action}ed`);
        return due;
      });
      if (done === null) return fired;
      fired.push({ ...scheduleOf(done), outcome: 'done', message: `${done.action}ed` });
    } catch (error) {
      // The store being away is no reason to give a schedule up: the next check tries again.
      if (attempted === undefined || error instanceof StoreUnavailableError) throw error;
      // Anything else would fail again at every check and hold up every later schedule: the
      // transaction rolled back, and the schedule is closed as failed, with why, on its own.
      const failed = attempted;
      const message = error instanceof EditingError ? error.message : `it could not be carried out (${error instanceof Error ? error.message : String(error)})`;
      if (await closeSchedule(db, failed.id, 'failed', at, message)) fired.push({ ...scheduleOf(failed), outcome: 'failed', message });
    }
  }
}
