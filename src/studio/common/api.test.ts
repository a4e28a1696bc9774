import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi, StudioError } from './api';

const context = { basePath: '', csrfToken: 'token', role: 'editor', email: 'editor@example.com' };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const busy = (retryAfter?: string) =>
  json(503, [{ errorCode: 'SERVICE_UNAVAILABLE', message: 'Another writer holds the store.' }], retryAfter === undefined ? {} : { 'retry-after': retryAfter });

describe('callApi and a busy store', () => {
  let answers: Response[];
  let sent: number;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = 0;
    vi.stubGlobal('fetch', () => {
      sent += 1;
      return Promise.resolve(answers.shift()!);
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks again after Retry-After when the store was busy, and answers what the server then says', async () => {
    answers = [busy('1'), busy('2'), json(200, { saved: true })];
    const saving = callApi<{ saved: boolean }>(context, 'PUT', '/sheets/a', { revision: 1 });
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(saving).resolves.toEqual({ saved: true });
    expect(sent).toBe(3);
  });

  it('never repeats a 503 without Retry-After: that write may have happened', async () => {
    answers = [busy()];
    await expect(callApi(context, 'POST', '/sheets', {})).rejects.toMatchObject({ status: 503, message: 'Another writer holds the store.' });
    expect(sent).toBe(1);
  });

  it('stops asking after 30 s, with the server’s words', async () => {
    answers = Array.from({ length: 40 }, () => busy('5'));
    const saving = callApi(context, 'PUT', '/sheets/a', { revision: 1 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await saving;
    expect(error).toBeInstanceOf(StudioError);
    expect(error).toMatchObject({ status: 503 });
    expect(sent).toBe(7); // at 0, 5, …, 30 s
  });
});
