/**
 * Each editing API route's contract, declared where the route is registered and read back by the
 * OpenAPI document (openapi.ts): its summary, who may call it, and the very schemas its handler
 * checks input with (`readInput`, `readQuery`), so the document cannot name a different one.
 *
 * @example
 *   app.put(`${root}/sheets/:id/seo`, contract({ summary: 'Save the SEO fields', role: 'editor', body: SaveSeoSchema,
 *     response: { status: 200, schema: SheetViewSchema } }), handler);
 *
 * The schemas only describe: checking stays with the handlers, so that every error answer is worded
 * as the spec says (Fastify's own validation is never switched on).
 */
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';

export interface RouteContract {
  summary: string;
  /** Who may call it: an editor or an admin, or an admin only (guard.ts checks it). */
  role: 'editor' | 'admin';
  /** The query string's schema, as the handler reads it with `readQuery`. */
  query?: TSchema;
  /** The JSON body's schema, as the handler reads it with `readInput`. */
  body?: TSchema;
  /** A multipart upload of one file `file`, and of which kind (its limits). */
  upload?: 'image' | 'document' | 'import';
  /** The success answer; without a schema, its body is not described (HTML, a file, nothing). */
  response?: { status: number; schema?: TSchema; list?: boolean };
}

/** A route of the editing API that is not part of its document, and why. */
export interface LeftOut {
  leftOut: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The editing API's contract of the route (route-contract.ts). */
    contract?: RouteContract | LeftOut;
  }
}

/** Route options carrying a contract, for `app.get(url, contract({…}), handler)`. */
export function contract(declared: RouteContract): { config: { contract: RouteContract } } {
  return { config: { contract: declared } };
}

/** Route options for a route deliberately left out of the document. */
export function leftOut(reason: string): { config: { contract: LeftOut } } {
  return { config: { contract: { leftOut: reason } } };
}

export interface RegisteredRoute {
  method: string;
  /** Fastify's path, e.g. /studio/api/sheets/:id */
  url: string;
  contract: RouteContract | LeftOut | undefined;
}

/**
 * Records the routes registered from now on in `scope` (and the scopes inside it) under `root`.
 * Call it before the routes are registered: Fastify tells an `onRoute` hook only of later ones.
 */
export function collectRoutes(scope: FastifyInstance, root: string): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  scope.addHook('onRoute', (route) => {
    // HEAD is added beside every GET by Fastify itself; it is the GET's contract.
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    if (!route.url.startsWith(`${root}/`)) return;
    const declared = route.config?.contract;
    for (const method of methods) routes.push({ method, url: route.url, contract: declared });
  });
  return routes;
}
