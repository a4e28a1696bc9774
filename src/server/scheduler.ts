/**
 * Runs the store's timed work in every serving process: schedules and releases that fell due (at start, so one
 * due while no server ran fires now, then every SCHEDULE_CHECK_MS), and the trash purge and the
 * change journal's pruning (at start, then hourly). Each schedule fires exactly once however many
 * processes look (editing/schedules.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ContentStore } from '../cms/database';
import { SCHEDULER } from '../editing/audit';
import { fireDueSchedules } from '../editing/schedules';
import { fireDueReleases } from '../editing/releases';
import { sheets } from '../editing/sheets';
import { StoreUnavailableError } from '../cms/store-guard';
import { pruneJournal } from '../cms/repositories/journal';

const PURGE_EVERY_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export function startScheduler(app: FastifyInstance, db: ContentStore, settings: { checkMs: number; trashDays: number; onFired: () => Promise<void> }): void {
  let running: Promise<void> | null = null;
  let purgedAt = -Infinity;

  async function work(): Promise<void> {
    const fired = await fireDueSchedules(db);
    const releases = await fireDueReleases(db);
    if (fired.length > 0 || releases.some((release) => release.outcome === 'done')) await settings.onFired();
    for (const release of releases) {
      const facts = { release: release.id, name: release.name };
      if (release.outcome === 'done') app.log.info(facts, 'a scheduled release was published');
      else app.log.warn({ ...facts, reason: release.message }, 'a scheduled release could not be published');
    }
    for (const schedule of fired) {
      const facts = { schedule: schedule.id, sheet: schedule.targetId, action: schedule.action };
      if (schedule.outcome === 'done') app.log.info(facts, 'a schedule fired');
      else app.log.warn({ ...facts, reason: schedule.message }, 'a schedule could not be carried out');
    }
    if (Date.now() - purgedAt >= PURGE_EVERY_MS) {
      purgedAt = Date.now();
      const purged = await sheets.purgeTrash(db, new Date(Date.now() - settings.trashDays * DAY_MS), SCHEDULER);
      if (purged > 0) app.log.info({ purged, trashDays: settings.trashDays }, 'sheets purged from the trash');
      // What every reader of the journal has read is kept as long as the trash keeps sheets, then goes (never its last row).
      const pruned = await pruneJournal(db, new Date(Date.now() - settings.trashDays * DAY_MS).toISOString());
      if (pruned > 0) app.log.info({ pruned, days: settings.trashDays }, 'change journal rows every reader had read were pruned');
    }
  }

  const tick = () => {
    running ??= work()
      .catch((error: unknown) => {
        // The store down is reported by the breaker already; anything else is the operator's to see.
        if (!(error instanceof StoreUnavailableError)) app.log.error({ err: error }, 'timed work failed; trying again at the next check');
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, settings.checkMs);
  timer.unref();
  // The first look is part of starting: a schedule that fell due while no server ran has fired
  // before the first request is answered.
  app.addHook('onReady', async () => {
    tick();
    await running;
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
