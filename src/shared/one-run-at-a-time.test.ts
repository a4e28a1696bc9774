import { describe, expect, it } from 'vitest';
import { oneRunAtATime } from './one-run-at-a-time';

describe('one run at a time', () => {
  it('answers a call during a run with that run, which then runs once more', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const run = oneRunAtATime(async () => {
      runs += 1;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = run();
    const second = run();
    const third = run();
    expect(second).toBe(first);
    expect(third).toBe(first);
    release();
    await first;
    // Three calls, two runs: the one running, and one more for the calls that came during it.
    expect(runs).toBe(2);
    await run();
    expect(runs).toBe(3);
  });

  it('runs no more while mayRunAgain says no', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const run = oneRunAtATime(
      async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      () => false,
    );
    const first = run();
    void run();
    release();
    await first;
    expect(runs).toBe(1);
  });
});
