/**
 * Refuses state-changing requests from other sites (issue "Visitors and sessions"): a browser
 * sends Origin with every POST, and Sec-Fetch-Site where Origin may be left out; either must say
 * the request comes from this site. Requests with neither come from programs, not from a page on
 * another site, so they carry no visitor's cookies against the visitor's will.
 */
import type { FastifyRequest } from 'fastify';

export function isSameOriginRequest(request: FastifyRequest, expectedOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === expectedOrigin;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  return true;
}
