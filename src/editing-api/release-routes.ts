/**
 * Releases in the editing API, for editors and admins (docs/editing.md, "Releases"):
 *   GET    /releases                           the releases, open ones first
 *   POST   /releases                           a new open release ({name})
 *   GET    /releases/:id                       one, with its drafts and their state
 *   PATCH  /releases/:id                       rename it ({name})
 *   DELETE /releases/:id                       discard an open release (its drafts stay)
 *   POST   /releases/:id/items                 gather a draft ({kind: sheet|collection|page, targetId})
 *   DELETE /releases/:id/items/:kind/:target   take one out
 *   PUT    /releases/:id/schedule              publish it at a time ({at}; {at: null}: not at a time)
 *   POST   /releases/:id/publish               publish every draft of it now, as one change
 *   POST   /releases/:id/undo                  take back what it changed ({keepLater?}; 409 with `later` otherwise)
 *   GET    /releases/:id/preview               the site with all of it (?view=sheet&sheet=<id>, ?lang=de-DE)
 *   GET    /releases/:id/preview/{path}        any page at its public path and query, with all of it
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sheets } from '../editing/sheets';
import {
  addToRelease,
  createRelease,
  discardRelease,
  listReleaseViews,
  previewRelease,
  publishRelease,
  releaseView,
  removeFromRelease,
  renameRelease,
  scheduleRelease,
  undoRelease,
} from '../editing/releases';
import type { EditingContext } from './editable-routes';
import type { PreviewRequest } from './previewer';
import { keepInPreview, pointAtDraftFiles, sendPreview } from './previews';
import { answer } from './requests';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';
import { unpublishedFiles } from './sheet-routes';

export function registerReleaseRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;

  on(app, context, editingApi.releases.list, async () => {
    return listReleaseViews(db);
  });

  on(app, context, editingApi.releases.create, async ({ caller: { actor }, body: { name } }) => {
    return answer(() => createRelease(db, name, actor));
  });

  on(app, context, editingApi.releases.view, async (_received, request) => {
    return answer(() => releaseView(db, request.params.id));
  });

  on(app, context, editingApi.releases.rename, async ({ caller: { actor }, body: { name } }, request) => {
    return answer(() => renameRelease(db, request.params.id, name, actor));
  });

  on(app, context, editingApi.releases.discard, async ({ caller: { actor } }, request, reply) => {
    await answer(() => discardRelease(db, request.params.id, actor));
    return reply.code(204).send();
  });

  on(app, context, editingApi.releases.addItem, async ({ caller: { actor }, body: item }, request) => {
    return answer(() => addToRelease(db, request.params.id, item.kind, item.targetId, actor));
  });

  on(app, context, editingApi.releases.removeItem, async ({ caller: { actor } }, request) => {
    return answer(() => removeFromRelease(db, request.params.id, request.params.kind, request.params.target, actor));
  });

  on(app, context, editingApi.releases.schedule, async ({ caller: { actor }, body: { at } }, request) => {
    return answer(() => scheduleRelease(db, request.params.id, at, actor));
  });

  on(app, context, editingApi.releases.publish, async ({ caller: { actor } }, request) => {
    return answer(() => publishRelease(db, request.params.id, actor));
  });

  on(app, context, editingApi.releases.undo, async ({ caller: { actor }, body: { keepLater } }, request) => {
    return answer(() => undoRelease(db, request.params.id, actor, { keepLater: keepLater ?? false }));
  });

  registerReleasePreviewRoutes(app, context);
}

/** The site with every draft of the release on it; never indexed, never cached, never public. */
function registerReleasePreviewRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db, root } = context;
  const preview = (request: FastifyRequest, id: string, shown: Omit<PreviewRequest, 'origin'>) =>
    answer(() =>
      previewRelease(db, id, async (trx, release) => {
        const origin = context.originOf(request);
        const rendered = await context.previewer(trx, { ...shown, origin }, request.log);
        if (rendered === null) return null;
        // The release's sheets' new images and documents are not public yet: the preview shows them from the store.
        const files = [];
        for (const item of release.items.filter((candidate) => candidate.kind === 'sheet')) {
          const found = await sheets.view(trx, item.targetId);
          if (found !== null) files.push(...unpublishedFiles(found, context.platformSitesSegment));
        }
        const pointed = pointAtDraftFiles(
          rendered,
          files.map((file) => ({ paths: file.paths, url: `${root}/files/${file.sha256}` })),
        );
        const site = { origin, basePath: context.basePath, filesSegment: context.platformSitesSegment };
        return keepInPreview(pointed, site, `${root}/releases/${encodeURIComponent(id)}/preview`);
      }),
    );

  on(app, context, editingApi.releases.preview, async ({ query: { view, sheet, lang } }, request, reply) => {
    const shown = {
      ...(lang === undefined ? {} : { languageSegment: lang }),
      ...(view === 'sheet' && sheet !== undefined ? { pageKind: 'sheet' as const, contentId: sheet } : {}),
    };
    return sendPreview(reply, await preview(request, request.params.id, shown));
  });

  // Any page of the site at its public path below this one, its query included: topic pages, other
  // languages, sheets' pages, searches and facet choices. The preview's links stay in it.
  on(app, context, editingApi.releases.previewAt, async (_received, request, reply) => {
    const address = { path: `/${request.params['*']}`, query: request.query };
    return sendPreview(reply, await preview(request, request.params.id, { address }));
  });
}
