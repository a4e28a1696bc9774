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
import { contract } from './route-contract';
import { CreatedWebhookSchema, DeliverySchema, NewWebhookSchema, PurgeBacklogSchema, WebhookChangeSchema, WebhookSchema } from './schemas';

type IdParams = { Params: { id: string } };

export function registerWebhookRoutes(app: FastifyInstance, { db, root, guard }: EditingContext, { cdnPurged }: { cdnPurged: boolean }): void {
  app.get(
    `${root}/webhooks`,
    contract({ summary: 'The webhooks, the removed ones too', role: 'admin', response: { status: 200, schema: WebhookSchema, list: true } }),
    async (request, reply) => {
      await guard(request, reply, ADMIN_ROLES);
      return listWebhookViews(db);
    },
  );

  app.post(
    `${root}/webhooks`,
    contract({
      summary: 'Register a webhook; the answer holds its signing secret, shown this once',
      role: 'admin',
      body: NewWebhookSchema,
      response: { status: 201, schema: CreatedWebhookSchema },
    }),
    async (request, reply) => {
      const { actor } = await guard(request, reply, ADMIN_ROLES);
      const input = readInput<Type.Static<typeof NewWebhookSchema>>(NewWebhookSchema, request.body, 'webhook');
      const created = await answer(() => addWebhook(db, input, actor));
      return reply.code(201).header('Cache-Control', 'no-store').send(created);
    },
  );

  app.patch<IdParams>(
    `${root}/webhooks/:id`,
    contract({ summary: 'Remove a webhook, or bring it back', role: 'admin', body: WebhookChangeSchema, response: { status: 200, schema: WebhookSchema } }),
    async (request, reply) => {
      const { actor } = await guard(request, reply, ADMIN_ROLES);
      const input = readInput<Type.Static<typeof WebhookChangeSchema>>(WebhookChangeSchema, request.body, 'webhook change');
      return answer(() => setWebhookActive(db, request.params.id, input.active, actor));
    },
  );

  app.get<IdParams>(
    `${root}/webhooks/:id/deliveries`,
    contract({ summary: 'A webhook’s last 50 deliveries, newest first', role: 'admin', response: { status: 200, schema: DeliverySchema, list: true } }),
    async (request, reply) => {
      await guard(request, reply, ADMIN_ROLES);
      return answer(() => listDeliveryViews(db, request.params.id));
    },
  );

  app.post<IdParams>(
    `${root}/deliveries/:id/send-again`,
    contract({ summary: 'Send a delivery again, now (a copy with the same event id)', role: 'admin', response: { status: 201, schema: DeliverySchema } }),
    async (request, reply) => {
      const { actor } = await guard(request, reply, ADMIN_ROLES);
      return reply.code(201).send(await answer(() => resendDelivery(db, request.params.id, actor)));
    },
  );

  app.get(
    `${root}/cdn`,
    contract({
      summary: 'What waits to be purged from the CDN, and why it was refused',
      role: 'editor',
      response: { status: 200, schema: PurgeBacklogSchema },
    }),
    async (request, reply) => {
      await guard(request, reply, CONTENT_ROLES);
      return { configured: cdnPurged, ...(await purgeBacklog(db)) };
    },
  );
}
