import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addressOf, call, StudioError } from './api';
import { editingApi } from '../../editing-contract/operations';
import type { SheetState } from '../../sheet/shape';

const context = { basePath: '', csrfToken: 'token', role: 'editor', email: 'editor@example.com' };
const saveSheet = { operation: editingApi.sheets.save, params: { id: 'a' }, body: { revision: 1, state: {} as SheetState } };
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const busy = (retryAfter?: string) =>
  json(503, [{ errorCode: 'SERVICE_UNAVAILABLE', message: 'Another writer holds the store.' }], retryAfter === undefined ? {} : { 'retry-after': retryAfter });

describe('a call and a busy store', () => {
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
    const saving = call(context, saveSheet);
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
    await expect(call(context, { operation: editingApi.sheets.create, body: { title: 'TMA' } })).rejects.toMatchObject({
      status: 503,
      message: 'Another writer holds the store.',
    });
    expect(sent).toBe(1);
  });

  it('stops asking after 30 s, with the server’s words', async () => {
    answers = Array.from({ length: 40 }, () => busy('5'));
    const saving = call(context, saveSheet).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await saving;
    expect(error).toBeInstanceOf(StudioError);
    expect(error).toMatchObject({ status: 503 });
    expect(sent).toBe(7); // at 0, 5, …, 30 s
  });
});

describe('an operation’s address', () => {
  it('puts each path parameter in, encoded, and the query after it', () => {
    const studio = { ...context, basePath: '/site' };
    expect(addressOf(studio, { operation: editingApi.sheets.removeTranslation, params: { id: 'a/b', language: 'de_DE' }, query: { revision: 3 } })).toBe(
      '/site/studio/api/sheets/a%2Fb/translations/de_DE?revision=3',
    );
    expect(addressOf(studio, { operation: editingApi.releases.previewAt, params: { id: 'r1', '*': 'de-DE/topics/hafnium' }, query: { lang: 'de-DE' } })).toBe(
      '/site/studio/api/releases/r1/preview/de-DE/topics/hafnium?lang=de-DE',
    );
    expect(addressOf(studio, { operation: editingApi.sheets.list, query: { q: 'tma & co', status: undefined } })).toBe('/site/studio/api/sheets?q=tma+%26+co');
  });
});
