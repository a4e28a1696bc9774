import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { loadStoredPages, type LoadedPage } from '../pages';
import { NO_CLIENT_ASSETS } from './client-assets';
import { createPageContext } from '../page-context';
import { createPageRenderer, type PageTarget } from './page-renderer';

const settings = { basePath: '', platformSitesSegment: 'sfsites', siteUrl: null };
const log = { warn: () => undefined };

let test: TestApp;
let queries = 0;
beforeAll(async () => {
  test = await createTestApp({ onQuery: () => void queries++ });
});
afterAll(async () => {
  await test.close();
});

const loadPages = async (db: typeof test.store.db) => (await loadStoredPages(db, { ...settings, log, resolveImageUrls: async () => new Map() })).pages;

/** A renderer over a page context of its own (a fresh memo). */
function newRenderer() {
  const context = createPageContext({ db: test.store.db, loadPages });
  return { context, renderer: createPageRenderer({ context, settings, assets: NO_CLIENT_ASSETS }) };
}

let page: LoadedPage;
async function literaturePage() {
  page ??= (await loadPages(test.store.db))[0]!;
  return page;
}

async function targetOf(renderer: ReturnType<typeof createPageRenderer>, version: number, segment?: string): Promise<PageTarget> {
  const resolution = await renderer.resolve(version, await literaturePage(), segment, '');
  if (resolution.kind !== 'page') throw new Error(`expected a page, got ${resolution.kind}`);
  return resolution.target;
}

describe('the page renderer', () => {
  it('renders a page from the store once per content version, and again from its memo without a query', async () => {
    const { renderer } = newRenderer();
    const target = await targetOf(renderer, 1);
    const html = await renderer.render(1, target, 1, 'http://localhost', log);
    expect(html).toContain('<html lang="en-US"');
    expect(html).toContain('Literature');

    const before = queries;
    expect(await renderer.render(1, await targetOf(renderer, 1), 1, 'http://localhost', log)).toBe(html);
    expect(queries).toBe(before);

    await renderer.render(2, await targetOf(renderer, 2), 1, 'http://localhost', log);
    expect(queries).toBeGreaterThan(before);
  });

  it('resolves a language segment, and names unknown languages and records not found', async () => {
    const { context, renderer } = newRenderer();
    expect((await targetOf(renderer, 1, 'de-DE')).language).toBe('de_DE');
    expect(await renderer.resolve(1, await literaturePage(), 'xx-XX', '')).toEqual({ kind: 'not-found' });
    expect(await renderer.resolve(1, await literaturePage(), undefined, 'no-such-record')).toEqual({ kind: 'not-found' });
    expect(await context.isLanguageSegment(1, 'de-DE')).toBe(true);
    expect(await context.isLanguageSegment(1, 'en-US')).toBe(false);
  });

  it('keeps what it memoises within its bounds, whatever the requests ask for', async () => {
    const { context, renderer } = newRenderer();
    const target = await targetOf(renderer, 1);
    for (let pages = 1; pages <= 5; pages++) await renderer.render(1, target, pages, `http://host-${pages}.example`, log);
    const { entries, bytes } = context.memo.size;
    // The site, its topics, and one prepared page per origin.
    expect(entries).toBe(7);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(32 * 1024 * 1024);
  });
});
