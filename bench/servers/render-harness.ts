/**
 * The floor for rendering: a bare node:http server that renders the literature page with
 * react-dom/server's renderToString on every request, from the same components and the same
 * data as our server (read once from a file), into the same document. No framework, no data
 * loading, no caching. Run with NODE_ENV=production under tsx.
 * Usage: tsx render-harness.ts <page-data.json> <page stylesheet file name> <port>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { readClientAssets } from '../../src/server/ssr/client-assets';
import { pageRoot, writeDocument } from '../../src/server/ssr/document';
import { languageTag } from '../../src/shared/languages';
import { renderPageBody } from '../../src/site/entry-server';
import { bootDataOf } from '../../src/site/page-boot';
import { PAGE_DATA_ELEMENT_ID, serializePageData, type PageData } from '../../src/site/page-data';
import { renderSeoHead } from '../../src/site/seo/seo-head';

const [dataFile, stylesheet, port] = process.argv.slice(2);
const data = JSON.parse(readFileSync(dataFile!, 'utf8')) as PageData;
const assets = readClientAssets(join(import.meta.dirname, '..', '..', 'dist', 'client'));

async function render(): Promise<string> {
  return writeDocument({
    lang: languageTag(data.language),
    headHtml: renderSeoHead(data.seo),
    basePath: data.basePath,
    assets: { ...assets, styles: [...assets.styles, `assets/pages/${stylesheet}`] },
    bodyHtml: pageRoot(await renderPageBody(data)),
    pageData: { elementId: PAGE_DATA_ELEMENT_ID, json: serializePageData(bootDataOf(data)) },
  });
}

createServer((_request, response) => {
  render().then(
    (html) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) }).end(html),
    (error: unknown) => response.writeHead(500).end(String(error)),
  );
}).listen(Number(port), '127.0.0.1');
