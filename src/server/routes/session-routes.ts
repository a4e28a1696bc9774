/**
 * Signing in and out, and the session API the browser asks where it stands (issue "Visitors and
 * sessions"):
 *   GET  {base}/login · POST {base}/login · POST {base}/logout
 *   GET  {base}/api/session (never activity) · POST {base}/api/session/continue · POST {base}/api/session/activity
 * State-changing requests must come from this site and, once signed in, carry the session's CSRF
 * token. Nothing here is cached by anyone.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContentStore } from '../../cms/database';
import { findUser, findUserByEmail } from '../../cms/repositories/users';
import { AccountError, changeOwnPassword } from '../../editing/accounts';
import { SIGNED_IN_COOKIE } from '../../shared/constants';
import { ApiError, ERROR_CODES, MESSAGES } from '../../shared/errors';
import { classifyLink } from '../../shared/links';
import { decoyHash, MAX_PASSWORD_LENGTH, verifyPassword } from '../../editing/passwords';
import { parseCookies } from '../../http/cookies';
import { RateLimiter } from '../../http/rate-limiter';
import { isSameOriginRequest } from '../../http/same-origin';
import type { LiveSession, SessionService } from '../../http/session-service';
import type { ClientAssets } from '../ssr/client-assets';
import { renderLoginDocument, renderPasswordDocument, type PasswordPage } from '../ssr/login-document';

export interface SessionRoutesOptions {
  db: ContentStore;
  sessions: SessionService;
  basePath: string;
  assets: ClientAssets;
  /** The site's origin as browsers send it in Origin headers. */
  originOf: (request: FastifyRequest) => string;
}

const PRIVATE = 'private, no-store';
const SIGN_IN_FAILED = 'The email or password is incorrect.';
const ACCOUNT_DISABLED = 'This account is disabled. Ask the site administrator to enable it.';
const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please try again in a few minutes.';

/** What the browser learns about its session (issue: {isGuest, userId, idleExpiresAt}). */
export function sessionState(session: LiveSession, now: number) {
  return {
    isGuest: false,
    userId: session.userId,
    role: session.role,
    idleExpiresAt: new Date(session.idleExpiresAt).toISOString(),
    absoluteExpiresAt: new Date(session.absoluteExpiresAt).toISOString(),
    // The browser schedules from the server's clock, not its own.
    serverTime: new Date(now).toISOString(),
    csrfToken: session.csrfToken,
  };
}

/** What the session routes share: the rate limits of sign-in, and the checks of a state-changing request. */
interface SessionRouteContext extends SessionRoutesOptions {
  perAddress: RateLimiter;
  perAccount: RateLimiter;
  refuseCrossSite: (request: FastifyRequest) => void;
  /** The live session of a state-changing request, its CSRF token checked; 401 when there is none. */
  requireSession: (request: FastifyRequest, reply: FastifyReply) => Promise<LiveSession>;
}

export function registerSessionRoutes(app: FastifyInstance, options: SessionRoutesOptions): void {
  const { sessions, originOf } = options;
  const clock = () => sessions.currentTime();
  const perAddress = new RateLimiter(20, 10 * 60_000, clock);
  const perAccount = new RateLimiter(5, 15 * 60_000, clock);

  // Forms post application/x-www-form-urlencoded.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const refuseCrossSite = (request: FastifyRequest) => {
    if (!isSameOriginRequest(request, originOf(request))) throw new ApiError(403, ERROR_CODES.FORBIDDEN, MESSAGES.CROSS_SITE_REFUSED);
  };

  /** The live session of a state-changing request, its CSRF token checked; 401 when there is none. */
  const requireSession = async (request: FastifyRequest, reply: FastifyReply): Promise<LiveSession> => {
    refuseCrossSite(request);
    const lookup = await sessions.read(request);
    if (lookup.state !== 'live') {
      if (lookup.state === 'expired') reply.header('Set-Cookie', sessions.clearCookies());
      throw new ApiError(401, ERROR_CODES.INVALID_SESSION_ID, MESSAGES.SESSION_EXPIRED);
    }
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = request.headers['x-csrf-token'] ?? body.csrf;
    if (token !== lookup.session.csrfToken) throw new ApiError(403, ERROR_CODES.FORBIDDEN, MESSAGES.CROSS_SITE_REFUSED);
    return lookup.session;
  };

  const context = { ...options, perAddress, perAccount, refuseCrossSite, requireSession };
  registerSessionApi(app, context);
  registerSignIn(app, context);
  registerPasswordChange(app, context);
  registerSignOut(app, context);
}

/** The browser's view of its session, and the two things that extend it. */
function registerSessionApi(app: FastifyInstance, { sessions, basePath, requireSession }: SessionRouteContext): void {
  app.get(`${basePath}/api/session`, async (request, reply) => {
    reply.header('Cache-Control', PRIVATE).header('Vary', 'Cookie');
    const lookup = await sessions.read(request);
    if (lookup.state === 'none') {
      // A signed-in hint outliving its session (a changed cookie name, a cleared session cookie)
      // would load the session code on every page: it goes.
      if (parseCookies(request.headers.cookie).has(SIGNED_IN_COOKIE)) reply.header('Set-Cookie', sessions.clearCookies());
      return { isGuest: true };
    }
    if (lookup.state === 'expired') {
      reply.header('Set-Cookie', sessions.clearCookies());
      throw new ApiError(401, ERROR_CODES.INVALID_SESSION_ID, MESSAGES.SESSION_EXPIRED);
    }
    return sessionState(lookup.session, sessions.currentTime());
  });

  // "Continue Working" and the visitor's own actions are the only things that extend a session.
  for (const action of ['continue', 'activity']) {
    app.post(`${basePath}/api/session/${action}`, async (request, reply) => {
      reply.header('Cache-Control', PRIVATE);
      const session = await sessions.touch(await requireSession(request, reply));
      return sessionState(session, sessions.currentTime());
    });
  }
}

/** The sign-in form and its answer, at most so many attempts per address and per account. */
function registerSignIn(app: FastifyInstance, { db, sessions, basePath, assets, perAddress, perAccount, refuseCrossSite }: SessionRouteContext): void {
  app.get<{ Querystring: { returnTo?: string } }>(`${basePath}/login`, async (request, reply) => {
    const lookup = await sessions.read(request);
    if (lookup.state === 'expired') reply.header('Set-Cookie', sessions.clearCookies());
    return sendLogin(reply, 200, {
      basePath,
      assets,
      returnTo: safeReturnTo(request.query.returnTo, basePath),
      email: '',
      error: null,
      signedIn: lookup.state === 'live' ? { csrfToken: lookup.session.csrfToken } : null,
    });
  });

  app.post<{ Body: Record<string, string | undefined> }>(`${basePath}/login`, async (request, reply) => {
    refuseCrossSite(request);
    const email = String(request.body?.email ?? '')
      .trim()
      .toLowerCase()
      .slice(0, 320);
    const password = String(request.body?.password ?? '');
    const returnTo = safeReturnTo(request.body?.returnTo, basePath);
    const page = { basePath, assets, returnTo, email, signedIn: null };

    const wait = Math.max(perAddress.retryAfter(request.ip), perAccount.retryAfter(email));
    if (wait > 0) {
      reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      return sendLogin(reply, 429, { ...page, error: TOO_MANY_ATTEMPTS });
    }
    // Counted before the password is checked, so attempts sent all at once are counted too.
    perAddress.record(request.ip);
    perAccount.record(email);

    const user = email === '' || email.includes('\u0000') ? undefined : await findUserByEmail(db, email);
    // An unknown account costs as much as a wrong password, and reads the same.
    const valid = (await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), user?.password_hash ?? (await decoyHash()))) && user !== undefined;
    if (!valid) {
      return sendLogin(reply, 401, { ...page, error: SIGN_IN_FAILED });
    }
    // Failures only: an office behind one address signs many people in each morning.
    perAddress.release(request.ip);
    perAccount.reset(email);
    if (user.disabled_at !== null) return sendLogin(reply, 403, { ...page, error: ACCOUNT_DISABLED });
    const { cookies } = await sessions.create(request, user);
    // A temporary password is changed before anything else, then the visitor goes on.
    const next = Number(user.must_change_password) === 1 ? `${basePath}/password?returnTo=${encodeURIComponent(returnTo)}` : returnTo;
    return reply.header('Set-Cookie', cookies).header('Cache-Control', PRIVATE).redirect(next, 303);
  });
}

/** Every account chooses its own password here; one signed in with a temporary password must. */
function registerPasswordChange(app: FastifyInstance, { db, sessions, basePath, assets, perAccount, requireSession }: SessionRouteContext): void {
  app.get<{ Querystring: { returnTo?: string } }>(`${basePath}/password`, async (request, reply) => {
    const lookup = await sessions.read(request);
    const returnTo = safeReturnTo(request.query.returnTo, basePath);
    if (lookup.state !== 'live') {
      if (lookup.state === 'expired') reply.header('Set-Cookie', sessions.clearCookies());
      return reply.redirect(`${basePath}/login?returnTo=${encodeURIComponent(`${basePath}/password?returnTo=${encodeURIComponent(returnTo)}`)}`, 303);
    }
    const user = await findUser(db, lookup.session.userId);
    return sendPassword(reply, 200, {
      basePath,
      assets,
      returnTo,
      email: user?.email ?? '',
      csrfToken: lookup.session.csrfToken,
      required: lookup.session.mustChangePassword,
      error: null,
    });
  });

  app.post<{ Body: Record<string, string | undefined> }>(`${basePath}/password`, async (request, reply) => {
    const session = await requireSession(request, reply);
    const returnTo = safeReturnTo(request.body?.returnTo, basePath);
    const user = await findUser(db, session.userId);
    const page = { basePath, assets, returnTo, email: user?.email ?? '', csrfToken: session.csrfToken, required: session.mustChangePassword };
    const [current, next, repeat] = [request.body?.current ?? '', request.body?.next ?? '', request.body?.repeat ?? ''];
    if (next !== repeat) return sendPassword(reply, 400, { ...page, error: 'The two new passwords are not the same.' });
    // The current password is guessed no faster here than at sign-in.
    const attempts = `password:${session.userId}`;
    const wait = perAccount.retryAfter(attempts);
    if (wait > 0) {
      reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      return sendPassword(reply, 429, { ...page, error: TOO_MANY_ATTEMPTS });
    }
    perAccount.record(attempts);
    try {
      await changeOwnPassword(db, session.userId, current, next, session.idHash);
    } catch (error) {
      if (error instanceof AccountError) return sendPassword(reply, 400, { ...page, error: `${error.message.replace(/\.?$/, '.')}` });
      throw error;
    }
    perAccount.reset(attempts);
    return reply.header('Cache-Control', PRIVATE).redirect(returnTo, 303);
  });
}

/** Signing out ends the session here and clears its cookies. */
function registerSignOut(app: FastifyInstance, { sessions, basePath, refuseCrossSite }: SessionRouteContext): void {
  app.post(`${basePath}/logout`, async (request, reply) => {
    refuseCrossSite(request);
    const lookup = await sessions.read(request);
    if (lookup.state === 'live') {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if ((request.headers['x-csrf-token'] ?? body.csrf) !== lookup.session.csrfToken)
        throw new ApiError(403, ERROR_CODES.FORBIDDEN, MESSAGES.CROSS_SITE_REFUSED);
      await sessions.end(lookup.session);
    }
    reply.header('Set-Cookie', sessions.clearCookies()).header('Cache-Control', PRIVATE);
    return request.headers.accept?.includes('application/json') ? reply.code(204).send() : reply.redirect(`${basePath}/`, 303);
  });
}

function sendLogin(reply: FastifyReply, status: number, page: Parameters<typeof renderLoginDocument>[0]) {
  return reply.code(status).header('Cache-Control', PRIVATE).type('text/html; charset=utf-8').send(renderLoginDocument(page));
}

function sendPassword(reply: FastifyReply, status: number, page: PasswordPage) {
  return reply.code(status).header('Cache-Control', PRIVATE).type('text/html; charset=utf-8').send(renderPasswordDocument(page));
}

/** Only a path of this site, so sign-in cannot be used to send visitors elsewhere. */
function safeReturnTo(value: unknown, basePath: string): string {
  const fallback = `${basePath}/`;
  if (typeof value !== 'string' || classifyLink(value) !== 'relative') return fallback;
  return basePath === '' || value === basePath || value.startsWith(`${basePath}/`) ? value : fallback;
}
