/**
 * The page settings and the collection order of the editing API, for editors and admins:
 *   GET  /pages                               the pages, with their status
 *   GET  /pages/:name                         the page's draft and published definition, its heading,
 *                                             whether its grid is searchable, and which custom head
 *                                             tags the site keeps or drops
 *   PUT  /pages/:name/settings                save the heading, SEO settings, search field and texts in
 *                                             other languages ({revision, heading?, seo?, searchable?, translations?})
 *   PUT  /pages/:name/translations/:language  save the page's texts in another language ({revision, texts})
 *   POST /pages/:name/translations/:language/confirm   its outdated texts are still right
 *   PUT  /pages/:name · POST /pages/:name/publish · versions, compare, restore (editable-routes.ts)
 *   GET  /collections                         the site's literature collections
 *   GET  /collections/:id/order               the order's draft, with each sheet's title
 *   PUT  /collections/:id/order · POST …/publish · versions, compare, restore
 *   GET  /topics                              the site's taxonomy (?siteId; the primary site's by default)
 */
import type { FastifyInstance } from 'fastify';
import { findContentsByIds, listStoredTranslations } from '../cms/repositories/contents';
import { listStoredPages } from '../cms/repositories/pages';
import { listCollectionsOfType } from '../cms/repositories/collections';
import { findPrimarySite, findSiteById, listActiveLanguages } from '../cms/repositories/sites';
import { listTopics } from '../cms/repositories/topics';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { collectionOrders, type CollectionOrder } from '../editing/collection-order';
import type { EditableView } from '../editing/editable';
import { headingOf, headTagReport, pages, pageTextsOf, searchableOf, withSettings, withTranslation } from '../editing/pages';
import { outdatedTexts } from '../editing/translation-marks';
import { pageTexts } from '../page-model/page-texts';
import { ApiError, ERROR_CODES } from '../shared/errors';
import type { PageDefinition } from '../page-model/page-definition';
import { changeDraft, registerEditableRoutes, type EditingContext } from './editable-routes';
import { on } from './route-contract';
import { editingApi } from '../editing-contract/operations';

type SiteContext = EditingContext & { basePath: string };

export function registerSiteRoutes(app: FastifyInstance, context: SiteContext): void {
  registerPageRoutes(app, context);
  registerCollectionRoutes(app, context);
}

/** The pages: their settings, texts in other languages, and the editable routes of their definitions. */
function registerPageRoutes(app: FastifyInstance, context: SiteContext): void {
  const { db, basePath } = context;

  /** The languages of the site the pages are of (the primary site's), its own first. */
  const siteLanguages = async () => {
    const site = await findPrimarySite(db);
    return site === undefined
      ? []
      : [site.default_language, ...(await listActiveLanguages(db, site.id)).filter((language) => language !== site.default_language)];
  };
  /** Refuses a page translation into the page's own language or one the site does not have. */
  const checkTranslated = async (languages: string[]) => {
    const [primary, ...others] = await siteLanguages();
    for (const language of languages)
      if (!others.includes(language))
        throw new ApiError(
          400,
          ERROR_CODES.INVALID_API_INPUT,
          language === primary
            ? `${language} is the page’s own language: change its texts with PUT …/settings`
            : `${language} is not one of the site’s languages`,
        );
  };
  const presentPage = async (view: EditableView<PageDefinition>) => {
    const { targetId, ...rest } = view;
    const [primaryLanguage = '', ...languages] = await siteLanguages();
    return {
      name: targetId,
      ...rest,
      primaryLanguage,
      languages,
      texts: pageTexts(view.draft),
      outdated: await outdatedTexts(db, 'page', targetId, pageTextsOf(view.draft)),
      heading: headingOf(view.draft)?.settings.text ?? null,
      searchable: searchableOf(view.draft),
      headTags: headTagReport(view.draft, basePath).map((verdict) =>
        'kept' in verdict ? { kept: true, tag: verdict.kept } : { kept: false, tag: verdict.tag, reason: verdict.dropped },
      ),
    };
  };
  registerEditableRoutes(app, {
    ...context,
    editor: pages,
    present: presentPage,
    previewOf: (view) => ({ pageName: view.targetId }),
    operations: editingApi.pages,
  });

  on(app, context, editingApi.pages.list, async () => {
    const stored = await listStoredPages(db);
    return Promise.all(
      stored.map(async (row) => {
        const view = await pages.view(db, row.name);
        return { name: row.name, path: row.path, status: view?.status ?? 'published', revision: view?.revision ?? 0 };
      }),
    );
  });

  on(app, context, editingApi.pages.saveSettings, async ({ caller: { actor }, body: input }, request) => {
    const translations = Object.entries(input.translations ?? {});
    await checkTranslated(translations.map(([language]) => language));
    const view = await changeDraft(db, pages, request.params.name, input.revision, actor, (page) =>
      translations.reduce(
        (next, [language, texts]) => withTranslation(next, language, texts),
        withSettings(page, {
          ...(input.heading === undefined ? {} : { heading: input.heading }),
          ...(input.seo === undefined ? {} : { seo: input.seo }),
          ...(input.searchable === undefined ? {} : { searchable: input.searchable }),
        }),
      ),
    );
    return presentPage(view);
  });

  on(app, context, editingApi.pages.saveTranslation, async ({ caller: { actor }, body: input }, request) => {
    const { language } = request.params;
    await checkTranslated([language]);
    return presentPage(await changeDraft(db, pages, request.params.name, input.revision, actor, (page) => withTranslation(page, language, input.texts)));
  });

  on(app, context, editingApi.pages.confirmTranslation, async ({ caller: { actor }, body: input }, request) => {
    return presentPage(await pages.confirmTexts(db, request.params.name, request.params.language, input.fields, actor));
  });
}

/** The collections and their order, and the topics a sheet may name. */
function registerCollectionRoutes(app: FastifyInstance, context: SiteContext): void {
  const { db } = context;
  // The order's sheets with their titles, so a person can arrange them.
  const presentOrder = async (view: EditableView<CollectionOrder>) => {
    const { targetId, ...rest } = view;
    const primary = new Map((await findContentsByIds(db, view.draft.siteId, view.draft.items)).map((content) => [content.id, content.primary_language]));
    const titles = new Map<string, string>();
    for (const row of await listStoredTranslations(db, view.draft.items))
      if (primary.get(row.content_id) === row.language) titles.set(row.content_id, row.title);
    return { collectionId: targetId, ...rest, sheets: view.draft.items.map((id) => ({ id, title: titles.get(id) ?? id })) };
  };
  on(app, context, editingApi.collections.list, async () => {
    const site = await findPrimarySite(db);
    const collections = (await listCollectionsOfType(db, LITERATURE_CONTENT_TYPE)).filter((collection) => collection.site_id === site?.id);
    return Promise.all(
      collections.map(async (collection) => {
        const view = await collectionOrders.view(db, collection.id);
        return { id: collection.id, title: collection.title, status: view?.status ?? 'published', count: view?.draft.items.length ?? 0 };
      }),
    );
  });

  // What a sheet may name under `topics` (editing/sheets.ts refuses any other), for the sheet form's checkboxes.
  on(app, context, editingApi.topics.list, async ({ query }) => {
    const site = query.siteId === undefined ? await findPrimarySite(db) : await findSiteById(db, query.siteId);
    return site === undefined ? [] : listTopics(db, site.id);
  });

  registerEditableRoutes(app, {
    ...context,
    previewOf: () => ({}),
    editor: collectionOrders,
    present: presentOrder,
    operations: editingApi.orders,
  });
}
