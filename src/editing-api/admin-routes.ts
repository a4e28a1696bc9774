/**
 * Accounts and the audit log in the editing API, for admins only (docs/editing.md):
 *   GET /accounts · POST /accounts · PATCH /accounts/:email · DELETE /accounts/:email · GET /audit
 *   GET /settings (editors too) · PUT /settings   whether publishing needs an approval, and whose
 * The same operations as `npm run cli -- users …` and `… audit`, with the same checks (the last
 * admin stays) and the same audit entries.
 */
import type { FastifyInstance } from 'fastify';
import type { ContentStore } from '../cms/database';
import { addAccount, listAccounts, removeAccount, resetPassword, setDisabled, setRole, type Account } from '../editing/accounts';
import type { Guard } from './guard';
import { changeReviewPolicy, readReviewPolicy } from '../editing/editor-reviews';
import { auditEntries } from '../editing/audit';
import { answer } from './requests';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';

export function registerAdminRoutes(app: FastifyInstance, options: { db: ContentStore; root: string; guard: Guard }): void {
  const { db } = options;

  on(app, options, editingApi.settings.view, async () => ({ review: await readReviewPolicy(db) }));

  on(app, options, editingApi.settings.change, async ({ caller, body }) => ({ review: await changeReviewPolicy(db, body.review, caller.actor) }));

  on(app, options, editingApi.accounts.list, async () => listAccounts(db));

  on(app, options, editingApi.accounts.create, async ({ caller: { actor }, body: input }, _request, reply) => {
    const account = await answer(() =>
      addAccount(db, { email: input.email, password: input.password, role: input.role ?? 'visitor', temporary: input.temporary ?? true }, actor),
    );
    return reply.code(201).send(account);
  });

  // One change per field sent, each its own transaction and audit entry, in this order.
  on(app, options, editingApi.accounts.change, async ({ caller: { actor }, body: input }, request, reply) => {
    const { email } = request.params;
    let account: Account | undefined;
    if (input.role !== undefined) account = await answer(() => setRole(db, email, input.role!, actor));
    if (input.disabled !== undefined) account = await answer(() => setDisabled(db, email, input.disabled!, actor));
    if (input.password !== undefined) account = await answer(() => resetPassword(db, email, input.password!, actor, input.temporary ?? true));
    return account ?? (await listAccounts(db)).find((candidate) => candidate.email === email.toLowerCase()) ?? reply.callNotFound();
  });

  on(app, options, editingApi.accounts.remove, async ({ caller: { actor } }, request, reply) => {
    await answer(() => removeAccount(db, request.params.email, actor));
    return reply.code(204).send();
  });

  on(app, options, editingApi.audit.list, async ({ query }) => {
    return auditEntries(db, {
      limit: query.limit ?? 100,
      ...(query.actor === undefined ? {} : { actor: query.actor }),
      ...(query.target === undefined ? {} : { target: query.target }),
      ...(query.since === undefined ? {} : { since: query.since }),
      ...(query.until === undefined ? {} : { until: query.until }),
    });
  });
}
