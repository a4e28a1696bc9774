/**
 * The studio's calls to the editing API: the session's CSRF token on every change, JSON in and
 * out, the API's error list turned into one message a person can read, and a busy store waited for.
 */
import type { SheetState } from '../../sheet/shape';
import type { EditableStatus } from '../../shared/editing-status';
import { languageTag } from '../../shared/languages';
import { type Problem } from '../../shared/problems';
import { editingApi, type AnswerOf, type Call, type Operation } from '../../editing-contract/operations';
import type { Static } from 'typebox';
import type {
  AttentionSchema,
  OutdatedSchema,
  ReviewSchema,
  ScheduleSchema,
  SheetListSchema,
  SheetSummarySchema,
  SheetViewSchema,
} from '../../editing-contract/schemas';

export type { SheetState };

export interface StudioContext {
  basePath: string;
  csrfToken: string;
  /** The account's role: admins also get Accounts and the audit log. */
  role: string;
  /** The account's email: how reviews and the audit log name it. */
  email: string;
}

export class StudioError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: { problems?: Problem[]; current?: SheetView; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

/** The words of the API's error list (`[{errorCode, message}]`), or what the status says. */
export function messageOf(answer: unknown, status: number): string {
  return Array.isArray(answer) && typeof answer[0]?.message === 'string' ? (answer[0].message as string) : `The server answered ${status}`;
}

/**
 * How long a request the server answers 503 with Retry-After is asked again: the store was busy
 * (another process writing, a restart) and nothing was done, so the editor's save or publish
 * waits its turn instead of failing. A 503 without Retry-After (a write that may have happened)
 * is never repeated.
 */
const BUSY_RETRY_FOR_MS = 30_000;

export type { Call };

/** The operation's address below the site, its path's parameters put in (each encoded) and its query after it. */
export function addressOf<O extends Operation>(context: StudioContext, { operation, params, query }: Call<O>): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = operation.path.replace(/:(\w+)|\*$/g, (_whole, name: string | undefined) => {
    const value = values[name ?? '*'];
    if (value === undefined) throw new Error(`${operation.method} ${operation.path} needs its ${name ?? '*'}`);
    // A wildcard is the rest of a path: its slashes stay.
    return name === undefined ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const asked = search.toString();
  return `${context.basePath}/studio/api${path}${asked === '' ? '' : `?${asked}`}`;
}

/**
 * Calls one operation of the editing API, typed by the table: the path's parameters, the query
 * and the body it takes, and the answer it gives.
 *
 * @example
 *   const view = await call(context, { operation: editingApi.sheets.publish, params: { id }, body: { revision } });
 */
export function call<O extends Operation>(context: StudioContext, sent: Call<O>): Promise<AnswerOf<O>> {
  return callAt(context, sent.operation, addressOf(context, sent), (sent as { body?: unknown }).body);
}

/** Calls the operation at an address made by addressOf (a hook's, which asks again only when the address changes). */
export async function callAt<O extends Operation>(context: StudioContext, operation: O, address: string, body?: unknown): Promise<AnswerOf<O>> {
  const { method } = operation;
  const send = () =>
    fetch(address, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(method === 'GET' ? {} : { 'x-csrf-token': context.csrfToken }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const giveUpAt = Date.now() + BUSY_RETRY_FOR_MS;
  let response = await send();
  for (;;) {
    const seconds = response.status === 503 ? Number(response.headers.get('retry-after')) : 0;
    if (!(seconds > 0) || Date.now() + seconds * 1000 > giveUpAt) break;
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    response = await send();
  }
  if (response.status === 204) return undefined as AnswerOf<O>;
  const answer = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    throw new StudioError(messageOf(answer, response.status), response.status, Array.isArray(answer) ? (answer[0] as StudioError['details']) : {});
  }
  return answer as AnswerOf<O>;
}

/**
 * Sends one file to an upload operation as multipart form data, reporting its progress (fetch
 * cannot report an upload's progress; XHR can). Answers the API's JSON; a refusal is a StudioError
 * with the API's words.
 */
export function sendFile<O extends Operation>(context: StudioContext, sent: Call<O>, file: File, onProgress: (percent: number) => void): Promise<AnswerOf<O>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(sent.operation.method, addressOf(context, sent));
    request.setRequestHeader('x-csrf-token', context.csrfToken);
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      const answer = (() => {
        try {
          return JSON.parse(request.responseText) as unknown;
        } catch {
          return null;
        }
      })();
      if (request.status >= 200 && request.status < 300) resolve(answer as AnswerOf<O>);
      else {
        const details = Array.isArray(answer) ? (answer[0] as StudioError['details']) : {};
        const retryAfter = Number(request.getResponseHeader('retry-after'));
        reject(new StudioError(messageOf(answer, request.status), request.status, retryAfter > 0 ? { ...details, retryAfterSeconds: retryAfter } : details));
      }
    };
    request.onerror = () => reject(new StudioError('The connection was lost; try this file again.', 0));
    const form = new FormData();
    form.set('file', file, file.name);
    request.send(form);
  });
}

export type SheetStatus = EditableStatus;

/** The editing API's answers as the studio reads them: the contract's own types (editing-contract/schemas.ts). */
export type SheetView = Static<typeof SheetViewSchema>;
export type SheetSummary = Static<typeof SheetSummarySchema>;
export type SheetList = Static<typeof SheetListSchema>;
export type Schedule = Static<typeof ScheduleSchema>;
export type ReviewView = NonNullable<Static<typeof ReviewSchema>>;
/** Fields a change to the site made while the draft had changed them too (editing/editable.ts Attention). */
export type Attention = NonNullable<Static<typeof AttentionSchema>>;
/** A translated text whose primary text changed: what the primary text said then, and says now. */
export type OutdatedText = Static<typeof OutdatedSchema>[string][number];

/** The refusal's details: each problem with its place, or on a conflict the state saved meanwhile. */
export function detailsOf(error: unknown): { problems?: Problem[]; current?: SheetView & { targetId?: string } } {
  return error instanceof StudioError ? error.details : {};
}

const LANGUAGE_NAMES = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

/** A language's name in English, e.g. German (Germany); the tag when the browser cannot name it. */
export function languageName(language: string): string {
  try {
    return LANGUAGE_NAMES?.of(languageTag(language)) ?? languageTag(language);
  } catch {
    return languageTag(language);
  }
}

/** Where the studio keeps a stored file: the editing API serves it by digest to editors. */
export const fileUrl = (context: StudioContext, sha256: string) => addressOf(context, { operation: editingApi.files.get, params: { sha256 } });
