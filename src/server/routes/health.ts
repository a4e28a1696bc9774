/**
 * Health for load balancers and orchestrators: {base}/healthz says the process is up, and (without
 * asking the store) whether the store answered last time and how many queries went to it;
 * {base}/readyz says it can serve (the store answers, and it is not shutting down).
 */
import type { FastifyInstance } from 'fastify';
import { pingDatabase, type OpenStore } from '../../cms/database';

export interface Lifecycle {
  /** Set on SIGTERM: the process finishes what it has and takes no more. */
  draining: boolean;
}

export function registerHealth(app: FastifyInstance, store: OpenStore, basePath: string, lifecycle: Lifecycle): void {
  app.get(`${basePath}/healthz`, (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ status: 'ok', store: { available: store.breaker.available, queries: store.breaker.admitted } }),
  );

  app.get(`${basePath}/readyz`, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (lifecycle.draining) return reply.code(503).header('Retry-After', '5').send({ status: 'draining' });
    try {
      await pingDatabase(store);
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'the content store does not answer');
      return reply.code(503).header('Retry-After', '5').send({ status: 'unavailable' });
    }
  });
}
