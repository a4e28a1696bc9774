/**
 * Schedules on a real store: one fires once; one that cannot be carried out is closed as failed
 * with the reason, whatever went wrong, and never holds up the schedules after it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { DEMO_IDS } from '../demo/seed-demo';
import type { Actor } from './audit';
import { fireDueSchedules, listSheetSchedules, scheduleSheet } from './schedules';
import { freeUrlName, newSheetState, sheets } from './sheets';

const editor: Actor = { id: '005000000000001AAA', label: 'editor@example.com' };

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

async function draft(title: string) {
  const state = newSheetState({
    siteId: DEMO_IDS.siteId,
    collectionId: DEMO_IDS.collectionId,
    primaryLanguage: 'en_US',
    texts: { title },
    urlName: await freeUrlName(test.store.db, DEMO_IDS.siteId, title),
  });
  await sheets.create(test.store.db, state.id, state, editor);
  return state.id;
}

describe('schedules', () => {
  it('close a schedule that fails, for any reason, as failed, and fire the ones after it', async () => {
    const broken = await draft('Fails to publish');
    const fine = await draft('Publishes on time');
    const now = new Date('2026-12-01T10:00:00Z');
    await scheduleSheet(test.store.db, broken, 'publish', '2026-12-01T09:00:00Z', editor, now);
    await scheduleSheet(test.store.db, fine, 'publish', '2026-12-01T09:30:00Z', editor, now);
    // Not an editing refusal: the kind of failure that would otherwise be retried at every check.
    const publish = sheets.publishIn;
    const spy = vi.spyOn(sheets, 'publishIn').mockImplementation((trx, id, ...rest) => {
      if (id === broken) throw new Error('the disk is full');
      return publish(trx, id, ...rest);
    });
    try {
      const fired = await fireDueSchedules(test.store.db, now);
      expect(fired.map((schedule) => [schedule.targetId, schedule.outcome])).toEqual([
        [broken, 'failed'],
        [fine, 'done'],
      ]);
      expect(fired[0]!.message).toContain('the disk is full');
      expect(await fireDueSchedules(test.store.db, now)).toEqual([]);
      expect(await listSheetSchedules(test.store.db)).toEqual([]);
      expect((await sheets.view(test.store.db, fine))?.status).toBe('published');
      expect((await sheets.view(test.store.db, broken))?.status).toBe('draft');
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a time that is not one, or beyond the year 9999', async () => {
    const id = await draft('Odd times');
    for (const at of ['soon', '+010000-01-01T00:00:00Z'])
      await expect(scheduleSheet(test.store.db, id, 'publish', at, editor)).rejects.toThrow(/not a date and time/);
  });
});
