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
import { AppliedImportSchema, ApplyImportSchema, ImportComparisonSchema, ImportFilesSchema, ImportOptionsSchema, ImportUploadSchema } from './schemas';
import { contract } from './route-contract';
import { withUploadedFile } from './uploaded-file';

type TokenParams = { Params: { token: string } };

const SWEEP_EVERY_MS = 10 * 60 * 1000;

export function registerImportRoutes(app: FastifyInstance, { db, root, guard, platformSitesSegment, uploads, pdfs }: EditingContext): void {
  const base = `${root}/import-uploads`;
  // Imports left open (a tab closed half way) go an hour after they were last touched.
  const sweeper = setInterval(() => void sweepImportUploads().catch(() => undefined), SWEEP_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.post(
    base,
    contract({ summary: 'Open an import in the studio; its files follow', role: 'editor', response: { status: 201, schema: ImportUploadSchema } }),
    async (request, reply) => {
      const { actor } = await guard(request, reply, CONTENT_ROLES);
      reply.code(201);
      return startImportUpload(actor);
    },
  );

  app.post<TokenParams>(
    `${base}/:token/files`,
    contract({
      summary: 'Add one file to the import (multipart): a CSV, a PDF or image its rows name, or one zip of an export folder',
      role: 'editor',
      upload: 'import',
      response: { status: 200, schema: ImportFilesSchema },
    }),
    async (request, reply) => {
      const { actor } = await guard(request, reply, CONTENT_ROLES);
      // The largest file an import takes is a zip; each kind's own limit is checked once its name is known.
      const limit = { maxBytes: IMPORT_UPLOAD_LIMITS.zipBytes, what: 'file', forFile: (fileName: string) => importFileKind(fileName) ?? limit };
      const files = await withUploadedFile(request, reply, { gate: uploads, owner: actor.id ?? actor.label }, limit, (received, signal) =>
        answer(() => addImportFile(request.params.token, actor, received.path, received.fileName, { pdfs, signal })),
      );
      return { files };
    },
  );

  app.post<TokenParams>(
    `${base}/:token/comparison`,
    contract({
      summary: 'What the import would do, record by record and field by field; nothing is written',
      role: 'editor',
      body: ImportOptionsSchema,
      response: { status: 200, schema: ImportComparisonSchema },
    }),
    async (request, reply) => {
      const { actor, session } = await guard(request, reply, CONTENT_ROLES);
      const options = readInput<Type.Static<typeof ImportOptionsSchema>>(ImportOptionsSchema, request.body, 'import');
      return answer(() => compareImportUpload(db, request.params.token, { actor, admin: session.role === 'admin' }, { ...options, platformSitesSegment }));
    },
  );

  app.post<TokenParams>(
    `${base}/:token/apply`,
    contract({
      summary: 'Apply the import in one transaction, if the store still matches the comparison (409 otherwise)',
      role: 'editor',
      body: ApplyImportSchema,
      response: { status: 200, schema: AppliedImportSchema },
    }),
    async (request, reply) => {
      const { actor, session } = await guard(request, reply, CONTENT_ROLES);
      const options = readInput<Type.Static<typeof ApplyImportSchema>>(ApplyImportSchema, request.body, 'import');
      return answer(() => applyImportUpload(db, request.params.token, { actor, admin: session.role === 'admin' }, { ...options, platformSitesSegment }));
    },
  );

  app.delete<TokenParams>(
    `${base}/:token`,
    contract({ summary: 'Cancel the import: its files go', role: 'editor', response: { status: 204 } }),
    async (request, reply) => {
      const { actor } = await guard(request, reply, CONTENT_ROLES);
      await answer(() => cancelImportUpload(request.params.token, actor));
      reply.code(204);
    },
  );
}
