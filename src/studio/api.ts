/**
 * The studio's calls to the editing API: the session's CSRF token on every change, JSON in and
 * out, and the API's error list turned into one message a person can read.
 */
export interface StudioContext {
  basePath: string;
  csrfToken: string;
}

export class StudioError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

/** The words of the API's error list (`[{errorCode, message}]`), or what the status says. */
export function messageOf(answer: unknown, status: number): string {
  return Array.isArray(answer) && typeof answer[0]?.message === 'string' ? (answer[0].message as string) : `The server answered ${status}`;
}

export async function callApi<T>(context: StudioContext, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${context.basePath}/studio/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(method === 'GET' ? {} : { 'x-csrf-token': context.csrfToken }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    throw new StudioError(messageOf(answer, response.status), response.status);
  }
  return answer as T;
}

export type SheetStatus = 'draft' | 'published' | 'changed';

export interface SheetSummary {
  id: string;
  title: string;
  status: SheetStatus;
  languages: string[];
  revision: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface SheetList {
  total: number;
  offset: number;
  sheets: SheetSummary[];
}
