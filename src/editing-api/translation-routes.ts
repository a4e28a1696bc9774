/**
 * The translation round trip in the editing API, for editors and admins (docs/editing.md,
 * "Translation round trip"):
 *   GET  /translations/export       the texts to translate into a language, as an XLIFF download
 *                                   (?language=de_DE&format=1.2|2.0&outdated=true&sheets=id,id&pages=false);
 *                                   what it sent is kept, for the import's merge
 *   POST /translations/comparison   a translated XLIFF file compared with the drafts ({xliff, language?, includeNotTranslated?})
 *   POST /translations/apply        that comparison saved into the drafts ({xliff, language?, includeNotTranslated?, digest,
 *                                   choices?: {unit: ours|theirs}}; 409 when the drafts changed since)
 */
import type { FastifyInstance } from 'fastify';
import type Type from 'typebox';
import { ApiError, ERROR_CODES } from '../shared/errors';
import { exportTranslations, TranslationExportError } from '../transfer/translation-export';
import { applyTranslationImport, planTranslationImport, TranslationImportError, type ImportOptions } from '../transfer/translation-import';
import { DEFAULT_XLIFF_VERSION, XliffError } from '../transfer/xliff';
import type { EditingContext } from './editable-routes';
import { answer } from './requests';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';
import type { TranslationFileSchema } from '../editing-contract/schemas';

/** A file of thousands of sheets' texts, sent as JSON. */
const BODY_LIMIT = 25 * 1024 * 1024;

/** The round trip's refusals as API errors: a file that cannot be read or used is 400, a comparison overtaken 409. */
async function translating<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await answer(operation);
  } catch (error) {
    if (error instanceof TranslationImportError && error.reason === 'conflict') throw new ApiError(409, ERROR_CODES.CONFLICT, error.message);
    if (error instanceof XliffError || error instanceof TranslationImportError || error instanceof TranslationExportError)
      throw new ApiError(400, ERROR_CODES.INVALID_API_INPUT, error.message);
    throw error;
  }
}

const importOptions = (input: Type.Static<typeof TranslationFileSchema>): ImportOptions => ({
  ...(input.language === undefined ? {} : { language: input.language }),
  includeNotTranslated: input.includeNotTranslated ?? false,
});

export function registerTranslationRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;
  on(app, context, editingApi.translations.export, async ({ caller: { actor }, query }, _request, reply) => {
    const exported = await translating(() =>
      exportTranslations(
        db,
        {
          language: query.language,
          version: query.format ?? DEFAULT_XLIFF_VERSION,
          outdated: query.outdated ?? false,
          withPages: query.pages ?? true,
          ...(query.sheets === undefined ? {} : { sheetIds: query.sheets.split(',').filter(Boolean) }),
          ...(query.release === undefined ? {} : { releaseId: query.release }),
        },
        { actor },
      ),
    );
    const name = `translations-${query.language}${query.outdated ? '-outdated' : ''}-${new Date().toISOString().slice(0, 10)}.xlf`;
    return reply
      .type('application/xliff+xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-translation-units', String(exported.units))
      .send(exported.xml);
  });

  on(
    app,
    context,
    editingApi.translations.compare,
    async ({ body: input }) => {
      return translating(() => planTranslationImport(db, input.xliff, importOptions(input)));
    },
    { bodyLimit: BODY_LIMIT },
  );

  on(
    app,
    context,
    editingApi.translations.apply,
    async ({ caller: { actor }, body: input }) => {
      return translating(() =>
        applyTranslationImport(
          db,
          input.xliff,
          { ...importOptions(input), digest: input.digest, ...(input.choices === undefined ? {} : { choices: input.choices }) },
          actor,
        ),
      );
    },
    { bodyLimit: BODY_LIMIT },
  );
}
