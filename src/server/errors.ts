/**
 * One error handler and one not-found handler for the whole app. Delivery API paths answer with
 * the platform's error array; pages answer with a small HTML page. Nothing internal (stack, path,
 * SQL) ever reaches a body: unexpected errors are logged and answered with a generic 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StoreUnavailableError } from '../cms/store-guard';
import { API_ROOT } from '../shared/constants';
import { ApiError, ERROR_CODES, MESSAGES, type ApiErrorItem } from '../shared/errors';
import { renderErrorDocument } from './ssr/error-document';

export interface ErrorResponder {
  onError(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply): FastifyReply;
  onNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

export function createErrorResponder(basePath: string): ErrorResponder {
  // The delivery API and the site's own JSON API (/api/session) answer errors as JSON arrays.
  const apiPrefixes = [`${basePath}${API_ROOT}/`, `${basePath}/api/`];
  const isApiRequest = (request: FastifyRequest) => apiPrefixes.some((prefix) => request.url.startsWith(prefix));
  return {
    onNotFound(request, reply) {
      if (isApiRequest(request)) return sendApiError(reply, 404, [{ errorCode: ERROR_CODES.NOT_FOUND, message: MESSAGES.NOT_FOUND }]);
      return sendHtmlError(reply, 404, 'Page not found', 'The page you asked for does not exist.', basePath);
    },
    onError(error, request, reply) {
      const retryAfterSeconds = retryAfterOf(error);
      if (retryAfterSeconds !== null) {
        // The store is down or busy: a short, clean refusal the client (or CDN) can retry.
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
  if (error instanceof ApiError) return { status: error.status, item: { errorCode: error.errorCode, message: error.message } };
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
  return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(renderErrorDocument({ status, title, message, basePath }));
}
