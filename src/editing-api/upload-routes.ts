/**
 * A sheet's image and documents, uploaded as multipart (docs/editing.md, "Uploads"):
 *   PUT /sheets/:id/image?revision=N · PUT /sheets/:id/document?revision=N   (one form field `file`)
 *   POST /sheets/:id/documents?revision=N&kind=K · PUT /sheets/:id/documents/:assetId?revision=N
 * The upload waits its turn (a few at once per account and per process), then streams to a
 * temporary file, never into memory, and stops at its limit; its type is read from its bytes;
 * images are decoded with sharp and PDFs opened strictly with pdfjs, in a PDF worker within its
 * limits of pages, time and memory, before anything is kept. The bytes, the draft and its version
 * are written in one transaction: a refused upload stores nothing and says why.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { languageOfText } from '../files/document-language';
import { listActiveLanguages } from '../cms/repositories/sites';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMentionedByOtherContent } from '../cms/repositories/contents';
import { blobOf } from '../editing/draft-files';
import { listFileAssetVersions } from '../cms/repositories/files';
import type { Actor } from '../editing/audit';
import type { DocumentKind, SheetState } from '../sheet/shape';
import { factsOfNextRevision } from '../sheet/documents';
import { sheets } from '../editing/sheets';
import { proposeSheet } from '../editing/pdf-proposal';
import { checkDocument, checkImage, UPLOAD_LIMITS } from '../files/uploads';
import { MANAGED_CONTENT_ID_PREFIX } from '../shared/constants';
import { ApiError, ERROR_CODES, notFound } from '../shared/errors';
import { contentKeyFromBytes, idFromBytes } from '../shared/ids';
import { fileAssetPath } from '../shared/urls';
import { answer } from './requests';
import type { EditingContext } from './editable-routes';
import { sheetAnswer } from './sheet-routes';
import { withUploadedFile, type Received } from './uploaded-file';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';

/** A request with one file to receive. */
export type UploadRequest = FastifyRequest;
/** One with a file for a sheet's draft. */
type DraftUploadRequest = FastifyRequest<{ Params: { id: string } }>;

export function registerUploadRoutes(app: FastifyInstance, context: EditingContext): void {
  registerImageUpload(app, context);
  registerDocumentUpload(app, context);
  registerSetDocumentUploads(app, context);
}

/** Receives the request's file (limits by kind) in the account's turn and hands it to `use`; nothing is kept when it is refused. */
export function withUpload<T>(
  { uploads }: EditingContext,
  request: UploadRequest,
  reply: FastifyReply,
  actor: Actor,
  kind: 'image' | 'document',
  use: (received: Received, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return withUploadedFile(
    request,
    reply,
    { gate: uploads, owner: actor.id ?? actor.label },
    { maxBytes: kind === 'image' ? UPLOAD_LIMITS.imageBytes : UPLOAD_LIMITS.documentBytes, what: kind },
    use,
  );
}

/** Receives, checks and saves one upload into the draft. */
async function uploadIntoDraft(
  context: EditingContext,
  request: DraftUploadRequest,
  reply: FastifyReply,
  { actor, revision }: { actor: Actor; revision: number },
  kind: 'image' | 'document',
  apply: (received: Received, state: SheetState, signal: AbortSignal) => Promise<{ state: SheetState; mimeType: string; text: string | null }>,
) {
  const { db } = context;
  const found = await sheets.view(db, request.params.id);
  if (found === null) throw notFound();
  // A stale revision is refused before the file is read; the save checks it again in its transaction.
  if (found.revision !== revision) {
    const message = `${found.label} was changed by ${found.updatedBy ?? 'someone'} since you opened it (revision ${found.revision}, yours ${revision}); nothing was stored`;
    throw new ApiError(409, ERROR_CODES.CONFLICT, message, { current: found });
  }
  return withUpload(context, request, reply, actor, kind, async (received, signal) => {
    const next = await apply(received, structuredClone(found.draft), signal);
    const keep = blobOf(await readFile(received.path), received.sha256, next.mimeType, next.text);
    return answer(() => sheets.save(db, request.params.id, next.state, revision, actor, { within: keep }));
  });
}

/** The sheet's card image: a new one replaces it. */
function registerImageUpload(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;
  on(app, context, editingApi.sheets.uploadImage, async ({ caller: { actor }, query: { revision } }, request, reply) => {
    const view = await uploadIntoDraft(context, request, reply, { actor, revision }, 'image', async (received, state) => {
      const image = await checkImage(received.path);
      // The sheet's own image content takes the new file; one it shares with another sheet stays
      // as it is, and the sheet gets an image content of its own.
      const own = state.image !== null && !(await isMentionedByOtherContent(db, state.image.contentKey, state.id)) ? state.image : null;
      state.image = {
        contentId: own?.contentId ?? idFromBytes(MANAGED_CONTENT_ID_PREFIX, randomBytes(16)),
        contentKey: own?.contentKey ?? contentKeyFromBytes(randomBytes(16)),
        urlName: own?.urlName ?? `${state.urlName.slice(0, 180)}-image-${randomBytes(3).toString('hex')}`,
        sha256: received.sha256,
        fileName: received.fileName,
        mimeType: image.mimeType,
        byteSize: received.byteSize,
        width: image.width,
        height: image.height,
      };
      return { state, mimeType: image.mimeType, text: null };
    });
    return sheetAnswer(context, view);
  });
}

/** The sheet's own document: a new revision, its links following. */
function registerDocumentUpload(app: FastifyInstance, context: EditingContext): void {
  const { db, platformSitesSegment, pdfs } = context;
  on(app, context, editingApi.sheets.uploadDocument, async ({ caller: { actor }, query: { revision } }, request, reply) => {
    const view = await uploadIntoDraft(context, request, reply, { actor, revision }, 'document', async (received, state, signal) => {
      const document = await checkDocument(received.path, pdfs, signal);
      const previous = state.document;
      const assetId = previous?.assetId ?? `sheet-${randomBytes(8).toString('hex')}`;
      const stored = await listFileAssetVersions(db, assetId);
      const version = Math.max(previous?.version ?? 0, ...stored.map((row) => Number(row.version))) + 1;
      const facts = factsOfNextRevision(previous);
      state.document = {
        ...facts,
        assetId,
        version,
        sha256: received.sha256,
        fileName: received.fileName,
        mimeType: document.mimeType,
        byteSize: received.byteSize,
      };
      // Links that went to the earlier document (or nowhere) now go to this one.
      const before = previous === null ? null : fileAssetPath(platformSitesSegment, previous.assetId, previous.version);
      for (const texts of Object.values(state.translations))
        if (texts.url === '' || texts.url === before) texts.url = fileAssetPath(platformSitesSegment, assetId, version);
      return { state, mimeType: document.mimeType, text: document.text };
    });
    return sheetAnswer(context, view);
  });
}

/** The set's other documents: a new one, and a new revision of one. */
function registerSetDocumentUploads(app: FastifyInstance, context: EditingContext): void {
  const { db, platformSitesSegment, pdfs } = context;
  // The set's other documents (docs/content-model.md, "Documents"): a new one is told its language
  // from its text; a data sheet in a language the sheet is not yet in proposes that translation.
  on(app, context, editingApi.sheets.addDocument, async ({ caller: { actor }, query }, request, reply) => {
    // A data sheet unless the request says.
    const kind: DocumentKind = query.kind ?? 'data-sheet';
    let proposed: string | null = null;
    const view = await uploadIntoDraft(context, request, reply, { actor, revision: query.revision }, 'document', async (received, state, signal) => {
      const document = await checkDocument(received.path, pdfs, signal);
      const assetId = `sheet-${randomBytes(8).toString('hex')}`;
      const languages = await listActiveLanguages(db, state.siteId);
      const language = (await languageOfText(document.text, languages)) ?? state.primaryLanguage;
      const url = fileAssetPath(platformSitesSegment, assetId, 1);
      const file = { assetId, version: 1, sha256: received.sha256, fileName: received.fileName, mimeType: document.mimeType, byteSize: received.byteSize };
      state.documents = [...(state.documents ?? []), { ...file, kind, language, url }];
      if (kind === 'data-sheet' && state.translations[language] === undefined) {
        const proposal = proposeSheet(document, received.fileName, language);
        state.translations[language] = { title: proposal.title, description: proposal.description, url, imageAlt: '' };
        proposed = language;
      }
      return { state, mimeType: document.mimeType, text: document.text };
    });
    reply.code(201);
    return { ...(await sheetAnswer(context, view)), proposedTranslation: proposed };
  });

  // A new revision of one of the set's documents: the next version of its asset, at its own address;
  // the links that went to the one it follows go to it.
  on(app, context, editingApi.sheets.reviseDocument, async ({ caller: { actor }, query: { revision } }, request, reply) => {
    const view = await uploadIntoDraft(context, request, reply, { actor, revision }, 'document', async (received, state, signal) => {
      const index = (state.documents ?? []).findIndex((document) => document.assetId === request.params.assetId);
      const previous = state.documents?.[index];
      if (previous === undefined) throw notFound();
      const document = await checkDocument(received.path, pdfs, signal);
      const stored = await listFileAssetVersions(db, previous.assetId);
      const version = Math.max(previous.version, ...stored.map((row) => Number(row.version))) + 1;
      const url = fileAssetPath(platformSitesSegment, previous.assetId, version);
      const facts = factsOfNextRevision(previous);
      state.documents![index] = {
        ...facts,
        assetId: previous.assetId,
        version,
        sha256: received.sha256,
        fileName: received.fileName,
        mimeType: document.mimeType,
        byteSize: received.byteSize,
        url,
      };
      for (const texts of Object.values(state.translations)) if (texts.url === previous.url) texts.url = url;
      return { state, mimeType: document.mimeType, text: document.text };
    });
    return sheetAnswer(context, view);
  });
}
