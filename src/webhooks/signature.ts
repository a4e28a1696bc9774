/**
 * A delivery's signature, the scheme Stripe and GitHub use: HMAC-SHA256, keyed by the webhook's
 * secret, over the timestamp, a dot and the body as sent. The header reads
 * `Literature-Signature: t=1700000000,v1=<64 hex digits>`. A receiver computes the same and
 * compares in constant time, and refuses a timestamp far from its clock (a replayed delivery).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'literature-signature';

/** A new secret: 32 random bytes, as receivers paste it (`whsec_` and base64url). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function digest(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The header's value for `body` sent at `timestamp` (seconds since 1970). */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
}

/** What a receiver does (docs/operations.md shows it): whether `header` signs `body` with `secret`, within `toleranceSeconds` of `now`. */
export function verifyDelivery(secret: string, header: string, body: string, { now = Date.now(), toleranceSeconds = 300 } = {}): boolean {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = Buffer.from(digest(secret, timestamp, body), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
