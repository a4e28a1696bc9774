/**
 * The Fastify instance itself: its own server (whose handler asks the front cache first), the
 * logger and its access lines, request ids, and errors Fastify or Node's parser meet before any
 * route (answered like every other error).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { AccessLog, logDestination, requestIdOf, requestLogSerializers } from '../access-log';
import type { AppConfig } from '../config';
import { createClientErrorHandler, type ErrorResponder } from '../errors';

/** Answers a request before Fastify routes it, when it can (the front cache); true when it did. */
export type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

export function createFastify(config: AppConfig, errors: ErrorResponder, fastPath: FastPath): FastifyInstance {
  return Fastify({
    serverFactory: (handler) => {
      const server = createServer((request, response) => fastPath(request, response) || handler(request, response));
      // What Fastify gives a server it makes itself: keep-alive longer than common proxies' (60 s).
      server.keepAliveTimeout = 72_000;
      return server;
    },
    logger: {
      level: config.logLevel,
      // Lines are written in batches after their responses (and what is left when the process exits).
      stream: logDestination(),
      serializers: requestLogSerializers,
    },
    logController: new AccessLog(),
    // A proxy's request id is kept (to follow a request across systems); otherwise a fresh one.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers),
    // While draining, requests on open connections are still answered (with Connection: close).
    return503OnClosing: false,
    trustProxy: false,
    routerOptions: { maxParamLength: 200 },
    // Malformed URLs and bodies are refused before routing; answer them like every other error.
    frameworkErrors: (error, request, reply) => errors.onError(error, request, reply),
    // …and so are requests Node's parser refuses before Fastify sees them (431, 400, 408).
    clientErrorHandler: createClientErrorHandler(config.basePath),
  });
}
