/** Reading and writing the session cookie and its signed-in hint. */
import { SIGNED_IN_COOKIE } from '../shared/constants';

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    // The first occurrence wins, as browsers send the most specific cookie first.
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
}

/** HttpOnly, SameSite=Lax, Path=/, no Domain; Secure over HTTPS. */
export function serializeSessionCookie(name: string, value: string, { maxAgeSeconds, secure }: CookieOptions): string {
  return [`${name}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])].join('; ');
}

/**
 * The signed-in hint (SIGNED_IN_COOKIE): readable by script (no HttpOnly), otherwise set as the
 * session cookie is; it holds no secret and grants nothing.
 */
export function serializeSignedInCookie(signedIn: boolean, { maxAgeSeconds, secure }: CookieOptions): string {
  return [
    `${SIGNED_IN_COOKIE}=${signedIn ? '1' : ''}`,
    'Path=/',
    `Max-Age=${signedIn ? maxAgeSeconds : 0}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function sessionCookieName(secure: boolean): string {
  // The __Host- prefix makes the browser refuse the cookie unless it is Secure, Path=/ and has no Domain.
  return secure ? '__Host-ls_session' : 'ls_session';
}
