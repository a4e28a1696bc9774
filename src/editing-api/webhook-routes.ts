/**
 * Webhooks and the CDN's purges in the editing API (docs/operations.md "Webhooks"):
 *   GET /webhooks · POST /webhooks · PATCH /webhooks/:id · GET /webhooks/:id/deliveries
 *   POST /deliveries/:id/send-again   admins only, as `npm run cli -- webhooks …`
 *   GET /cdn   editors too: what waits to be purged, and why the CDN refused it, if it did
 */
import type { FastifyInstance } from 'fastify';
import { purgeBacklog } from '../cdn/outbox';
import { addWebhook, listDeliveryViews, listWebhookViews, resendDelivery, setWebhookActive } from '../editing/webhooks';
import type { EditingContext } from './editable-routes';
import { answer } from './requests';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';

export function registerWebhookRoutes(app: FastifyInstance, context: EditingContext, { cdnPurged }: { cdnPurged: boolean }): void {
  const { db } = context;
  on(app, context, editingApi.webhooks.list, async () => {
    return listWebhookViews(db);
  });

  on(app, context, editingApi.webhooks.create, async ({ caller: { actor }, body: input }, _request, reply) => {
    const created = await answer(() => addWebhook(db, input, actor));
    return reply.code(201).header('Cache-Control', 'no-store').send(created);
  });

  on(app, context, editingApi.webhooks.change, async ({ caller: { actor }, body: input }, request) => {
    return answer(() => setWebhookActive(db, request.params.id, input.active, actor));
  });

  on(app, context, editingApi.webhooks.deliveries, async (_received, request) => {
    return answer(() => listDeliveryViews(db, request.params.id));
  });

  on(app, context, editingApi.webhooks.sendAgain, async ({ caller: { actor } }, request, reply) => {
    return reply.code(201).send(await answer(() => resendDelivery(db, request.params.id, actor)));
  });

  on(app, context, editingApi.cdn.backlog, async () => {
    return { configured: cdnPurged, ...(await purgeBacklog(db)) };
  });
}
