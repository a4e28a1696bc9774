/**
 * PDFs to sheets (docs/studio.md, "PDFs to sheets"): POST /sheets/from-pdf (one form field
 * `file`). A PDF proposes a new draft sheet: title, description, the PDF as its document, page 1
 * as its card image with alternative text, all editable before it is published. The same PDF again
 * makes no second sheet.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { listActiveLanguages } from '../cms/repositories/sites';
import { proposeSheet } from '../editing/pdf-proposal';
import { freeUrlName, newSheetPlace, newSheetState, sheets } from '../editing/sheets';
import { casNumbersIn } from '../shared/chemistry';
import { languageOfText } from '../files/document-language';
import { checkDocument } from '../files/uploads';
import type { SheetState } from '../sheet/shape';
import { MANAGED_CONTENT_ID_PREFIX } from '../shared/constants';
import { ApiError, ERROR_CODES } from '../shared/errors';
import { contentKeyFromBytes, idFromBytes } from '../shared/ids';
import { fileAssetPath } from '../shared/urls';
import type { EditingContext } from './editable-routes';
import { answer } from './requests';
import { sheetAnswer } from './sheet-routes';
import { withUpload } from './upload-routes';
import { blobOf, findSheetWithDocument } from '../editing/draft-files';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';

export function registerSheetFromPdfRoute(app: FastifyInstance, context: EditingContext): void {
  const { db, root, platformSitesSegment, pdfs } = context;
  // PDFs to sheets: a PDF proposes a new draft sheet (title, description, the PDF as its document,
  // page 1 as its card image with alternative text), all editable before it is published.
  on(app, context, editingApi.sheets.fromPdf, async ({ caller: { actor }, query }, request, reply) => {
    let place = await answer(() =>
      newSheetPlace(db, {
        ...(query.siteId ? { siteId: query.siteId } : {}),
        ...(query.language ? { language: query.language } : {}),
      }),
    );
    let textless = false;
    let pages = { count: 0, textRead: 0 };
    const created = await withUpload(context, request, reply, actor, 'document', async (received, signal) => {
      // The same PDF again makes no second sheet: the editor is told which sheet has it.
      const existing = await findSheetWithDocument(db, received.sha256);
      if (existing !== undefined)
        throw new ApiError(409, ERROR_CODES.CONFLICT, `This PDF is already the document of “${existing.label}”: open that sheet to change it.`, {
          sheet: existing,
        });
      const document = await checkDocument(received.path, pdfs, signal);
      // A scan has no text to find it by until the editor gives it some.
      textless = document.text.trim() === '';
      // A long PDF is read only so far: the editor is told (docs/studio.md, "PDFs to sheets").
      pages = { count: document.pageCount, textRead: document.textPageCount };
      // Unless the editor said, the sheet is in the language its PDF is written in (one of the site's).
      if (query.language === undefined) {
        const written = await languageOfText(document.text, await listActiveLanguages(db, place.siteId));
        if (written !== null) place = { ...place, primaryLanguage: written };
      }
      const proposal = proposeSheet(document, received.fileName, place.primaryLanguage);
      // A name from the title; taken, the title's with the CAS number the sheet names (its PDF's first page).
      const urlName = await freeUrlName(db, place.siteId, proposal.title, casNumbersIn(document.firstPageText));
      const base = newSheetState({ ...place, urlName, texts: { title: proposal.title, description: proposal.description } });
      const assetId = `sheet-${randomBytes(8).toString('hex')}`;
      const cover = document.firstPagePng;
      const coverSha = createHash('sha256').update(cover).digest('hex');
      const { width, height } = document.firstPageSize;
      const state: SheetState = {
        ...base,
        translations: {
          [place.primaryLanguage]: {
            ...base.translations[place.primaryLanguage]!,
            url: fileAssetPath(platformSitesSegment, assetId, 1),
            imageAlt: proposal.imageAlt,
          },
        },
        document: { assetId, version: 1, sha256: received.sha256, fileName: received.fileName, mimeType: 'application/pdf', byteSize: received.byteSize },
        image: {
          contentId: idFromBytes(MANAGED_CONTENT_ID_PREFIX, randomBytes(16)),
          contentKey: contentKeyFromBytes(randomBytes(16)),
          urlName: `${base.urlName.slice(0, 180)}-cover`,
          sha256: coverSha,
          fileName: `${received.fileName.replace(/\.pdf$/i, '')}-page-1.png`.slice(0, 255),
          mimeType: 'image/png',
          byteSize: cover.length,
          width,
          height,
        },
      };
      const pdf = blobOf(await readFile(received.path), received.sha256, 'application/pdf', document.text);
      const png = blobOf(cover, coverSha, 'image/png', null);
      return answer(() =>
        sheets.create(db, state.id, state, actor, new Date(), async (trx) => {
          await pdf(trx);
          await png(trx);
        }),
      );
    });
    reply.code(201).header('Location', `${root}/sheets/${encodeURIComponent(created.targetId)}`);
    return { ...(await sheetAnswer(context, created)), textless, pages };
  });
}
