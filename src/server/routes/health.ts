/**
 * Health for load balancers and orchestrators: {base}/healthz says the process is up, and (without
 * asking the store) whether the store answered last time and how many queries went to it;
 * {base}/readyz says it can serve (the store answers reads, and it is not shutting down; its body
 * says when writes are failing, and when the CDN's purges are).
 */
import type { FastifyInstance } from 'fastify';
import { pingDatabase, type OpenStore } from '../../cms/database';
import type { PurgeStatus } from '../../cdn/sender';

export interface Lifecycle {
  /** Set on SIGTERM: the process finishes what it has and takes no more. */
  draining: boolean;
}

export function registerHealth(
  app: FastifyInstance,
  store: OpenStore,
  basePath: string,
  lifecycle: Lifecycle,
  purges: () => PurgeStatus | null = () => null,
): void {
  app.get(`${basePath}/healthz`, (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({
      status: 'ok',
      store: { available: store.breaker.available, queries: store.breaker.admitted, writeFailure: store.breaker.writeFailure },
    }),
  );

  app.get(`${basePath}/readyz`, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (lifecycle.draining) return reply.code(503).header('Retry-After', '5').send({ status: 'draining' });
    try {
      await pingDatabase(store);
      // Ready while reads work: a full disk fails writes, and taking every instance out of a load
      // balancer for it would take the readable site down too.
      const { writeFailure } = store.breaker;
      // Purges that fail leave the CDN serving what it has: ready, and saying so.
      const purging = purges();
      return {
        status: 'ready',
        ...(writeFailure === null ? {} : { writes: `failing: ${writeFailure}` }),
        ...(purging === null || purging.failingSince === null
          ? {}
          : { purges: `failing since ${purging.failingSince} at ${purging.target}: ${purging.lastError}` }),
      };
    } catch (error) {
      request.log.warn({ err: error }, 'the content store does not answer');
      return reply.code(503).header('Retry-After', '5').send({ status: 'unavailable' });
    }
  });
}
