/**
 * The sheets of the editing API, for editors and admins (docs/editing.md, "The editing API"):
 *   GET    /sheets                          list (q, status, offset, limit)
 *   POST   /sheets                          create a draft
 *   GET    /sheets/:id                      the draft, the published state, schedules
 *   PUT    /sheets/:id                      save the draft (revision; 409 when stale)
 *   DELETE /sheets/:id                      move to the trash
 *   PUT    /sheets/:id/translations/:lang   save one language's texts
 *   DELETE /sheets/:id/translations/:lang   remove a language
 *   POST   /sheets/:id/translations/:lang/confirm   its outdated texts are still right
 *   PUT    /sheets/:id/seo                  save the SEO fields
 *   POST   /sheets/:id/publish | unpublish
 *   POST   /sheets/:id/documents/:version/withdraw | restore   a published version of its document answers 410, or is served again
 *   POST   /sheets/:id/schedules            publish or unpublish at a time; DELETE /schedules/:n cancels
 *   GET    /sheets/:id/versions[/:n]        history; GET /sheets/:id/compare?from&to
 *   POST   /sheets/:id/versions/:n/restore  an earlier version as the new draft
 *   GET    /trash · POST /trash/:id/restore
 *   POST   /sheets/:id/undo-publish         the site shows what it did before the last publish
 *   GET    /imports · GET /imports/:id      the last imports; one, with the sheets and fields it changed
 *   POST   /imports/:id/undo                undo what it changed (keepLater: and keep what was changed since)
 */
import { listOldAddresses } from '../cms/repositories/old-addresses';
import { withdrawDocumentVersion } from '../editing/document-versions';
import type { FastifyInstance } from 'fastify';
import { describeImport, recentImports, undoImport } from '../editing/imports';
import { listFileAssetVersions } from '../cms/repositories/files';
import { findPrimarySite, findSiteById, listActiveLanguages } from '../cms/repositories/sites';
import type { EditableView } from '../editing/editable';
import { cancelSchedule, listSheetSchedules, scheduleSheet } from '../editing/schedules';
import type { SheetState, SheetTexts } from '../sheet/shape';
import { documentsOf } from '../sheet/documents';
import type { Actor } from '../editing/audit';
import { freeUrlName, newSheetPlace, newSheetState, sheets, sheetTextsOf } from '../editing/sheets';
import { outdatedTexts } from '../editing/translation-marks';
import { listSheetPage } from '../editing/sheet-list';
import { ApiError, ERROR_CODES, notFound } from '../shared/errors';
import { answer } from './requests';
import { changeDraft, registerEditableRoutes, type EditingContext } from './editable-routes';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';
import { fileAssetPath, mediaDeliveryPath, sheetPath } from '../shared/urls';
import type { DraftFile } from './previews';

/**
 * What the studio gets for a sheet: its view, what is scheduled for it, and the published versions
 * of its document with their addresses (each version keeps its own, `?v=N`).
 */
export async function sheetAnswer(context: Pick<EditingContext, 'db' | 'basePath' | 'platformSitesSegment'>, view: EditableView<SheetState>) {
  const { db } = context;
  const { targetId, ...rest } = view;
  const assetIds = [
    ...new Set([view.draft, view.published].flatMap((state) => (state === null ? [] : documentsOf(state))).map((document) => document.assetId)),
  ];
  const documentVersions = [];
  for (const assetId of assetIds)
    for (const { version, retired } of await listFileAssetVersions(db, assetId))
      documentVersions.push({
        assetId,
        version,
        url: `${context.basePath}${fileAssetPath(context.platformSitesSegment, assetId, version)}`,
        withdrawn: retired,
      });
  return {
    id: targetId,
    ...rest,
    outdated: await outdatedTexts(db, 'sheet', targetId, sheetTextsOf(view.draft)),
    undoablePublish: await sheets.canUndoPublish(db, targetId, view),
    siteUrl: view.published === null ? null : `${context.basePath}${sheetPath(view.published.urlName)}`,
    schedules: await listSheetSchedules(db, targetId),
    siteLanguages: await listActiveLanguages(db, view.draft.siteId),
    oldAddresses: (await listOldAddresses(db, targetId)).map((address) => `${context.basePath}${sheetPath(address.urlName)}`),
    // Each document's published versions, newest first.
    documentVersions: documentVersions.sort((a, b) => a.assetId.localeCompare(b.assetId) || b.version - a.version),
  };
}

/** The draft's image and document when the site does not show them (yet), by the paths the page gives them. */
export function unpublishedFiles(view: EditableView<SheetState>, segment: string): DraftFile[] {
  const { image } = view.draft;
  const files: DraftFile[] = [];
  if (image !== null && image.sha256 !== view.published?.image?.sha256)
    files.push({ sha256: image.sha256, paths: [mediaDeliveryPath(segment, image.contentKey)] });
  const published = new Set((view.published === null ? [] : documentsOf(view.published)).map((document) => document.sha256));
  for (const document of documentsOf(view.draft))
    if (!published.has(document.sha256)) files.push({ sha256: document.sha256, paths: [fileAssetPath(segment, document.assetId, document.version)] });
  return files;
}

export function registerSheetRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db, root } = context;
  registerEditableRoutes(app, {
    ...context,
    editor: sheets,
    present: (view) => sheetAnswer(context, view),
    previewOf: (view) => ({ contentId: view.targetId }),
    draftFiles: (view) => unpublishedFiles(view, context.platformSitesSegment),
    operations: editingApi.sheets,
  });

  on(app, context, editingApi.sheets.list, async ({ query }) => {
    const site = query.siteId === undefined ? await findPrimarySite(db) : await findSiteById(db, query.siteId);
    if (site === undefined) return { total: 0, offset: 0, languages: [], sheets: [] };
    const offset = query.offset ?? 0;
    const [page, languages] = await Promise.all([listSheetPage(db, { ...query, siteId: site.id, offset }), listActiveLanguages(db, site.id)]);
    return {
      total: page.total,
      offset,
      languages,
      sheets: page.sheets.map(({ image, ...sheet }) => ({
        ...sheet,
        image: image === null ? null : { url: `${root}/files/${image.sha256}`, alt: image.alt },
      })),
    };
  });

  on(app, context, editingApi.sheets.create, async ({ caller: { actor }, body: input }, _request, reply) => {
    const place = await answer(() =>
      newSheetPlace(db, {
        ...(input.siteId === undefined ? {} : { siteId: input.siteId }),
        ...(input.collectionId === undefined ? {} : { collectionId: input.collectionId }),
        ...(input.language === undefined ? {} : { language: input.language }),
      }),
    );
    const state = newSheetState({
      ...place,
      texts: {
        title: input.title,
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.url === undefined ? {} : { url: input.url }),
      },
      urlName: input.urlName ?? (await freeUrlName(db, place.siteId, input.title)),
    });
    const created = await answer(() => sheets.create(db, state.id, state, actor));
    reply.code(201).header('Location', `${root}/sheets/${encodeURIComponent(state.id)}`);
    return sheetAnswer(context, created);
  });

  on(app, context, editingApi.sheets.moveToTrash, async ({ caller: { actor }, query: { revision } }, request, reply) => {
    await answer(() => sheets.remove(db, request.params.id, revision, actor));
    return reply.code(204).send();
  });

  on(app, context, editingApi.sheets.saveSeo, async ({ caller: { actor }, body: input }, request) => {
    return changeSheetIn(context, request.params.id, input.revision, actor, (state) => ({ ...state, seo: input.seo }));
  });

  on(app, context, editingApi.sheets.unpublish, async ({ caller: { actor }, body: { revision } }, request) => {
    return sheetAnswer(context, await answer(() => sheets.unpublish(db, request.params.id, revision, actor)));
  });

  registerSheetTranslationRoutes(app, context);
  registerDocumentVersionRoutes(app, context);
  registerScheduleRoutes(app, context);
  registerTrashRoutes(app, context);
  registerImportHistoryRoutes(app, context);
}

/** Saves a change to the sheet's draft and answers the sheet as the studio gets it. */
const changeSheetIn = async (context: EditingContext, id: string, revision: number, actor: Actor, change: (state: SheetState) => SheetState) =>
  sheetAnswer(context, await changeDraft(context.db, sheets, id, revision, actor, change));

/** The sheet's texts in its other languages: saved, confirmed as still right, removed. */
function registerSheetTranslationRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;
  on(app, context, editingApi.sheets.saveTranslation, async ({ caller: { actor }, body: input }, request) => {
    return changeSheetIn(context, request.params.id, input.revision, actor, (state) => ({
      ...state,
      translations: { ...state.translations, [request.params.language]: input.texts as SheetTexts },
    }));
  });

  on(app, context, editingApi.sheets.confirmTranslation, async ({ caller: { actor }, body: input }, request) => {
    return sheetAnswer(context, await sheets.confirmTexts(db, request.params.id, request.params.language, input.fields, actor));
  });

  on(app, context, editingApi.sheets.removeTranslation, async ({ caller: { actor }, query: { revision } }, request) => {
    return changeSheetIn(context, request.params.id, revision, actor, (state) => {
      const { language } = request.params;
      if (language === state.primaryLanguage)
        throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, `${language} is the sheet's primary language: it cannot be removed`);
      if (state.translations[language] === undefined) throw notFound();
      return { ...state, translations: Object.fromEntries(Object.entries(state.translations).filter(([name]) => name !== language)) };
    });
  });
}

/** A published version of the sheet's document (or of a document of its set) withdrawn, or served again. */
function registerDocumentVersionRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;
  for (const [operation, withdrawn] of [
    [editingApi.sheets.withdrawDocument, true],
    [editingApi.sheets.restoreDocument, false],
  ] as const)
    // ?asset= names a document of the set; without it, the sheet's own.
    on(app, context, operation, async ({ caller: { actor }, query }, request) => {
      const version = Number(request.params.version);
      if (!Number.isInteger(version) || version < 1) throw new ApiError(404, ERROR_CODES.NOT_FOUND, `There is no version ${request.params.version}`);
      await answer(() => withdrawDocumentVersion(db, request.params.id, version, withdrawn, actor, { assetId: query.asset }));
      return sheetAnswer(context, (await sheets.view(db, request.params.id))!);
    });
}

/** A publish or an unpublish at a time to come, and its cancelling (docs/studio.md, "Publishing"). */
function registerScheduleRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;
  on(app, context, editingApi.sheets.schedule, async ({ caller: { actor }, body: input }, request, reply) => {
    const schedule = await answer(() => scheduleSheet(db, request.params.id, input.action, input.at, actor));
    return reply.code(201).send(schedule);
  });

  on(app, context, editingApi.schedules.cancel, async ({ caller: { actor } }, request, reply) => {
    const id = Number(request.params.schedule);
    if (!Number.isSafeInteger(id)) throw notFound();
    if (!(await answer(() => cancelSchedule(db, id, actor))))
      throw new ApiError(409, ERROR_CODES.CONFLICT, `Schedule ${id} has fired or was cancelled already`);
    return reply.code(204).send();
  });
}

/** The sheets in the trash, and bringing one back. */
function registerTrashRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;
  on(app, context, editingApi.trash.list, async () => {
    return (await sheets.inTrash(db)).map((row) => ({
      id: row.target_id,
      label: row.label,
      deletedBy: row.deleted_by,
      deletedAt: row.deleted_at,
      wasPublished: row.published !== null,
    }));
  });

  on(app, context, editingApi.trash.restore, async ({ caller: { actor } }, request) => {
    return sheetAnswer(context, await answer(() => sheets.restoreFromTrash(db, request.params.id, actor)));
  });
}

/** The imports made, what each changed, and undoing one. */
function registerImportHistoryRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;
  on(app, context, editingApi.imports.list, async () => recentImports(db, 20));

  on(app, context, editingApi.imports.details, async (_received, request) => {
    return answer(() => describeImport(db, request.params.id));
  });

  on(app, context, editingApi.imports.undo, async ({ caller: { actor }, body: { keepLater } }, request) => {
    return answer(() => undoImport(db, request.params.id, actor, { keepLater }));
  });
}
