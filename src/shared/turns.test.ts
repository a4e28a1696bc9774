import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTurns } from './turns';

describe('createTurns', () => {
  it('gives at most `size` turns at once, the others in the order they asked', async () => {
    const turns = createTurns(2);
    const order: number[] = [];
    const ends = await Promise.all([turns.take(), turns.take()]);
    const waiting = [3, 4].map((n) => turns.take().then((end) => (order.push(n), end)));
    expect(turns.waiting()).toBe(2);
    ends[0]!();
    ends[0]!(); // a second end gives nothing more
    await waiting[0];
    expect(order).toEqual([3]);
    expect(turns.taken()).toBe(2);
    ends[1]!();
    (await waiting[0]!)();
    (await waiting[1]!)();
    expect(order).toEqual([3, 4]);
    expect([turns.taken(), turns.waiting()]).toEqual([0, 0]);
  });

  it('lets a waiter whose signal aborts leave the line, refused as cancelled', async () => {
    const turns = createTurns(1, () => new Error('gone'));
    const end = await turns.take();
    const leaving = new AbortController();
    const left = turns.take(leaving.signal);
    const next = turns.take();
    leaving.abort();
    await expect(left).rejects.toThrow('gone');
    end();
    await next;
    expect([turns.taken(), turns.waiting()]).toEqual([1, 0]);
    await expect(turns.take(AbortSignal.abort())).rejects.toThrow('gone');
  });

  it('never has more than its size taken, whatever the order of takes, ends and aborts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 3 }), fc.array(fc.constantFrom('take', 'end', 'abort'), { maxLength: 40 }), async (size, steps) => {
        const turns = createTurns(size);
        const ends: Array<() => void> = [];
        const waiters: AbortController[] = [];
        for (const step of steps) {
          if (step === 'take') {
            const controller = new AbortController();
            waiters.push(controller);
            turns.take(controller.signal).then(
              (end) => ends.push(end),
              () => undefined,
            );
          } else if (step === 'end') ends.shift()?.();
          else waiters.shift()?.abort();
          await Promise.resolve();
          await Promise.resolve();
          expect(turns.taken()).toBeLessThanOrEqual(size);
          expect(turns.waiting() === 0 || turns.taken() === size).toBe(true);
        }
      }),
    );
  });
});
