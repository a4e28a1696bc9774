/**
 * An import in the studio (transfer/import-uploads.ts; docs/studio.md, "Import"):
 *   POST   /import-uploads                         open an import; answers its token
 *   POST   /import-uploads/:token/files            one file (multipart `file`): a CSV, a PDF, an image, or one zip
 *   POST   /import-uploads/:token/comparison       what it would do, field by field; nothing is written
 *   POST   /import-uploads/:token/apply            apply it, if the store still matches the comparison's digest
 *   DELETE /import-uploads/:token                  cancel: its files go
 * Applied imports are listed and undone with GET /imports and POST /imports/:id/undo (sheet-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  addImportFile,
  applyImportUpload,
  cancelImportUpload,
  compareImportUpload,
  importFileKind,
  IMPORT_UPLOAD_LIMITS,
  startImportUpload,
  sweepImportUploads,
} from '../transfer/import-uploads';
import type { EditingContext } from './editable-routes';
import { answer } from './requests';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';
import { withUploadedFile } from './uploaded-file';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

export function registerImportRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db, platformSitesSegment, uploads, pdfs } = context;
  // Imports left open (a tab closed half way) go an hour after they were last touched.
  const sweeper = setInterval(() => void sweepImportUploads().catch(() => undefined), SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  on(app, context, editingApi.importUploads.open, async ({ caller: { actor } }, _request, reply) => {
    reply.code(201);
    return startImportUpload(actor);
  });

  on(app, context, editingApi.importUploads.addFile, async ({ caller: { actor } }, request, reply) => {
    // The largest file an import takes is a zip; each kind's own limit is checked once its name is known.
    const limit = { maxBytes: IMPORT_UPLOAD_LIMITS.zipBytes, what: 'file', forFile: (fileName: string) => importFileKind(fileName) ?? limit };
    const files = await withUploadedFile(request, reply, { gate: uploads, owner: actor.id ?? actor.label }, limit, (received, signal) =>
      answer(() => addImportFile(request.params.token, actor, received.path, received.fileName, { pdfs, signal })),
    );
    return { files };
  });

  on(app, context, editingApi.importUploads.compare, async ({ caller: { actor, session }, body: options }, request) => {
    return answer(() => compareImportUpload(db, request.params.token, { actor, admin: session.role === 'admin' }, { ...options, platformSitesSegment }));
  });

  on(app, context, editingApi.importUploads.apply, async ({ caller: { actor, session }, body: options }, request) => {
    return answer(() => applyImportUpload(db, request.params.token, { actor, admin: session.role === 'admin' }, { ...options, platformSitesSegment }));
  });

  on(app, context, editingApi.importUploads.cancel, async ({ caller: { actor } }, request, reply) => {
    await answer(() => cancelImportUpload(request.params.token, actor));
    reply.code(204);
  });
}
