/**
 * The routes every editable kind shares (a sheet, a page, a collection's order), under its base:
 *   GET  {base}/:id                          the draft beside the published state
 *   PUT  {base}/:id                          save the draft ({revision, state}; 409 when stale)
 *   POST {base}/:id/publish                  put the draft on the site
 *   POST {base}/:id/undo-publish             take the last publish back: the site shows what it did before
 *   GET  {base}/:id/versions[/:n]            history
 *   GET  {base}/:id/compare?from=N&to=M      two versions field by field
 *   POST {base}/:id/versions/:n/restore      an earlier version as the new draft
 *   GET  {base}/:id/preview?lang=de-DE        the page with the draft applied, rendered as visitors get it
 *   POST {base}/:id/preview-links             a link anyone can open that preview with, until it expires
 *   GET  {base}/:id/preview-links             the links that still work: who made each, when, until when
 *   DELETE {base}/:id/preview-links/:link     revoke one (any editor or admin may: whoever sees a link leak can stop it)
 */
import type { PdfReader } from '../files/pdf-reader';
import type { UploadGate } from './upload-gate';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';

import type { ContentStore } from '../cms/database';
import type { Actor } from '../editing/audit';
import type { EditableView } from '../editing/editable';
import type { Editor } from '../editing/editor';
import { ApiError, ERROR_CODES, notFound } from '../shared/errors';
import type { Guard } from './guard';
import type { PreviewRequest, Previewer } from './previewer';
import { answer } from './requests';
import { on, type OperationRequest } from './route-contract';
import type { EditableOperations, Operation } from '../editing-contract/operations';
import { saveSchemaOf } from '../editing-contract/schemas';
import {
  createPreviewLink,
  listPreviewLinks,
  pointAtDraftFiles,
  PREVIEW_LINK_HOURS,
  revokePreviewLink,
  sendPreview,
  type DraftFile,
  type PreviewSources,
} from './previews';

/** What every route module of the editing API works with. */
export interface EditingContext {
  db: ContentStore;
  /** {basePath}/studio/api */
  root: string;
  guard: Guard;
  /** Renders a draft with the visitors' page pipeline (server/page-kinds/preview.ts). */
  previewer: Previewer;
  /** The site's origin as browsers send it. */
  originOf: (request: FastifyRequest) => string;
  basePath: string;
  platformSitesSegment: string;
  /** Each kind's previews, for shared preview links (previews.ts). */
  previews: PreviewSources;
  /** Uploads in flight, bounded per account and per process (upload-gate.ts). */
  uploads: UploadGate;
  /** The process's PDF workers (files/pdf-reader.ts). */
  pdfs: PdfReader;
}

export interface EditableRoutes<S> extends EditingContext {
  editor: Editor<S>;
  /** What the studio gets for a view (the view, and what the kind adds to it). */
  present: (view: EditableView<S>) => Promise<unknown>;
  /** Which page shows a state, and which sheet in it. */
  previewOf: (view: EditableView<S>) => Omit<PreviewRequest, 'origin' | 'languageSegment'>;
  /** The draft's files that are not on the site yet, by the paths the page will use for them. */
  draftFiles?: (view: EditableView<S>) => DraftFile[];
  /** The kind's operations in the editing API's table (editing-contract/operations.ts). */
  operations: EditableOperations;
}

/** A request to one of a kind's operations: their paths name these. */
type KindRequest = FastifyRequest<OperationRequest<Operation, { id: string; number: string; link: string }>>;

/** What each of a kind's routes needs: where they are, their contracts, and the view they answer with. */
interface EditableSetup<S> {
  routes: EditableRoutes<S>;
  operations: EditableOperations;
  /** The view after an operation, or as it is; 404 when there is none. */
  presented: (id: string, view?: EditableView<S> | null) => Promise<unknown>;
}

export function registerEditableRoutes<S>(app: FastifyInstance, routes: EditableRoutes<S>): void {
  const { db, editor, present } = routes;
  const setup: EditableSetup<S> = {
    routes,
    operations: routes.operations,
    presented: async (id, view) => {
      const found = view ?? (await editor.view(db, id));
      if (found === null) throw notFound();
      return present(found);
    },
  };
  registerDraftRoutes(app, setup);
  registerPreviewRoutes(app, setup);
  registerVersionRoutes(app, setup);
}

/** The draft: read, save, publish and take back, and its review. */
function registerDraftRoutes<S>(app: FastifyInstance, { routes, operations, presented }: EditableSetup<S>): void {
  const { db, editor } = routes;
  // The state itself is checked by the editing model against the kind's schema (the table's save
  // documents the same), so its problems are named from the state's own root.
  const envelope = saveSchemaOf(Type.Unknown(), editor.kind);

  on(app, routes, operations.view, async (_received, request: KindRequest) => {
    return presented(request.params.id);
  });

  on(
    app,
    routes,
    operations.save,
    async ({ caller: { actor }, body: input }, request: KindRequest) =>
      presented(request.params.id, await answer(() => editor.save(db, request.params.id, input.state, input.revision, actor, { settles: input.settles }))),
    { bodyChecked: envelope },
  );

  on(app, routes, operations.publish, async ({ caller: { actor }, body: { revision } }, request: KindRequest) => {
    return presented(request.params.id, await answer(() => editor.publish(db, request.params.id, revision, actor)));
  });

  on(app, routes, operations.undoPublish, async ({ caller: { actor }, body: { revision } }, request: KindRequest) => {
    return presented(request.params.id, await answer(() => editor.undoPublish(db, request.params.id, revision, actor)));
  });

  on(app, routes, operations.requestReview, async ({ caller: { actor, session }, body: { revision, note } }, request: KindRequest) => {
    return presented(request.params.id, await answer(() => editor.requestReview(db, request.params.id, revision, { actor, role: session.role }, note)));
  });

  on(app, routes, operations.approve, async ({ caller: { actor, session }, body: { revision } }, request: KindRequest) => {
    return presented(request.params.id, await answer(() => editor.approve(db, request.params.id, revision, { actor, role: session.role })));
  });

  on(app, routes, operations.reject, async ({ caller: { actor, session }, body: { revision, comment } }, request: KindRequest) => {
    return presented(request.params.id, await answer(() => editor.reject(db, request.params.id, revision, { actor, role: session.role }, comment)));
  });

  on(app, routes, operations.withdrawReview, async ({ caller: { actor, session } }, request: KindRequest) => {
    return presented(request.params.id, await answer(() => editor.withdrawReview(db, request.params.id, { actor, role: session.role })));
  });
}

/** The draft as visitors would see it: in the studio, and by links shared for a while. */
function registerPreviewRoutes<S>(app: FastifyInstance, { routes, operations }: EditableSetup<S>): void {
  const { db, root, editor } = routes;
  routes.previews.set(editor.kind, {
    render: (request, id, languageSegment, fileUrl, pageKind) =>
      answer(() =>
        editor.preview(db, id, async (trx, view) => {
          const html = await routes.previewer(
            trx,
            {
              ...routes.previewOf(view),
              origin: routes.originOf(request),
              ...(languageSegment === undefined ? {} : { languageSegment }),
              ...(pageKind === undefined ? {} : { pageKind }),
            },
            request.log,
          );
          const files = routes.draftFiles?.(view) ?? [];
          return html === null
            ? null
            : pointAtDraftFiles(
                html,
                files.map((file) => ({ paths: file.paths, url: fileUrl(file.sha256) })),
              );
        }),
      ),
    files: async (id) => {
      const view = await editor.view(db, id);
      return view === null ? [] : (routes.draftFiles?.(view) ?? []).map((file) => file.sha256);
    },
  });

  // The draft as visitors would see it once published; never indexed, never cached, never public.
  on(app, routes, operations.preview, async ({ query }, request: KindRequest, reply) => {
    // ?view=sheet: a sheet's own page, rather than the page that lists it.
    const html = await routes.previews.get(editor.kind)!.render(request, request.params.id, query.lang, (sha256) => `${root}/files/${sha256}`, query.view);
    return sendPreview(reply, html);
  });

  on(app, routes, operations.createPreviewLink, async ({ caller: { actor }, body: input }, request: KindRequest, reply) => {
    if ((await editor.view(db, request.params.id)) === null) throw notFound();
    const link = await createPreviewLink(db, {
      kind: editor.kind,
      targetId: request.params.id,
      languageSegment: input.lang ?? null,
      hours: input.hours ?? PREVIEW_LINK_HOURS.default,
      by: actor.label,
      basePath: routes.basePath,
    });
    return reply.code(201).send(link);
  });

  on(app, routes, operations.listPreviewLinks, async (_received, request: KindRequest) => {
    if ((await editor.view(db, request.params.id)) === null) throw notFound();
    return listPreviewLinks(db, editor.kind, request.params.id);
  });

  on(app, routes, operations.revokePreviewLink, async ({ caller: { actor } }, request: KindRequest, reply) => {
    const { id, link } = request.params;
    const view = await editor.view(db, id);
    if (view === null) throw notFound();
    const target = editor.auditTargetOf(id, view.draft);
    if (!(await revokePreviewLink(db, { kind: editor.kind, targetId: id, id: link, actor, target })))
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, `${target.label} has no such preview link; it may have been revoked or have expired already.`);
    return reply.code(204).send();
  });
}

/** The kept versions: listed, read, compared, and one restored as the draft. */
function registerVersionRoutes<S>(app: FastifyInstance, { routes, operations, presented }: EditableSetup<S>): void {
  const { db, editor } = routes;
  on(app, routes, operations.versions, async (_received, request: KindRequest) => {
    return editor.versions(db, request.params.id);
  });

  on(app, routes, operations.version, async (_received, request: KindRequest) => {
    return answer(() => editor.version(db, request.params.id, readVersionNumber(request.params.number)));
  });

  on(app, routes, operations.compare, async ({ query }, request: KindRequest) => answer(() => editor.compare(db, request.params.id, query.from, query.to)));

  on(app, routes, operations.restore, async ({ caller: { actor }, body: { revision } }, request: KindRequest) => {
    const number = readVersionNumber(request.params.number);
    return presented(request.params.id, await answer(() => editor.restoreVersion(db, request.params.id, number, revision, actor)));
  });
}

/** Saves a change to the current draft: `change` gets a copy of it, the revision is the client's. */
export async function changeDraft<S>(db: ContentStore, editor: Editor<S>, id: string, revision: number, actor: Actor, change: (state: S) => S) {
  const found = await editor.view(db, id);
  if (found === null) throw notFound();
  return answer(() => editor.save(db, id, change(structuredClone(found.draft)), revision, actor));
}

function readVersionNumber(value: string | undefined): number {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, `"${value ?? ''}" is not a version number`);
  return Number(value);
}
