/**
 * The store's content as files, for editors (docs/studio.md, "Export"): the round trip through a
 * spreadsheet needs no shell.
 *   GET /exports/sheets.csv     the literature collection as the CSV the import reads (the files it
 *                               names are the sheets' own: importing it again needs none of them)
 *   GET /exports/content.zip    an export folder (manifest.json and every image and document), zipped
 */
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { collectContent } from '../transfer/export-content';
import { collectCsv } from '../transfer/export-csv';
import { ApiError, ERROR_CODES } from '../shared/errors';
import type { EditingContext } from './editable-routes';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';

/** A file name with today's date, so downloads do not overwrite each other. */
const dated = (name: string, extension: string) => `${name}-${new Date().toISOString().slice(0, 10)}.${extension}`;

export function registerExportRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;
  on(app, context, editingApi.exports.sheetsCsv, async ({ query }, _request, reply) => {
    const { csv } = await collectCsv(db, { collection: query.collection }).catch((error: unknown) => {
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, error instanceof Error ? error.message : String(error));
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${dated('sheets', 'csv')}"`)
      .send(csv);
  });

  on(app, context, editingApi.exports.contentZip, async (_received, _request, reply) => {
    const { manifest, files } = await collectContent(db);
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), 'content/manifest.json');
    for (const [path, bytes] of [...files].sort(([a], [b]) => a.localeCompare(b)))
      zip.addBuffer(bytes, `content/${path}`, { compress: !/\.(png|jpe?g|webp|avif|gif|pdf)$/i.test(path) });
    zip.end();
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${dated('literature-content', 'zip')}"`)
      .send(zip.outputStream);
  });
}
