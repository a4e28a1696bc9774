/**
 * The studio's calls to the editing API: the session's CSRF token on every change, JSON in and
 * out, the API's error list turned into one message a person can read, and a busy store waited for.
 */
import type { SheetState } from '../../sheet/shape';
import type { EditableStatus } from '../../shared/editing-status';
import { languageTag } from '../../shared/languages';
import type { FieldConflict } from '../../shared/merge';
import { type Problem } from '../../shared/problems';

export type { SheetState };

export interface StudioContext {
  basePath: string;
  csrfToken: string;
  /** The account's role: admins also get Accounts and the audit log. */
  role: string;
  /** The account's email: how reviews and the audit log name it. */
  email: string;
}

/** A draft's newest review (schemas.ts, ReviewSchema). */
export interface ReviewView {
  state: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  revision: number;
  /** It is of the draft as it is now: an approval counts only then. */
  current: boolean;
  requestedBy: string;
  requestedAt: string;
  note: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  comment: string | null;
  /** Who may not decide it: the one who asked, and everyone whose change is in the draft. */
  authors: string[];
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

export async function callApi<T>(context: StudioContext, method: string, path: string, body?: unknown): Promise<T> {
  const send = () =>
    fetch(`${context.basePath}/studio/api${path}`, {
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
  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    throw new StudioError(messageOf(answer, response.status), response.status, Array.isArray(answer) ? (answer[0] as StudioError['details']) : {});
  }
  return answer as T;
}

/**
 * Sends one file as multipart form data, reporting its progress (fetch cannot report an upload's
 * progress; XHR can). Answers the API's JSON; a refusal is a StudioError with the API's words.
 */
export function sendFile<T>(context: StudioContext, method: 'POST' | 'PUT', path: string, file: File, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${context.basePath}/studio/api${path}`);
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
      if (request.status >= 200 && request.status < 300) resolve(answer as T);
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

/** Fields a change to the site made while the draft had changed them too (editing/editable.ts Attention). */
export interface Attention {
  source: string;
  by: string;
  at: string;
  conflicts: FieldConflict[];
  /** The change went into the draft (an import while review before publish is on), not on the site. */
  into?: 'draft';
}

/** A translated text whose primary text changed: what the primary text said then, and says now. */
export interface OutdatedText {
  /** title, description, imageAlt, extra.<field>; a page's text key. */
  field: string;
  was: string;
  now: string;
}

export interface SheetSummary {
  id: string;
  title: string;
  status: SheetStatus;
  languages: string[];
  revision: number;
  updatedAt: string | null;
  updatedBy: string | null;
  attention: boolean;
  /** The languages with a text whose primary text changed since it was translated. */
  outdated: string[];
  image: { url: string; alt: string } | null;
  scheduled: { action: string; dueAt: string } | null;
}

export interface SheetList {
  total: number;
  offset: number;
  languages: string[];
  sheets: SheetSummary[];
}

export interface Schedule {
  id: number;
  action: 'publish' | 'unpublish';
  dueAt: string;
  by: string;
}

/** A sheet as the editing API answers it (schemas.ts, SheetViewSchema). */
export interface SheetView {
  id: string;
  label: string;
  status: SheetStatus;
  revision: number;
  draft: SheetState;
  published: SheetState | null;
  updatedAt: string | null;
  updatedBy: string | null;
  attention: Attention | null;
  review: ReviewView | null;
  /** The open release it is in: published with it, never alone. */
  release: { id: string; name: string } | null;
  /** Per language, the texts whose primary text changed since they were translated or confirmed. */
  outdated: Record<string, OutdatedText[]>;
  /** The site's last change to it was a publish, which can be taken back. */
  undoablePublish: boolean;
  /** Its page on the site, when published. */
  siteUrl: string | null;
  schedules: Schedule[];
  siteLanguages: string[];
  /** The addresses it had on the site, newest first: each leads to its page. */
  oldAddresses: string[];
  documentVersions: Array<{ assetId: string; version: number; url: string; withdrawn: boolean }>;
}

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
export const fileUrl = (context: StudioContext, sha256: string) => `${context.basePath}/studio/api/files/${sha256}`;
