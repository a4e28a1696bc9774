/**
 * Server-side sessions (issue "Visitors and sessions"): 256-bit random ids, stored only as
 * hashes; a new id at every sign-in; an idle timeout and an absolute lifetime enforced here, on
 * every request that presents one. Reading a session is never activity; only touch() extends it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ContentStore } from '../cms/database';
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  touchSession,
  type SessionRow,
  type SessionWithAccount,
} from '../cms/repositories/sessions';
import type { Role } from '../cms/schema';
import { parseCookies, serializeSessionCookie, serializeSignedInCookie, sessionCookieName } from './cookies';

export interface SessionSettings {
  idleMs: number;
  absoluteMs: number;
  secureCookie: boolean;
  now?: () => number;
}

export interface LiveSession {
  idHash: string;
  userId: string;
  /** The account's role as the session was read: a change of role applies from the next request. */
  role: Role;
  /** The account signed in with a temporary password: it must choose its own before anything else. */
  mustChangePassword: boolean;
  csrfToken: string;
  /** When the session ends if nothing extends it: the idle limit, capped by the absolute one. */
  idleExpiresAt: number;
  absoluteExpiresAt: number;
}

export type SessionLookup = { state: 'none' } | { state: 'live'; session: LiveSession } | { state: 'expired' };

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export class SessionService {
  readonly cookieName: string;
  private readonly now: () => number;

  constructor(
    private readonly db: ContentStore,
    private readonly settings: SessionSettings,
  ) {
    this.cookieName = sessionCookieName(settings.secureCookie);
    this.now = settings.now ?? Date.now;
  }

  /** Starts a session for a user; the one the request presented (if any) ends. */
  async create(request: FastifyRequest, user: { id: string; role: Role; must_change_password: number }): Promise<{ cookies: string[]; session: LiveSession }> {
    const previous = this.idOf(request);
    if (previous !== undefined) await deleteSession(this.db, hashOf(previous));
    const id = randomBytes(32).toString('base64url');
    const now = this.now();
    const row: SessionRow = {
      id_hash: hashOf(id),
      user_id: user.id,
      csrf_token: randomBytes(24).toString('base64url'),
      created_at: now,
      last_activity_at: now,
      absolute_expires_at: now + this.settings.absoluteMs,
    };
    await insertSession(this.db, row);
    const options = { maxAgeSeconds: Math.ceil(this.settings.absoluteMs / 1000), secure: this.settings.secureCookie };
    const cookies = [serializeSessionCookie(this.cookieName, id, options), serializeSignedInCookie(true, options)];
    return { cookies, session: this.toLive({ ...row, role: user.role, disabled_at: null, must_change_password: user.must_change_password }) };
  }

  /** The request's session, without extending it. */
  async read(request: FastifyRequest): Promise<SessionLookup> {
    const id = this.idOf(request);
    if (id === undefined) return { state: 'none' };
    if (!SESSION_ID.test(id)) return { state: 'expired' };
    const row = await findSession(this.db, hashOf(id));
    if (row === undefined) return { state: 'expired' };
    const session = this.toLive(row);
    // A disabled account's sessions are deleted when it is disabled; this covers a row written meanwhile.
    if (this.now() >= session.idleExpiresAt || row.disabled_at !== null) {
      await deleteSession(this.db, row.id_hash);
      return { state: 'expired' };
    }
    return { state: 'live', session };
  }

  /** The visitor acted: the idle timer starts again (never past the absolute lifetime). */
  async touch(session: LiveSession): Promise<LiveSession> {
    const now = this.now();
    await touchSession(this.db, session.idHash, now);
    return { ...session, idleExpiresAt: Math.min(now + this.settings.idleMs, session.absoluteExpiresAt) };
  }

  async end(session: LiveSession): Promise<void> {
    await deleteSession(this.db, session.idHash);
  }

  /** The clock sessions are timed by (injectable for tests). */
  currentTime(): number {
    return this.now();
  }

  /** Set-Cookie values that remove the session cookie and its signed-in hint. */
  clearCookies(): string[] {
    const options = { maxAgeSeconds: 0, secure: this.settings.secureCookie };
    return [serializeSessionCookie(this.cookieName, '', options), serializeSignedInCookie(false, options)];
  }

  async deleteExpired(): Promise<number> {
    return deleteExpiredSessions(this.db, this.now(), this.settings.idleMs);
  }

  private idOf(request: FastifyRequest): string | undefined {
    return parseCookies(request.headers.cookie).get(this.cookieName);
  }

  private toLive(row: SessionWithAccount): LiveSession {
    const absoluteExpiresAt = Number(row.absolute_expires_at);
    return {
      idHash: row.id_hash,
      userId: row.user_id,
      role: row.role,
      mustChangePassword: Number(row.must_change_password) === 1,
      csrfToken: row.csrf_token,
      idleExpiresAt: Math.min(Number(row.last_activity_at) + this.settings.idleMs, absoluteExpiresAt),
      absoluteExpiresAt,
    };
  }
}
