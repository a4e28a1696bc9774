/**
 * One error handler and one not-found handler for the whole app. Delivery API paths answer with
 * the platform's error array; pages answer with a small HTML page. Nothing internal (stack, path,
 * SQL) ever reaches a body: unexpected errors are logged and answered with a generic 500.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StoreUnavailableError, StoreWriteError } from '../cms/store-guard';
import { ApiError, ERROR_CODES, MESSAGES, type ApiErrorItem } from '../shared/errors';
import { SECURITY_HEADERS } from '../http/security-headers';
import { renderErrorDocument } from './ssr/error-document';

export interface ErrorResponder {
  onError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply;
  onNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/** Whether errors at this path are answered as the JSON list (else as the HTML error document). */
export function createApiPathTest(basePath: string): (path: string) => boolean {
  // The delivery API (every version), the studio's API and the site's own JSON API (/api/session).
  const prefixes = [`${basePath}/services/data/`, `${basePath}/studio/api/`, `${basePath}/api/`];
  return (path) => prefixes.some((prefix) => path.startsWith(prefix));
}

export function createErrorResponder(basePath: string): ErrorResponder {
  const isApiPath = createApiPathTest(basePath);
  const isApiRequest = (request: FastifyRequest) => isApiPath(request.url);
  return {
    onNotFound(request, reply) {
      if (isApiRequest(request)) return sendApiError(reply, 404, [{ errorCode: ERROR_CODES.NOT_FOUND, message: MESSAGES.NOT_FOUND }]);
      return sendHtmlError(reply, 404, 'Page not found', 'The page you asked for does not exist.', basePath);
    },
    onError(error, request, reply) {
      if (error instanceof StoreWriteError) {
        // This write failed (a full disk, another writer): this request alone, saying why.
        request.log.warn({ reason: error.message, code: error.code }, 'a write to the content store failed');
        if (error.retryAfterMs !== null) reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
        if (isApiRequest(request))
          return sendApiError(reply, error.status, [
            { errorCode: error.status === 507 ? ERROR_CODES.INSUFFICIENT_STORAGE : ERROR_CODES.SERVICE_UNAVAILABLE, message: error.message },
          ]);
        return sendHtmlError(reply, error.status, 'Not saved', error.message, basePath);
      }
      const retryAfterSeconds = retryAfterOf(error);
      if (retryAfterSeconds !== null) {
        // The store is down or busy: a short, clean refusal the client (or CDN) can retry.
        request.log.warn({ reason: (error as Error).message, code: (error as { code?: unknown }).code }, 'the store could not answer');
        reply.header('Retry-After', String(retryAfterSeconds));
        const message = 'The service is briefly unavailable. Please try again in a moment.';
        if (isApiRequest(request)) return sendApiError(reply, 503, [{ errorCode: ERROR_CODES.SERVICE_UNAVAILABLE, message }]);
        return sendHtmlError(reply, 503, 'Briefly unavailable', message, basePath);
      }
      const { status, item } = classify(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ errorCode: item.errorCode, status }, 'request refused');
      if (isApiRequest(request)) return sendApiError(reply, status, [item]);
      return sendHtmlError(reply, status, status >= 500 ? 'Something went wrong' : 'Bad request', item.message, basePath);
    },
  };
}

/** Routes every error and unknown path of the app through the responder. */
export function registerErrorHandlers(app: FastifyInstance, responder: ErrorResponder): void {
  app.setNotFoundHandler((request, reply) => responder.onNotFound(request, reply));
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => responder.onError(error, request, reply));
}

/** Seconds after which a retry may succeed, for errors that mean "the store cannot answer now". */
function retryAfterOf(error: unknown): number | null {
  if (error instanceof StoreUnavailableError) return Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  // SQLite: another writer holds the file (an import running); a write can be retried shortly.
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code)) return 1;
  return null;
}

function classify(error: FastifyError | ApiError): { status: number; item: ApiErrorItem } {
  if (error instanceof ApiError) return { status: error.status, item: error.toBody()[0]! };
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Framework-level refusals (malformed URL, body too large, …): their messages hold no internals.
    return { status, item: { errorCode: status === 429 ? ERROR_CODES.TOO_MANY_REQUESTS : ERROR_CODES.INVALID_API_INPUT, message: error.message } };
  }
  return { status: 500, item: { errorCode: ERROR_CODES.UNKNOWN_EXCEPTION, message: MESSAGES.UNKNOWN_EXCEPTION } };
}

function sendApiError(reply: FastifyReply, status: number, body: ApiErrorItem[]) {
  return reply.code(status).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(body);
}

function sendHtmlError(reply: FastifyReply, status: number, title: string, message: string, basePath: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(renderErrorDocument({ status, title, message, basePath }));
}

const CLIENT_ERRORS: Record<number, { title: string; message: string }> = {
  400: { title: 'Bad request', message: 'The request could not be read.' },
  408: { title: 'Request timeout', message: 'The request took too long to arrive.' },
  431: { title: 'Request too large', message: 'The address or the headers of the request are too large.' },
};

/** Fastify types rawPacket loosely; Node gives the request's bytes as a Buffer. */
type ClientError = Error & { code?: string; rawPacket?: unknown };

const CLIENT_ERROR_LINGER_MS = 2000;

/**
 * Answers what Node's HTTP parser refuses before any route sees it (a request line or headers
 * over the limit: 431; bytes that are not HTTP: 400; a client too slow: 408) with the same error
 * list or document as every other error. Only the raw bytes are known: the path comes from the
 * request line when it is there, and the answer is the HTML document when it is not.
 */
export function createClientErrorHandler(basePath: string): (error: ClientError, socket: Socket) => void {
  const isApiPath = createApiPathTest(basePath);
  // The parser stays failed, so every further chunk the client sends reports the error again.
  const answered = new WeakSet<Socket>();
  return (error, socket) => {
    // A reset connection has nobody left to answer; an answered one has had its answer.
    if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    // A response to an earlier request on this connection is under way (pipelining): an answer
    // written now would land inside it, or be read as its answer. Only closing is safe.
    if ((socket as Socket & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const { title, message } = CLIENT_ERRORS[status] as { title: string; message: string };
    const requestLine = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.subarray(0, 8192).toString('latin1') : '';
    const path = /^[A-Z]{1,20} (\S+)/.exec(requestLine)?.[1] ?? '';
    const json = isApiPath(path);
    const body = json ? JSON.stringify([{ errorCode: ERROR_CODES.INVALID_API_INPUT, message }]) : renderErrorDocument({ status, title, message, basePath });
    const headers: Record<string, string | number> = {
      ...SECURITY_HEADERS,
      'cache-control': 'no-store',
      'content-type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    };
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)].join('\r\n');
    socket.end(`${head}\r\n\r\n${body}`);
    // Closing at once could reset the connection before the client has read the answer (unread
    // bytes of its request are still coming); a client that does not close in time is cut off.
    setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
  };
}
