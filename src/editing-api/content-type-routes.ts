/**
 * Content types in the editing API (issue 35, docs/content-model.md):
 *   GET   /content-types/:name                 the type as the site has it (any editor: the sheet form is built from it)
 *   POST  /content-types/:name/fields          add a field (admins)
 *   PATCH /content-types/:name/fields/:field   change a field's labels, place, where it shows, whether publishing needs it; retire it (admins)
 * Each change is on the site at once, with a version and an audit entry (editing/content-types.ts);
 * `npm run cli -- fields …` makes the same changes.
 */
import type { FastifyInstance } from 'fastify';
import { changeFields, contentTypes, type FieldChange } from '../editing/content-types';
import type { EditableView } from '../editing/editable';
import type { ContentType } from '../content-model/definition';
import { ApiError, ERROR_CODES } from '../shared/errors';
import { findPrimarySite, listActiveLanguages } from '../cms/repositories/sites';
import type { EditingContext } from './editable-routes';
import { answer } from './requests';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';

const noType = (name: string) => new ApiError(404, ERROR_CODES.NOT_FOUND, `There is no content type ${name}`);

export function registerContentTypeRoutes(app: FastifyInstance, context: EditingContext): void {
  const { db } = context;
  // The primary site's languages come along: a field is labelled in each (the Fields screen asks for them).
  const present = async (view: EditableView<ContentType>) => {
    const site = await findPrimarySite(db);
    return { revision: view.revision, type: view.published ?? view.draft, languages: site === undefined ? [] : await listActiveLanguages(db, site.id) };
  };

  on(app, context, editingApi.contentTypes.view, async (_received, request) => {
    const view = await contentTypes.view(db, request.params.name);
    if (view === null) throw noType(request.params.name);
    return present(view);
  });

  on(app, context, editingApi.contentTypes.addField, async ({ caller: { actor }, body: field }, request, reply) => {
    const view = await answer(() => changeFields(db, request.params.name, { add: field }, actor));
    return reply.code(201).send(await present(view));
  });

  // The settings sent, then the place: one change (a version and an audit entry), all of it or none.
  on(app, context, editingApi.contentTypes.changeField, async ({ caller: { actor }, body }, request) => {
    const { position, ...settings } = body;
    const { name, field } = request.params;
    const changes: FieldChange[] = [
      ...(Object.keys(settings).length > 0 ? [{ change: field, ...settings }] : []),
      ...(position === undefined ? [] : [{ move: field, to: position }]),
    ];
    if (changes.length === 0) {
      const view = await contentTypes.view(db, name);
      if (view === null) throw noType(name);
      return present(view);
    }
    return present(await answer(() => changeFields(db, name, changes, actor)));
  });
}
