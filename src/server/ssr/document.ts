/**
 * The HTML document around a rendered page: head tags, the browser bundle, and the page data the
 * bundle hydrates from (spec §2.2; DESIGN "SSR in three parts": the server owns the template).
 */
import type { ClientAssets } from './client-assets';
import { escapeHtml } from '../../shared/html';

export interface DocumentParts {
  /** BCP 47 language of the page, e.g. 'en-US'. */
  lang: string;
  /** The SEO assistant's tags: title, description, canonical, alternates, … (renderSeoHead). */
  seoHeadHtml: string;
  basePath: string;
  assets: ClientAssets;
  bodyHtml: string;
  /** Page data as JSON already safe inside <script> (serializePageData); none for a page without script. */
  pageDataJson?: string;
  pageDataElementId?: string;
}

export function renderDocument(parts: DocumentParts): string {
  const assetUrl = (file: string) => escapeHtml(`${parts.basePath}/${file}`);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    parts.seoHeadHtml,
    `<link rel="icon" href="${assetUrl('assets/favicon.svg')}" type="image/svg+xml">`,
    ...parts.assets.styles.map((file) => `<link rel="stylesheet" href="${assetUrl(file)}">`),
    ...parts.assets.preloads.map((file) => `<link rel="modulepreload" href="${assetUrl(file)}">`),
    ...parts.assets.scripts.map((file) => `<script type="module" src="${assetUrl(file)}"></script>`),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(parts.lang)}">
<head>
${head.join('\n')}
</head>
<body>
<div id="root">${parts.bodyHtml}</div>
${parts.pageDataJson === undefined ? '' : `<script type="application/json" id="${escapeHtml(parts.pageDataElementId ?? '')}">${parts.pageDataJson}</script>\n`}</body>
</html>
`;
}
