/**
 * Who may use the editing API, checked on the server for every request (docs/editing.md, "The
 * editing API"): a guest gets 401, an account without the route's role 403; a state-changing
 * request must come from this site (Origin / Sec-Fetch-Site) and carry the session's CSRF token;
 * each account has a request budget per minute (429 with Retry-After). Nothing here is cached by
 * anyone: every answer is `no-store`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentStore } from '../cms/database';
import { findUser } from '../cms/repositories/users';
import type { Role } from '../cms/schema';
import type { Actor } from '../editing/audit';
import { ApiError, ERROR_CODES, MESSAGES } from '../shared/errors';
import { RateLimiter } from '../http/rate-limiter';
import { isSameOriginRequest } from '../http/same-origin';
import type { LiveSession, SessionService } from '../http/session-service';

/** Requests per account per minute: generous for a person in the studio, a wall for a runaway script. */
export const EDITING_RATE_LIMITS = { reads: 600, writes: 120 } as const;

export const CONTENT_ROLES: readonly Role[] = ['admin', 'editor'];
export const ADMIN_ROLES: readonly Role[] = ['admin'];

/** Who calls an operation: their session, and the name the audit log gives them. */
export interface Caller {
  session: LiveSession;
  actor: Actor;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

export function createGuard(options: { db: ContentStore; sessions: SessionService; basePath: string; originOf: (request: FastifyRequest) => string }) {
  const { db, sessions, basePath, originOf } = options;
  const clock = () => sessions.currentTime();
  const reads = new RateLimiter(EDITING_RATE_LIMITS.reads, 60_000, clock);
  const writes = new RateLimiter(EDITING_RATE_LIMITS.writes, 60_000, clock);

  /** The signed-in account behind a request, if it has one of `roles`; refuses the request otherwise. */
  return async function require(request: FastifyRequest, reply: FastifyReply, roles: readonly Role[]): Promise<Caller> {
    reply.header('Cache-Control', 'no-store');
    const changes = !READ_METHODS.has(request.method);
    if (changes && !isSameOriginRequest(request, originOf(request))) throw new ApiError(403, ERROR_CODES.FORBIDDEN, MESSAGES.CROSS_SITE_REFUSED);
    const lookup = await sessions.read(request);
    if (lookup.state !== 'live') {
      if (lookup.state === 'expired') reply.header('Set-Cookie', sessions.clearCookies());
      throw new ApiError(401, ERROR_CODES.INVALID_SESSION_ID, 'Sign in to use the studio.');
    }
    const { session } = lookup;
    if (session.mustChangePassword)
      throw new ApiError(403, ERROR_CODES.FORBIDDEN, `This account signed in with a temporary password: choose your own first, at ${basePath}/password.`);
    if (!roles.includes(session.role)) {
      const needed = roles.length === 1 ? `the ${roles[0]} role` : `one of the roles ${roles.join(', ')}`;
      throw new ApiError(403, ERROR_CODES.FORBIDDEN, `This needs ${needed}; your account is ${article(session.role)} ${session.role}.`);
    }
    if (changes && request.headers['x-csrf-token'] !== session.csrfToken) throw new ApiError(403, ERROR_CODES.FORBIDDEN, MESSAGES.CROSS_SITE_REFUSED);
    const budget = changes ? writes : reads;
    const wait = budget.retryAfter(session.userId);
    if (wait > 0) {
      reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw new ApiError(429, ERROR_CODES.TOO_MANY_REQUESTS, 'Too many requests from this account. Please wait a moment and try again.');
    }
    budget.record(session.userId);
    const user = await findUser(db, session.userId);
    return { session, actor: { id: session.userId, label: user?.email ?? session.userId } };
  };
}

export type Guard = ReturnType<typeof createGuard>;

const article = (word: string) => (/^[aeiou]/.test(word) ? 'an' : 'a');
