/**
 * Webhooks and the CDN's purges in the editing API (docs/operations.md "Webhooks"):
 *   GET /webhooks · POST /webhooks · PATCH /webhooks/:id · GET /webhooks/:id/deliveries
 *   POST /deliveries/:id/send-again   admins only, as `npm run cli -- webhooks …`
 *   GET /cdn   editors too: what waits to be purged, and why the CDN refused it, if it did
 */
import type { FastifyInstance } from 'fastify';
import type Type from 'typebox';
import { purgeBacklog } from '../cdn/outbox';
import { addWebhook, listDeliveryViews, listWebhookViews, resendDelivery, setWebhookActive } from '../editing/webhooks';
import { ADMIN_ROLES, CONTENT_ROLES } from './guard';
import type { EditingContext } from './editable-routes';
import { answer, readInput } from './requests';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';
import { NewWebhookSchema, WebhookChangeSchema } from '../editing-contract/schemas';

export function registerWebhookRoutes(app: FastifyInstance, { db, root, guard }: EditingContext, { cdnPurged }: { cdnPurged: boolean }): void {
  on(app, root, editingApi.webhooks.list, async (request, reply) => {
    await guard(request, reply, ADMIN_ROLES);
    return listWebhookViews(db);
  });

  on(app, root, editingApi.webhooks.create, async (request, reply) => {
    const { actor } = await guard(request, reply, ADMIN_ROLES);
    const input = readInput<Type.Static<typeof NewWebhookSchema>>(NewWebhookSchema, request.body, 'webhook');
    const created = await answer(() => addWebhook(db, input, actor));
    return reply.code(201).header('Cache-Control', 'no-store').send(created);
  });

  on(app, root, editingApi.webhooks.change, async (request, reply) => {
    const { actor } = await guard(request, reply, ADMIN_ROLES);
    const input = readInput<Type.Static<typeof WebhookChangeSchema>>(WebhookChangeSchema, request.body, 'webhook change');
    return answer(() => setWebhookActive(db, request.params.id, input.active, actor));
  });

  on(app, root, editingApi.webhooks.deliveries, async (request, reply) => {
    await guard(request, reply, ADMIN_ROLES);
    return answer(() => listDeliveryViews(db, request.params.id));
  });

  on(app, root, editingApi.webhooks.sendAgain, async (request, reply) => {
    const { actor } = await guard(request, reply, ADMIN_ROLES);
    return reply.code(201).send(await answer(() => resendDelivery(db, request.params.id, actor)));
  });

  on(app, root, editingApi.cdn.backlog, async (request, reply) => {
    await guard(request, reply, CONTENT_ROLES);
    return { configured: cdnPurged, ...(await purgeBacklog(db)) };
  });
}
