/**
 * Serves each sheet's own page at {BASE_PATH}/sheets/{urlName} in the default language and at
 * {BASE_PATH}/{lang}/sheets/{urlName} in the others (server/ssr/sheet-page.ts). A page is the same
 * for every visitor, so one rendering serves all until content changes. An address a sheet had
 * answers 301 with its current one.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { originForResponse, type DeliverySettings } from '../../api/delivery-context';
import { REVALIDATE, type CachedResponder } from '../http-cache';
import type { SheetPages } from '../ssr/sheet-page';

export interface SheetPageRouteOptions {
  settings: DeliverySettings;
  sheetPages: SheetPages;
  respond: CachedResponder;
}

/** No such sheet (or language) in the content version being rendered: nothing is cached for it. */
class NoSuchSheet extends Error {}

/** The sheet has moved: its address now (a 301, never cached here: the next request asks again). */
class Moved extends Error {
  constructor(readonly location: string) {
    super(location);
  }
}

type SheetRequest = FastifyRequest<{ Params: { lang?: string; urlName: string } }>;

export function registerSheetPages(app: FastifyInstance, { settings, sheetPages, respond }: SheetPageRouteOptions): void {
  const { basePath } = settings;
  const handler = async (request: SheetRequest, reply: FastifyReply) => {
    const { lang, urlName } = request.params;
    const origin = originForResponse(settings, request, reply);
    try {
      return await respond(request, reply, {
        key: `sheet ${urlName} ${lang ?? ''} ${settings.siteUrl === null ? origin : ''}`,
        contentType: 'text/html; charset=utf-8',
        cacheControl: REVALIDATE,
        render: async (contentVersion) => {
          const result = await sheetPages.render(contentVersion, lang, urlName, origin);
          if (result.kind === 'moved') throw new Moved(result.location);
          if (result.kind !== 'page') throw new NoSuchSheet();
          return result.html;
        },
      });
    } catch (error) {
      if (error instanceof NoSuchSheet) return reply.callNotFound();
      // Moved for good, but asked again each time: the sheet may take this address back.
      if (error instanceof Moved) return reply.header('cache-control', 'no-cache').redirect(error.location, 301);
      throw error;
    }
  };
  app.get(`${basePath}/sheets/:urlName`, handler);
  app.get(`${basePath}/:lang/sheets/:urlName`, handler);
}
