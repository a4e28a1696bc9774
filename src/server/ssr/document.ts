/**
 * Every HTML document the server sends is written here: public pages, sheet pages, error pages,
 * the account pages and the studio's shell. One frame (charset, viewport, the head's tags, the
 * favicon, the browser's files, the body, and data for the page's script), so a change to it
 * (a header tag, a policy) is made once (spec §2.2; DESIGN "SSR in three parts": the server owns
 * the template).
 */
import type { ClientAssets } from './client-assets';
import { escapeHtml } from '../../shared/html';

export interface HtmlDocument {
  /** BCP 47 language of the page, e.g. 'en-US'. */
  lang: string;
  /** The head's own tags (title, description, canonical, robots…), escaped already (renderSeoHead, privateHead). */
  headHtml: string;
  /** The site's base path: the favicon is the site's, at {basePath}/assets/favicon.svg. */
  basePath: string;
  /** The browser's files, each at {assetBase}/{file}: the site's own (assetBase: the base path) or the studio's. */
  assets: ClientAssets;
  assetBase?: string;
  /** The body's markup, as it stands. */
  bodyHtml: string;
  /** Data the page's script starts from: JSON safe inside <script> (serializePageData). */
  pageData?: { elementId: string; json: string };
}

export function writeDocument(document: HtmlDocument): string {
  const { assets, basePath, assetBase = basePath, pageData } = document;
  const assetUrl = (file: string) => escapeHtml(`${assetBase}/${file}`);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    document.headHtml,
    `<link rel="icon" href="${escapeHtml(`${basePath}/assets/favicon.svg`)}" type="image/svg+xml">`,
    ...assets.styles.map((file) => `<link rel="stylesheet" href="${assetUrl(file)}">`),
    ...assets.preloads.map((file) => `<link rel="modulepreload" href="${assetUrl(file)}">`),
    ...assets.scripts.map((file) => `<script type="module" src="${assetUrl(file)}"></script>`),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(document.lang)}">
<head>
${head.join('\n')}
</head>
<body>
${document.bodyHtml}
${pageData === undefined ? '' : `<script type="application/json" id="${escapeHtml(pageData.elementId)}">${pageData.json}</script>\n`}</body>
</html>
`;
}

/** The head of a page for one visitor or none (an error, a form, the studio): its title, and kept from search engines. */
export function privateHead(title: string): string {
  return `<meta name="robots" content="noindex">\n<title>${escapeHtml(title)}</title>`;
}

/** A public page's body: its markup in the element the page's script hydrates. */
export const pageRoot = (bodyHtml: string) => `<div id="root">${bodyHtml}</div>`;
