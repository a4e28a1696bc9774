/**
 * Writes the data our server renders the literature page from (the page at '/', first page of
 * cards) as JSON, for the renderToString harness: the same data, prepared by the same pipeline,
 * with absolute URLs on the origin of the server whose answer the harness must match.
 * Usage: tsx page-data.ts <SQLite database path> <output file> <origin>
 */
import { writeFileSync } from 'node:fs';
import { openDatabase } from '../../src/cms/database';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';

const [databasePath, outputFile, origin] = process.argv.slice(2);
if (databasePath === undefined || outputFile === undefined || origin === undefined) throw new Error('Usage: tsx page-data.ts <database> <output> <origin>');
const config = loadConfig({ DATABASE_URL: `sqlite:${databasePath}`, LOG_LEVEL: 'silent' });
const store = openDatabase(config.database);
const app = await buildApp({ config, store, clientDir: null });
try {
  const renderer = app.pageRenderer;
  const page = (await app.pageContext.pages(0)).find((loaded) => loaded.definition.path === '/');
  if (page === undefined) throw new Error('The store has no page at /');
  const resolution = await renderer.resolve(0, page, undefined, '');
  if (resolution.kind !== 'page') throw new Error(`The page at / did not resolve (${resolution.kind})`);
  const { data } = await renderer.prepare(0, resolution.target, 1, origin, app.log);
  writeFileSync(outputFile, JSON.stringify(data));
} finally {
  await app.close();
  await store.close();
}
