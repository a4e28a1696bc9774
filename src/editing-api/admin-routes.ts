/**
 * Accounts and the audit log in the editing API, for admins only (docs/editing.md):
 *   GET /accounts · POST /accounts · PATCH /accounts/:email · DELETE /accounts/:email · GET /audit
 *   GET /settings (editors too) · PUT /settings   whether publishing needs an approval, and whose
 * The same operations as `npm run cli -- users …` and `… audit`, with the same checks (the last
 * admin stays) and the same audit entries.
 */
import type { FastifyInstance } from 'fastify';
import type { ContentStore } from '../cms/database';
import { listAuditEntries } from '../cms/repositories/audit-log';
import { addAccount, listAccounts, removeAccount, resetPassword, setDisabled, setRole, type Account } from '../editing/accounts';
import { ADMIN_ROLES, CONTENT_ROLES, type Guard } from './guard';
import { readReviewPolicy } from '../cms/repositories/reviews';
import { changeReviewPolicy } from '../editing/editor-reviews';
import { answer, readInput, readQuery } from './requests';
import { AccountChangeSchema, AuditQuerySchema, NewAccountSchema, ReviewPolicySchema } from '../editing-contract/schemas';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';
import type Type from 'typebox';

export function registerAdminRoutes(app: FastifyInstance, options: { db: ContentStore; root: string; guard: Guard }): void {
  const { db, root, guard } = options;

  on(app, root, editingApi.settings.view, async (request, reply) => {
    await guard(request, reply, CONTENT_ROLES);
    return { review: await readReviewPolicy(db) };
  });

  on(app, root, editingApi.settings.change, async (request, reply) => {
    const { actor } = await guard(request, reply, ADMIN_ROLES);
    const input = readInput<Type.Static<typeof ReviewPolicySchema>>(ReviewPolicySchema, request.body, 'settings');
    return { review: await changeReviewPolicy(db, input.review, actor) };
  });
  const admin = (request: Parameters<Guard>[0], reply: Parameters<Guard>[1]) => guard(request, reply, ADMIN_ROLES);

  on(app, root, editingApi.accounts.list, async (request, reply) => {
    await admin(request, reply);
    return listAccounts(db);
  });

  on(app, root, editingApi.accounts.create, async (request, reply) => {
    const { actor } = await admin(request, reply);
    const input = readInput<Type.Static<typeof NewAccountSchema>>(NewAccountSchema, request.body, 'account');
    const account = await answer(() =>
      addAccount(db, { email: input.email, password: input.password, role: input.role ?? 'visitor', temporary: input.temporary ?? true }, actor),
    );
    return reply.code(201).send(account);
  });

  // One change per field sent, each its own transaction and audit entry, in this order.
  on(app, root, editingApi.accounts.change, async (request, reply) => {
    const { actor } = await admin(request, reply);
    const input = readInput<Type.Static<typeof AccountChangeSchema>>(AccountChangeSchema, request.body, 'account change');
    const { email } = request.params;
    let account: Account | undefined;
    if (input.role !== undefined) account = await answer(() => setRole(db, email, input.role!, actor));
    if (input.disabled !== undefined) account = await answer(() => setDisabled(db, email, input.disabled!, actor));
    if (input.password !== undefined) account = await answer(() => resetPassword(db, email, input.password!, actor, input.temporary ?? true));
    return account ?? (await listAccounts(db)).find((candidate) => candidate.email === email.toLowerCase()) ?? reply.callNotFound();
  });

  on(app, root, editingApi.accounts.remove, async (request, reply) => {
    const { actor } = await admin(request, reply);
    await answer(() => removeAccount(db, request.params.email, actor));
    return reply.code(204).send();
  });

  on(app, root, editingApi.audit.list, async (request, reply) => {
    await admin(request, reply);
    const query = readQuery<Type.Static<typeof AuditQuerySchema>>(AuditQuerySchema, request.query);
    const entries = await listAuditEntries(db, {
      limit: query.limit ?? 100,
      ...(query.actor === undefined ? {} : { actor: query.actor }),
      ...(query.target === undefined ? {} : { target: query.target }),
      ...(query.since === undefined ? {} : { since: query.since }),
      ...(query.until === undefined ? {} : { until: query.until }),
    });
    return entries.map((entry) => ({
      id: entry.id,
      at: entry.at,
      actor: entry.actor,
      action: entry.action,
      targetType: entry.target_type,
      targetId: entry.target_id,
      targetLabel: entry.target_label,
      before: entry.before === null ? null : (JSON.parse(entry.before) as unknown),
      after: entry.after === null ? null : (JSON.parse(entry.after) as unknown),
    }));
  });
}
