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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { ContentStore } from '../cms/database';
import type { Actor } from '../editing/audit';
import type { EditableView } from '../editing/editable';
import type { Editor } from '../editing/editor';
import { ApiError, ERROR_CODES, notFound } from '../shared/errors';
import { contentEditor, type Guard } from './guard';
import type { PreviewRequest, Previewer } from './previewer';
import { answer, readInput } from './requests';
import { contract, type RouteContract } from './route-contract';
import {
  FieldChangeSchema,
  PreviewLinkRequestSchema,
  PreviewLinkSchema,
  PreviewLinkSummarySchema,
  RejectionSchema,
  RequiredRevisionSchema,
  ReviewRequestSchema,
  RevisionSchema,
  saveSchemaOf,
  VersionSummarySchema,
} from './schemas';
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
  /** Where the kind lives below the root, e.g. '/pages' (and after the id, e.g. '/order'). */
  base: string;
  suffix?: string;
  /** What the studio gets for a view (the view, and what the kind adds to it). */
  present: (view: EditableView<S>) => Promise<unknown>;
  /** Which page shows a state, and which sheet in it. */
  previewOf: (view: EditableView<S>) => Omit<PreviewRequest, 'origin' | 'languageSegment'>;
  /** The draft's files that are not on the site yet, by the paths the page will use for them. */
  draftFiles?: (view: EditableView<S>) => DraftFile[];
  /** What the kind's routes declare for the API's document. */
  documented: EditableContracts;
}

type EditableOperation =
  | 'view'
  | 'save'
  | 'publish'
  | 'undoPublish'
  | 'requestReview'
  | 'approve'
  | 'reject'
  | 'withdrawReview'
  | 'preview'
  | 'createPreviewLink'
  | 'listPreviewLinks'
  | 'revokePreviewLink'
  | 'versions'
  | 'version'
  | 'compare'
  | 'restore';

/** The kind's shapes and words in the document; its routes' other contracts are the same for every kind. */
export interface EditableContracts {
  /** What its GET and every change answer; not described when absent. */
  view?: TSchema;
  /** The body of a save with the state as the kind's schema, which the editing model checks it against. */
  save: TSchema;
  /** One version; not described when absent. */
  version?: TSchema;
  /** Where the kind says more than the shared summaries. */
  summaries?: Partial<Record<EditableOperation, string>>;
}

const SUMMARIES: Record<EditableOperation, string> = {
  view: 'The draft beside the published state',
  save: 'Save the draft',
  publish: 'Publish the draft',
  undoPublish: 'Take back the last publish: the site shows what it showed before (or nothing); the draft stays. 400 when the site changed since',
  requestReview: 'Ask for a review of the draft as it is (docs/editing.md, "Review")',
  approve: 'Approve the draft under review (someone other than its author, of a role the review policy names); a change after it needs a new approval',
  reject: 'Reject the draft under review, saying why',
  withdrawReview: 'Withdraw the pending review (the one who asked, or an admin)',
  preview: 'The page with the draft applied, as HTML (?lang=de-DE); framed by the studio only, never cached or indexed',
  createPreviewLink: 'A link anyone can open the draft’s preview with until it expires ({basePath}/preview/{token}; 410 after)',
  listPreviewLinks: 'The draft’s preview links that still work (not expired, their maker’s account enabled), newest first',
  revokePreviewLink: 'Revoke a preview link by its id (any editor or admin); it answers 404 from then on',
  versions: 'The versions',
  version: 'One version',
  compare: 'Two versions field by field (?from=N&to=M)',
  restore: 'Make a version the new draft',
};

/** Each shared route's contract for one kind. */
function editableContracts({ view, save, version, summaries }: EditableContracts) {
  const declared = (operation: EditableOperation, rest: Omit<RouteContract, 'summary' | 'role'>) =>
    contract({ summary: summaries?.[operation] ?? SUMMARIES[operation], role: 'editor', ...rest });
  const presented = { status: 200, ...(view === undefined ? {} : { schema: view }) };
  return {
    view: declared('view', { response: presented }),
    save: declared('save', { body: save, response: presented }),
    publish: declared('publish', { body: RevisionSchema, response: presented }),
    undoPublish: declared('undoPublish', { body: RevisionSchema, response: presented }),
    requestReview: declared('requestReview', { body: ReviewRequestSchema, response: presented }),
    approve: declared('approve', { body: RequiredRevisionSchema, response: presented }),
    reject: declared('reject', { body: RejectionSchema, response: presented }),
    withdrawReview: declared('withdrawReview', { response: presented }),
    preview: declared('preview', { response: { status: 200 } }),
    createPreviewLink: declared('createPreviewLink', { body: PreviewLinkRequestSchema, response: { status: 201, schema: PreviewLinkSchema } }),
    listPreviewLinks: declared('listPreviewLinks', { response: { status: 200, schema: PreviewLinkSummarySchema, list: true } }),
    revokePreviewLink: declared('revokePreviewLink', { response: { status: 204 } }),
    versions: declared('versions', { response: { status: 200, schema: VersionSummarySchema, list: true } }),
    version: declared('version', { response: { status: 200, ...(version === undefined ? {} : { schema: version }) } }),
    compare: declared('compare', { response: { status: 200, schema: FieldChangeSchema, list: true } }),
    restore: declared('restore', { body: RequiredRevisionSchema, response: presented }),
  };
}

type LinkRequest = FastifyRequest<{ Params: { id: string; link: string } }>;
type IdRequest = FastifyRequest<{ Params: { id: string; number?: string }; Querystring: { from?: string; to?: string; lang?: string; view?: string } }>;

/** What each of a kind's routes needs: where they are, their contracts, who may call them, and the view they answer with. */
interface EditableSetup<S> {
  routes: EditableRoutes<S>;
  at: string;
  contracts: ReturnType<typeof editableContracts>;
  signedIn: (request: FastifyRequest, reply: FastifyReply) => ReturnType<Guard>;
  /** The view after an operation, or as it is; 404 when there is none. */
  presented: (id: string, view?: EditableView<S> | null) => Promise<unknown>;
}

export function registerEditableRoutes<S>(app: FastifyInstance, routes: EditableRoutes<S>): void {
  const { db, root, guard, editor, base, present } = routes;
  const setup: EditableSetup<S> = {
    routes,
    at: `${root}${base}/:id${routes.suffix ?? ''}`,
    contracts: editableContracts(routes.documented),
    signedIn: contentEditor(guard),
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
function registerDraftRoutes<S>(app: FastifyInstance, { routes, at, contracts, signedIn, presented }: EditableSetup<S>): void {
  const { db, editor } = routes;
  // The state itself is checked by the editing model against the kind's schema (schemas.ts
  // saveSchemaOf documents the same), so its problems are named from the state's own root.
  const saveSchema = saveSchemaOf(Type.Unknown());

  app.get(at, contracts.view, async (request: IdRequest, reply) => {
    await signedIn(request, reply);
    return presented(request.params.id);
  });

  app.put(at, contracts.save, async (request: IdRequest, reply) => {
    const { actor } = await signedIn(request, reply);
    const input = readInput<{ revision: number; state: unknown; settles?: boolean }>(saveSchema, request.body, editor.kind);
    return presented(request.params.id, await answer(() => editor.save(db, request.params.id, input.state, input.revision, actor, { settles: input.settles })));
  });

  app.post(`${at}/publish`, contracts.publish, async (request: IdRequest, reply) => {
    const { actor } = await signedIn(request, reply);
    const { revision } = readInput<{ revision?: number }>(RevisionSchema, request.body, 'request');
    return presented(request.params.id, await answer(() => editor.publish(db, request.params.id, revision, actor)));
  });

  app.post(`${at}/undo-publish`, contracts.undoPublish, async (request: IdRequest, reply) => {
    const { actor } = await signedIn(request, reply);
    const { revision } = readInput<{ revision?: number }>(RevisionSchema, request.body, 'request');
    return presented(request.params.id, await answer(() => editor.undoPublish(db, request.params.id, revision, actor)));
  });

  app.post(`${at}/review`, contracts.requestReview, async (request: IdRequest, reply) => {
    const { actor, session } = await signedIn(request, reply);
    const { revision, note } = readInput<{ revision: number; note?: string }>(ReviewRequestSchema, request.body, 'review request');
    return presented(request.params.id, await answer(() => editor.requestReview(db, request.params.id, revision, { actor, role: session.role }, note)));
  });

  app.post(`${at}/review/approve`, contracts.approve, async (request: IdRequest, reply) => {
    const { actor, session } = await signedIn(request, reply);
    const { revision } = readInput<{ revision: number }>(RequiredRevisionSchema, request.body, 'approval');
    return presented(request.params.id, await answer(() => editor.approve(db, request.params.id, revision, { actor, role: session.role })));
  });

  app.post(`${at}/review/reject`, contracts.reject, async (request: IdRequest, reply) => {
    const { actor, session } = await signedIn(request, reply);
    const { revision, comment } = readInput<{ revision: number; comment: string }>(RejectionSchema, request.body, 'rejection');
    return presented(request.params.id, await answer(() => editor.reject(db, request.params.id, revision, { actor, role: session.role }, comment)));
  });

  app.delete(`${at}/review`, contracts.withdrawReview, async (request: IdRequest, reply) => {
    const { actor, session } = await signedIn(request, reply);
    return presented(request.params.id, await answer(() => editor.withdrawReview(db, request.params.id, { actor, role: session.role })));
  });
}

/** The draft as visitors would see it: in the studio, and by links shared for a while. */
function registerPreviewRoutes<S>(app: FastifyInstance, { routes, at, contracts, signedIn }: EditableSetup<S>): void {
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
  app.get(`${at}/preview`, contracts.preview, async (request: IdRequest, reply) => {
    await signedIn(request, reply);
    // ?view=sheet: a sheet's own page, rather than the page that lists it.
    const pageKind = request.query.view === 'sheet' ? 'sheet' : undefined;
    const html = await routes.previews
      .get(editor.kind)!
      .render(request, request.params.id, request.query.lang, (sha256) => `${root}/files/${sha256}`, pageKind);
    return sendPreview(reply, html);
  });

  app.post(`${at}/preview-links`, contracts.createPreviewLink, async (request: IdRequest, reply) => {
    const { actor } = await signedIn(request, reply);
    const input = readInput<{ lang?: string; hours?: number }>(PreviewLinkRequestSchema, request.body, 'preview link');
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

  app.get(`${at}/preview-links`, contracts.listPreviewLinks, async (request: IdRequest, reply) => {
    await signedIn(request, reply);
    if ((await editor.view(db, request.params.id)) === null) throw notFound();
    return listPreviewLinks(db, editor.kind, request.params.id);
  });

  app.delete(`${at}/preview-links/:link`, contracts.revokePreviewLink, async (request: LinkRequest, reply) => {
    const { actor } = await signedIn(request, reply);
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
function registerVersionRoutes<S>(app: FastifyInstance, { routes, at, contracts, signedIn, presented }: EditableSetup<S>): void {
  const { db, editor } = routes;
  app.get(`${at}/versions`, contracts.versions, async (request: IdRequest, reply) => {
    await signedIn(request, reply);
    return editor.versions(db, request.params.id);
  });

  app.get(`${at}/versions/:number`, contracts.version, async (request: IdRequest, reply) => {
    await signedIn(request, reply);
    return answer(() => editor.version(db, request.params.id, readVersionNumber(request.params.number)));
  });

  app.get(`${at}/compare`, contracts.compare, async (request: IdRequest, reply) => {
    await signedIn(request, reply);
    const from = readVersionNumber(request.query.from);
    const to = readVersionNumber(request.query.to);
    return answer(() => editor.compare(db, request.params.id, from, to));
  });

  app.post(`${at}/versions/:number/restore`, contracts.restore, async (request: IdRequest, reply) => {
    const { actor } = await signedIn(request, reply);
    const { revision } = readInput<{ revision: number }>(RequiredRevisionSchema, request.body, 'request');
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

export function readRevision(value: string | undefined): number {
  if (value === undefined || !/^\d{1,10}$/.test(value))
    throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, 'Name the revision the change starts from: ?revision=N');
  return Number(value);
}

function readVersionNumber(value: string | undefined): number {
  if (value === undefined || !/^[1-9]\d{0,9}$/.test(value)) throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, `"${value ?? ''}" is not a version number`);
  return Number(value);
}
