/**
 * The browser's side of the session API (server/routes/session-routes.ts). Reading the session
 * is not activity; continue() and activity() are, and both carry the session's CSRF token.
 */

export interface LiveSessionState {
  isGuest: false;
  userId: string;
  idleExpiresAt: string;
  serverTime: string;
  csrfToken: string;
}

export type SessionState = { isGuest: true } | LiveSessionState | { expired: true };

/** Milliseconds until the session ends, measured on the server's clock. */
export function remainingMs(state: LiveSessionState): number {
  return Date.parse(state.idleExpiresAt) - Date.parse(state.serverTime);
}

export function createSessionApi(basePath: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  const call = async (method: 'GET' | 'POST', path: string, csrfToken?: string): Promise<Response> =>
    fetchImpl(`${basePath}${path}`, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(csrfToken ? { 'X-CSRF-Token': csrfToken } : {}) },
    });

  const state = async (response: Response): Promise<SessionState> => {
    if (response.status === 401) return { expired: true };
    if (!response.ok) throw new Error(`The session check failed with status ${response.status}`);
    return (await response.json()) as SessionState;
  };

  return {
    read: async () => state(await call('GET', '/api/session')),
    continueWorking: async (csrfToken: string) => state(await call('POST', '/api/session/continue', csrfToken)),
    activity: async (csrfToken: string) => state(await call('POST', '/api/session/activity', csrfToken)),
    logOut: async (csrfToken: string) => {
      await call('POST', '/logout', csrfToken);
    },
  };
}

export type SessionApi = ReturnType<typeof createSessionApi>;
