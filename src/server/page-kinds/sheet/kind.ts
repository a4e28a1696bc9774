/**
 * Sheet pages: each sheet shown on the site at {BASE_PATH}/sheets/{urlName} and per language,
 * its data read by sheet-data.ts and its body drawn by site/sheet/sheet-page.tsx. The page has no
 * script. An address a sheet had answers 301 with its current one.
 */
import { ALL, cdnKeys } from '../../../shared/cdn-keys';
import { sheetAt } from '../../../published/sheets';
import { renderSheetPageBody } from '../../../site/entry-server';
import { renderSeoHead } from '../../../site/seo/seo-head';
import { languageTag } from '../../../shared/languages';
import type { ClientAssets } from '../../ssr/client-assets';
import { pageRoot, writeDocument } from '../../ssr/document';
import type { PageKind, Rendered } from '../page-kind';
import { memoKey } from '../../page-context';
import { languageOf } from '../../ssr/page-links';
import { loadSheetPage, relatedSheets, type SheetDataSource, type SheetPageParts } from './sheet-data';

/** A sheet page's surrogate keys, as the memo keeps them. */
const answerKeys = (urlName: string) => memoKey<{ keys: string[] }>(`sheet keys ${urlName}`);

export function sheetPages(source: SheetDataSource, assets: ClientAssets): PageKind {
  const { context, settings } = source;
  return {
    name: 'sheet',
    routes: [{ path: '/sheets/:urlName' }],
    async resolve(version, { params, origin }) {
      // The language is the site's to say; whether the sheet is there is the rendered version's.
      const site = await context.site(version);
      const language = site === undefined ? null : languageOf(params.lang, site.languages);
      const urlName = params.urlName ?? '';
      if (language === null) return { kind: 'not-found' };
      return {
        kind: 'page',
        page: {
          key: urlName,
          language,
          render: async (contentVersion): Promise<Rendered> => {
            const loaded = await loadSheetPage(source, contentVersion, language, urlName, origin);
            return loaded.kind === 'sheet' ? { kind: 'html', html: sheetDocument(loaded.parts, settings.basePath, assets) } : loaded;
          },
          keys: (contentVersion) => sheetKeys(source, contentVersion, urlName),
        },
      };
    },
  };
}

/**
 * What a sheet's page shows, as surrogate keys: the sheet, the related sheets it lists (their
 * titles are on it), the topics they are found by (a sheet joining or leaving one may change the
 * list), and the site.
 */
async function sheetKeys(source: SheetDataSource, version: number, urlName: string): Promise<string[]> {
  const { context } = source;
  const found = await context.memo.read(version, answerKeys(urlName), async () => {
    const site = await context.site(version);
    // Every language has the sheet's row: the default language's names it.
    const content = site === undefined ? undefined : await sheetAt(context.db, site.site.id, site.site.default_language, urlName);
    if (site === undefined || content === undefined) return { keys: [] };
    const related = await relatedSheets(source, version, site.site.id, content.id);
    return { keys: [cdnKeys.sheet(content.id), ...related.ids.map(cdnKeys.sheet), ...related.topics.map(cdnKeys.topic), ALL] };
  });
  return found.keys;
}

/** The sheet's page as an HTML document: the site's styles, no script. */
export function sheetDocument({ data, seo }: SheetPageParts, basePath: string, assets: ClientAssets): string {
  return writeDocument({
    lang: languageTag(data.language),
    headHtml: renderSeoHead(seo),
    basePath,
    assets: { scripts: [], preloads: [], styles: assets.styles },
    bodyHtml: pageRoot(renderSheetPageBody(data)),
  });
}
