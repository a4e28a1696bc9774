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
import type Type from 'typebox';
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
import { CONTENT_ROLES } from './guard';
import type { EditingContext } from './editable-routes';
import { answer, readInput } from './requests';
import { ApplyImportSchema, ImportOptionsSchema } from '../editing-contract/schemas';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';
import { withUploadedFile } from './uploaded-file';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

export function registerImportRoutes(app: FastifyInstance, { db, root, guard, platformSitesSegment, uploads, pdfs }: EditingContext): void {
  // Imports left open (a tab closed half way) go an hour after they were last touched.
  const sweeper = setInterval(() => void sweepImportUploads().catch(() => undefined), SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  on(app, root, editingApi.importUploads.open, async (request, reply) => {
    const { actor } = await guard(request, reply, CONTENT_ROLES);
    reply.code(201);
    return startImportUpload(actor);
  });

  on(app, root, editingApi.importUploads.addFile, async (request, reply) => {
    const { actor } = await guard(request, reply, CONTENT_ROLES);
    // The largest file an import takes is a zip; each kind's own limit is checked once its name is known.
    const limit = { maxBytes: IMPORT_UPLOAD_LIMITS.zipBytes, what: 'file', forFile: (fileName: string) => importFileKind(fileName) ?? limit };
    const files = await withUploadedFile(request, reply, { gate: uploads, owner: actor.id ?? actor.label }, limit, (received, signal) =>
      answer(() => addImportFile(request.params.token, actor, received.path, received.fileName, { pdfs, signal })),
    );
    return { files };
  });

  on(app, root, editingApi.importUploads.compare, async (request, reply) => {
    const { actor, session } = await guard(request, reply, CONTENT_ROLES);
    const options = readInput<Type.Static<typeof ImportOptionsSchema>>(ImportOptionsSchema, request.body, 'import');
    return answer(() => compareImportUpload(db, request.params.token, { actor, admin: session.role === 'admin' }, { ...options, platformSitesSegment }));
  });

  on(app, root, editingApi.importUploads.apply, async (request, reply) => {
    const { actor, session } = await guard(request, reply, CONTENT_ROLES);
    const options = readInput<Type.Static<typeof ApplyImportSchema>>(ApplyImportSchema, request.body, 'import');
    return answer(() => applyImportUpload(db, request.params.token, { actor, admin: session.role === 'admin' }, { ...options, platformSitesSegment }));
  });

  on(app, root, editingApi.importUploads.cancel, async (request, reply) => {
    const { actor } = await guard(request, reply, CONTENT_ROLES);
    await answer(() => cancelImportUpload(request.params.token, actor));
    reply.code(204);
  });
}
