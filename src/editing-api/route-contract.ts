/**
 * Registering the editing API's handlers by the operations of its table
 * (editing-contract/operations.ts): a route's method, path and contract are the operation's, so
 * the OpenAPI document (openapi.ts), the studio's client and the server cannot name different ones.
 *
 * @example
 *   on(app, context, editingApi.sheets.saveSeo, async ({ caller, body }, request, reply) => …);
 *
 * Before a handler runs, its operation's role is checked (guard.ts) and its query and body are read
 * by the operation's schemas (requests.ts: every problem with its field, worded as the spec says):
 * the handler is given who calls and what they sent, typed by the table. Fastify's own validator
 * is not used, for the reasons decision 042 gives (its answers' wording, one problem at a time).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Operation, PathParams } from '../editing-contract/operations';
import { ADMIN_ROLES, CONTENT_ROLES, type Caller, type Guard } from './guard';
import { readInput, readQueryString } from './requests';

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

/** Fastify's request for an operation: its path's parameters by name; query and body as sent (the operation's reader checks them). */
export interface OperationRequest<O extends Operation, Params = PathParams<O['path']>> extends RouteGenericInterface {
  Params: Params;
  Querystring: Record<string, string | undefined>;
  Body: unknown;
}

/** What a handler of the operation is given: who calls, with the operation's role; the query and the body, checked by the operation's schemas. */
export interface Received<O extends Operation> {
  caller: Caller;
  query: O['query'] extends TSchema ? Static<O['query']> : undefined;
  body: O['body'] extends TSchema ? Static<O['body']> : undefined;
}

/** Where the editing API's handlers are registered, and the guard that checks who calls them. */
export interface OperationRoot {
  /** {basePath}/studio/api */
  root: string;
  guard: Guard;
}

export interface OperationOptions {
  /** What Fastify takes besides: a larger body limit. */
  bodyLimit?: number;
  /**
   * The body's envelope checked here, where the table's schema describes more than this reader
   * should check: a save's state is checked by its kind's editing model, which names its problems
   * from the state's own root.
   */
  bodyChecked?: TSchema;
}

/**
 * Registers the handler of one operation under `at.root`. A handler for the operations of every
 * editable kind names its parameters itself (their paths are not literal there).
 */
export function on<O extends Operation, Params = PathParams<O['path']>>(
  app: FastifyInstance,
  at: OperationRoot,
  operation: O,
  handler: (received: Received<O>, request: FastifyRequest<OperationRequest<O, Params>>, reply: FastifyReply) => unknown,
  options: OperationOptions = {},
): void {
  const roles = operation.role === 'admin' ? ADMIN_ROLES : CONTENT_ROLES;
  const bodySchema = options.bodyChecked ?? operation.body;
  app.route<OperationRequest<O, Params>>({
    method: operation.method,
    url: `${at.root}${operation.path}`,
    config: { contract: operation },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    handler: async (request, reply) => {
      const caller = await at.guard(request, reply, roles);
      const query = operation.query === undefined ? undefined : readQueryString(operation.query, request.query);
      const body = bodySchema === undefined ? undefined : readInput(bodySchema, request.body, nameOf(bodySchema));
      return handler({ caller, query, body } as Received<O>, request, reply);
    },
  });
}

/** What a body is called in its problems' message ("The account is not valid: …"): its schema's title, or "request". */
const nameOf = (schema: TSchema & { title?: unknown }): string => (typeof schema.title === 'string' ? schema.title : 'request');

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
