/**
 * Uploads in flight, bounded per account and per process (upload-gate.ts): the rest wait their
 * turn in order, briefly, and past a short line or a long wait are told to come back.
 */
import { describe, expect, it } from 'vitest';
import { createUploadGate, UploadAbandoned, UploadsBusy } from './upload-gate';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('the upload gate', () => {
  it('lets an account run its bound, queues one more, and tells the next to come back with a retry time', async () => {
    const gate = createUploadGate({ perAccount: 2, perProcess: 8, waitMs: 10_000 });
    const [first] = [await gate.enter('ann'), await gate.enter('ann')];
    const third = gate.enter('ann');
    const fourth = gate.enter('ann');
    // Refused at once: caught now, so that it is not an unhandled rejection meanwhile.
    const fifth = gate.enter('ann').catch((error: unknown) => error);
    expect(await settled(third)).toBe(false);
    expect(await fifth).toBeInstanceOf(UploadsBusy);
    expect(await fifth).toMatchObject({ retryAfterSeconds: 10, message: expect.stringMatching(/this account has 2 uploads in progress/) });
    // Another account is not held up by this one.
    const other = await gate.enter('bob');
    expect(gate.load()).toEqual({ running: 3, waiting: 2 });
    first!();
    const leaveThird = await third;
    expect(await settled(fourth)).toBe(false);
    other();
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    leaveThird();
    (await fourth)();
  });

  it('bounds the process across accounts', async () => {
    const gate = createUploadGate({ perAccount: 4, perProcess: 2, waitMs: 10_000 });
    const leave = await gate.enter('ann');
    await gate.enter('bob');
    const waiting = gate.enter('cy');
    expect(await settled(waiting)).toBe(false);
    leave();
    expect(typeof (await waiting)).toBe('function');
  });

  it('tells an upload that waited too long to come back, and lets one whose client left go from the line', async () => {
    const gate = createUploadGate({ perAccount: 1, perProcess: 8, waitMs: 20 });
    const leave = await gate.enter('ann');
    await expect(gate.enter('ann')).rejects.toMatchObject({ name: 'UploadsBusy', message: expect.stringMatching(/waited 1 s for its turn/) });
    const client = new AbortController();
    const gone = gate.enter('ann', client.signal);
    client.abort();
    await expect(gone).rejects.toBeInstanceOf(UploadAbandoned);
    expect(gate.load()).toEqual({ running: 1, waiting: 0 });
    leave();
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
