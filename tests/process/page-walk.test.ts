/**
 * How wide the page pipeline is: the project files whose code runs to answer a cold `GET /` (the
 * first request after start, nothing cached), counted with V8's precise coverage around that one
 * request. docs/architecture.md ("The page pipeline") walks through them; the bound only ever
 * comes down, toward the 25 files the pipeline is meant to fit in.
 */
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

const root = fileURLToPath(new URL('../..', import.meta.url));
let testApp: TestApp;
const session = new Session();

beforeAll(async () => {
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

/** Where the count stands (docs/architecture.md lists the files by layer); lower it as the pipeline narrows. */
const MAX_FILES = 87;

it(`a cold GET / runs the code of at most ${MAX_FILES} project files`, async () => {
  await filesRun();
  const response = await testApp.app.inject('/');
  expect(response.statusCode).toBe(200);
  const files = await filesRun();
  expect(files.length, files.join('\n')).toBeLessThanOrEqual(MAX_FILES);
  // What a page is made of: the pipeline's router and kind, the renderer, the site's components.
  expect(files).toEqual(expect.arrayContaining(['src/server/page-kinds/router.ts', 'src/server/ssr/page-renderer.ts', 'src/site/entry-server.tsx']));
});
