/**
 * What every page kind reads in a content version: the site and its languages, its page
 * definitions, its topics, the sheet type and an SEO record, each worked out once per version and
 * shared by concurrent requests; and the memo each kind keeps its own work in, under keys of its
 * own (MemoKey) typed by what they keep. The literature page's renderer (ssr/page-renderer.ts) and
 * the sheet page (page-kinds/sheet) stand on it as equals: neither borrows from the other.
 */
import type { ContentStore } from '../cms/database';
import { findSheetType } from '../cms/repositories/content-types';
import { findSeoRecord, type SeoRecord } from '../cms/repositories/seo-records';
import { findPrimarySite, listActiveLanguages, type Site } from '../cms/repositories/sites';
import { listTopics } from '../cms/repositories/topics';
import type { ContentType } from '../content-model/definition';
import type { Topic } from '../shared/topics';
import type { LoadedPage } from './pages';
import { languageOf, type SiteLanguages } from './ssr/page-links';

/**
 * The memo: values that hold for one content version (a site and its languages, an SEO record, a page's
 * data): worked out once per version and key, shared by concurrent callers, and forgotten when the
 * version moves on. Bounded in entries and in bytes, since keys can come from request paths: past
 * either bound a value is worked out and not kept.
 */
export interface MemoBounds {
  maxEntries: number;
  /** Bytes the kept values may take, as their `sizeOf` says. */
  maxBytes: number;
}

/**
 * A memo's key with the type of the value it keeps: a read names the key, not a string, and needs
 * no cast. Each kind of key is written once, where its values are made (MEMO_KEYS in
 * ssr/page-renderer.ts).
 */
export interface MemoKey<V> {
  readonly text: string;
  /** Never set: carries the value's type. */
  readonly value?: V;
}

export const memoKey = <V>(text: string): MemoKey<V> => ({ text });

export class VersionedMemo<T> {
  private version = -1;
  private readonly values = new Map<string, Promise<T>>();
  private bytes = 0;

  constructor(
    private readonly bounds: MemoBounds,
    /** What a value takes in memory, about: the bytes bound counts these. */
    private readonly sizeOf: (value: T) => number,
  ) {}

  /** The value of `key` in `version`, made by `produce` when no caller has made it yet. */
  read<V extends T>(version: number, key: MemoKey<V>, produce: () => Promise<V>): Promise<V> {
    // A key's text names one type of value (MemoKey), so what is kept under it is a V.
    return this.get(version, key.text, produce) as Promise<V>;
  }

  private get(version: number, key: string, produce: () => Promise<T>): Promise<T> {
    this.moveTo(version);
    // An older version (a request that read it just before a change) is worked out, not kept.
    if (version < this.version) return produce();
    let value = this.values.get(key);
    if (value === undefined) {
      value = produce();
      if (this.values.size < this.bounds.maxEntries) {
        const kept = value;
        this.values.set(key, kept);
        kept.then(
          (done) => {
            if (this.values.get(key) !== kept) return;
            const size = this.sizeOf(done);
            // Past the bytes bound the value is not kept; the next caller works it out again.
            if (this.bytes + size > this.bounds.maxBytes) this.values.delete(key);
            else this.bytes += size;
          },
          // A failure is not remembered: the next request tries again.
          () => this.values.get(key) === kept && this.values.delete(key),
        );
      }
    }
    return value;
  }

  /** A value worked out already (at start) for a version, kept as `get` would keep it; ignored for a version older than the memo's. */
  keep<V extends T>(version: number, key: MemoKey<V>, value: V): void {
    this.moveTo(version);
    if (version === this.version && !this.values.has(key.text)) void this.get(version, key.text, () => Promise.resolve(value));
  }

  private moveTo(version: number): void {
    if (version <= this.version) return;
    this.version = version;
    this.values.clear();
    this.bytes = 0;
  }

  /** Entries kept and the bytes they take, for health and tests. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.values.size, bytes: this.bytes };
  }
}

/**
 * What the memo keeps per content version: bounded so request paths cannot grow it without end.
 * A page's entry is about 90 KB (the demo page; each Show More page adds about 40 KB), so 6 MB
 * holds some 60 pages and pagination depths. The response cache keeps the finished pages; this
 * only saves their data's queries when one is rendered again, so it need not hold them all
 * (docs/operations.md, "Memory").
 */
const MEMO_BOUNDS = { maxEntries: 500, maxBytes: 6 * 1024 * 1024 };

export interface SiteContext {
  site: Site;
  languages: SiteLanguages;
}

export interface PageContextOptions {
  db: ContentStore;
  /** The pages as `db` holds them, prepared to render (pages.ts: loadStoredPages). */
  loadPages: (db: ContentStore) => Promise<LoadedPage[]>;
  /** The pages as prepared at start, for the content version they were read in: the first request need not prepare them again. */
  prepared?: { version: number; pages: LoadedPage[] };
}

/** The context's own keys; a kind's are beside its code. */
const KEYS = {
  site: memoKey<SiteContext | undefined>('site'),
  pages: memoKey<LoadedPage[]>('pages'),
  sheetType: memoKey<ContentType>('sheet type'),
  topics: (siteId: string) => memoKey<Topic[]>(`topics ${siteId}`),
  seoRecord: (recordId: string) => memoKey<SeoRecord | undefined>(`record ${recordId}`),
};

export function createPageContext({ db, loadPages, prepared }: PageContextOptions) {
  const memo = new VersionedMemo<unknown>(MEMO_BOUNDS, memoryBytesOf);
  if (prepared !== undefined) memo.keep(prepared.version, KEYS.pages, prepared.pages);

  /** The site and its languages, default first; undefined while the store has none. */
  const site = (version: number) =>
    memo.read(version, KEYS.site, async () => {
      const found = await findPrimarySite(db);
      return found === undefined ? undefined : { site: found, languages: await siteLanguagesOf(db, found) };
    });

  return {
    db,
    memo,
    site,

    /** The site's pages as published in a content version, prepared to render. */
    pages: (version: number) => memo.read(version, KEYS.pages, () => loadPages(db)),

    /** The site's topics as published in a content version. */
    taxonomy: (version: number, siteId: string) => memo.read(version, KEYS.topics(siteId), () => listTopics(db, siteId)),

    /** The sheet type as published in a content version. */
    sheetType: (version: number) => memo.read(version, KEYS.sheetType, () => findSheetType(db)),

    /** A record page's SEO record, by its id. */
    seoRecord: (version: number, siteId: string, recordId: string) => memo.read(version, KEYS.seoRecord(recordId), () => findSeoRecord(db, siteId, recordId)),

    /** Whether a bare '/{lang}' segment names one of the site's languages other than the default. */
    async isLanguageSegment(version: number, segment: string): Promise<boolean> {
      const context = await site(version);
      return context !== undefined && languageOf(segment, context.languages) !== null;
    },
  };
}

export type PageContext = ReturnType<typeof createPageContext>;

/**
 * About what a kept value takes in memory, for the bytes bound: one that says (a prepared page's
 * `memoryBytes`), pages by their styles and definitions, topics a little each, anything else 1 KB.
 */
function memoryBytesOf(value: unknown): number {
  if (Array.isArray(value))
    return (value as Array<LoadedPage | Topic>).reduce(
      (bytes: number, entry) => bytes + ('stylesheet' in entry ? entry.stylesheet.css.length * 2 + 64 * 1024 : 512),
      0,
    );
  if (typeof value === 'object' && value !== null && 'memoryBytes' in value && typeof value.memoryBytes === 'number') return value.memoryBytes;
  return 1024;
}

async function siteLanguagesOf(db: ContentStore, site: Site): Promise<SiteLanguages> {
  const active = await listActiveLanguages(db, site.id);
  return { active: [site.default_language, ...active.filter((language) => language !== site.default_language)], default: site.default_language };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What the page kinds read per content version (app.ts); the benchmark's harness finds the home page in it. */
    pageContext: PageContext;
  }
}
