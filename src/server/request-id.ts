/** Request ids: a proxy's X-Request-Id when it looks like one (so logs join across tiers), else a new UUID. */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
