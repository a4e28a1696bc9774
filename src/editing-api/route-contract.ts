/**
 * Registering the editing API's handlers by the operations of its table
 * (editing-contract/operations.ts): a route's method, path and contract are the operation's, so
 * the OpenAPI document (openapi.ts), the studio's client and the server cannot name different ones.
 *
 * @example
 *   on(app, root, editingApi.sheets.saveSeo, async (request, reply) => …);
 *
 * Input is checked by the handlers against the operation's schemas (`readInput`, `readQuery`), so
 * that every error answer is worded as the spec says, each problem with its field.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { Operation, PathParams } from '../editing-contract/operations';

/** A route of the editing API that is not part of its document, and why. */
export interface LeftOut {
  leftOut: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The editing API's operation the route serves (editing-contract/operations.ts). */
    contract?: Operation | LeftOut;
  }
}

/** Route options for a route deliberately left out of the document. */
export function leftOut(reason: string): { config: { contract: LeftOut } } {
  return { config: { contract: { leftOut: reason } } };
}

/** What a handler of the operation is given: its path's parameters; the query's and body's values unread (the handler checks them). */
export interface OperationRequest<O extends Operation, Params = PathParams<O['path']>> extends RouteGenericInterface {
  Params: Params;
  Querystring: Record<string, string | undefined>;
  Body: unknown;
}

/**
 * Registers the handler of one operation under `root`; `options`, what Fastify takes besides (a
 * larger body limit). A handler for the operations of every editable kind names its parameters
 * itself (their paths are not literal there).
 */
export function on<O extends Operation, Params = PathParams<O['path']>>(
  app: FastifyInstance,
  root: string,
  operation: O,
  handler: (request: FastifyRequest<OperationRequest<O, Params>>, reply: FastifyReply) => unknown,
  options: { bodyLimit?: number } = {},
): void {
  app.route<OperationRequest<O, Params>>({ method: operation.method, url: `${root}${operation.path}`, config: { contract: operation }, ...options, handler });
}

export interface RegisteredRoute {
  method: string;
  /** Fastify's path, e.g. /studio/api/sheets/:id */
  url: string;
  contract: Operation | LeftOut | undefined;
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
