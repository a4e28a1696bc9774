/**
 * How wide the page pipeline is: the project files whose code runs to answer a cold `GET /` (the
 * first request after start, nothing cached), counted with V8's precise coverage around that one
 * request, and for the first sheet page after it. docs/architecture.md ("The page pipeline") walks
 * through them; the bounds only ever come down. No file of the write side may run for either.
 */
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { TestApp } from '../helpers/test-app';

const root = fileURLToPath(new URL('../..', import.meta.url));
let testApp: TestApp;
const session = new Session();

beforeAll(async () => {
  // The project's modules loaded afresh, as a server process starts: test files share a process
  // (isolate: false), and a cache another file's store left (the sheet type last read) made the
  // first request read again what a fresh start had read (check.ts counted now and then).
  vi.resetModules();
  const { createTestApp } = await import('../helpers/test-app');
  // No timed work (the schedule check, the look in the change journal) may run inside the measured request.
  testApp = await createTestApp({ env: { SCHEDULE_CHECK_MS: '3600000', JOURNAL_CHECK_MS: '3600000' } });
  await testApp.app.ready();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
});
afterAll(async () => {
  session.disconnect();
  await testApp.close();
});

/** The project's files (under src/) with a function called since the last take. */
async function filesRun(): Promise<string[]> {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = result.flatMap(({ url, functions }) => {
    const path = url.startsWith('file://') ? fileURLToPath(url) : url;
    const inProject = relative(root, path);
    if (!inProject.startsWith('src/') || inProject.endsWith('.test.ts')) return [];
    return functions.some((fn) => fn.ranges.some((range) => range.count > 0)) ? [inProject] : [];
  });
  return [...new Set(files)].sort();
}

/**
 * Where the counts stand (docs/architecture.md lists the files by layer); lower them as the
 * pipeline narrows. Issue 61's read model of what is published aims at 50 and 40.
 */
const MAX_FILES = { home: 84, sheet: 50 };

/**
 * The write side: what changes the store and what follows a change. None of it may run for a
 * visitor's page (the journal's readers do their work, never a request).
 */
const WRITE_SIDE =
  /^src\/(?:editing|transfer|editing-api|cdn)\/|^src\/search\/(?:index-reader|search-index)\.ts$|^src\/cms\/(?:journal-readers|migrations\/.*)\.ts$|^src\/cms\/repositories\/(?:editing|reviews|releases|audit-log|users)\.ts$/;

/** The literature page's own (its kind, renderer, data and facets): a sheet page runs none of them, standing beside it on the page context. */
const LITERATURE_PAGE = [
  'src/server/page-kinds/literature/kind.ts',
  'src/server/ssr/page-renderer.ts',
  'src/server/ssr/load-page-data.ts',
  'src/server/ssr/facet-view.ts',
];

/** Asks `url` and answers the project files its code ran, said in the output whether the bounds hold or not. */
async function walk(url: string, name: string): Promise<string[]> {
  await filesRun();
  const response = await testApp.app.inject(url);
  expect(response.statusCode).toBe(200);
  const files = await filesRun();
  console.log(`${name} (${url}): ${files.length} project files\n  ${files.join('\n  ')}`);
  return files;
}

it(`a cold GET / runs the code of at most ${MAX_FILES.home} project files, and a cold sheet page of ${MAX_FILES.sheet}, none of the write side nor (the sheet page) of the literature page or the search index`, async () => {
  const home = await walk('/', 'the home page');
  const sheet = await walk('/sheets/silane', 'a sheet page');
  // What a page is made of: the pipeline's router and kind, the renderer, the site's components.
  expect(home).toEqual(expect.arrayContaining(['src/server/page-kinds/router.ts', 'src/server/ssr/page-renderer.ts', 'src/site/entry-server.tsx']));
  expect(sheet).toEqual(expect.arrayContaining(['src/server/page-kinds/sheet/kind.ts', 'src/site/sheet/sheet-page.tsx']));
  expect(
    [...home, ...sheet].filter((file) => WRITE_SIDE.test(file)),
    'the write side, run for a visitor',
  ).toEqual([]);
  expect(
    sheet.filter((file) => LITERATURE_PAGE.includes(file)),
    'the literature page’s code, run for a sheet page',
  ).toEqual([]);
  // Its topics and related sheets are the read model's to answer, as the rest of it.
  expect(
    sheet.filter((file) => file.startsWith('src/search/')),
    'the search index, read for a sheet page',
  ).toEqual([]);
  expect(home.length, home.join('\n')).toBeLessThanOrEqual(MAX_FILES.home);
  expect(sheet.length, sheet.join('\n')).toBeLessThanOrEqual(MAX_FILES.sheet);
});
