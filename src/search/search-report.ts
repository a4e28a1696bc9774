/**
 * What visitors searched for, and what they opened from the results (docs/search.md, "What
 * searches found nothing"), counted in aggregate: per site, page language, query and day, how
 * often and how many sheets it found; per query and sheet, how often the sheet's page or
 * document was opened from its results (the request's Referer is the results page). No address,
 * cookie or visitor is kept. Counts are gathered in memory and written in one transaction every
 * few seconds, off every request's path: a search never waits on them, and a failed write (a
 * full disk) loses that batch of counts, nothing else. The store keeps 30 days, and at most
 * QUERIES_PER_DAY queries of a language a day.
 */
import type { ContentStore } from '../cms/database';
import { listStoredTranslations } from '../cms/repositories/contents';
import { dayBefore, readOpenTotals, readQueryTotals, writeCounts, type OpenCount, type QueryCount } from './report-store';
import { normalize } from './terms';

/** Days the report covers, and the store keeps. */
export const REPORT_DAYS = 30;
/** Queries of a site's language kept per day, at most: past it, a new query that day is not counted. */
export const QUERIES_PER_DAY = 2_000;
/** Counts waiting to be written, at most: past it, new ones are dropped until the next write. */
const PENDING_AT_MOST = 10_000;
/** Result links remembered, to tell a result opened from a link elsewhere. */
const LINKS_REMEMBERED = 5_000;
/** The longest query counted (a search looks at 200 characters of one). */
const QUERY_CHARACTERS = 200;

/** A query as the report counts it: normalised (case, subscripts), its spaces collapsed. */
export const reportedQuery = (query: string) => normalize(query).trim().replace(/\s+/g, ' ').slice(0, QUERY_CHARACTERS);

export interface Searched {
  siteId: string;
  language: string;
  query: string;
  found: number;
  /** The results shown: each sheet's id and the addresses its card links to (its document, its page). */
  shown: Array<{ contentId: string; hrefs: string[] }>;
}

export interface SearchReport {
  /** Counts a search the site answered. */
  searched(search: Searched): void;
  /** Counts an opened result: a request for `path` whose Referer is a results page. */
  opened(path: string, referer: string | undefined, host: string | undefined): void;
  /** Writes what is counted (also done every `flushMs`). */
  flush(): Promise<void>;
  /** Writes what is counted, and stops. */
  close(): Promise<void>;
}

export interface SearchReportOptions {
  /** Off (SEARCH_REPORT=false): nothing is counted. */
  enabled: boolean;
  flushMs?: number;
  now?: () => Date;
  /** Told of a write that failed (its counts are dropped). */
  onError?: (error: unknown) => void;
}

export function createSearchReport(db: ContentStore, { enabled, flushMs = 5_000, now = () => new Date(), onError }: SearchReportOptions): SearchReport {
  let queries = new Map<string, QueryCount>();
  let opens = new Map<string, OpenCount>();
  /** Query and address of a result shown → whose result it was. */
  const links = new Map<string, { siteId: string; language: string; contentId: string }>();
  let writing: Promise<void> = Promise.resolve();
  const day = () => now().toISOString().slice(0, 10);
  const full = () => queries.size + opens.size >= PENDING_AT_MOST;

  const flush = () => {
    const batch = { queries: [...queries.values()], opens: [...opens.values()] };
    queries = new Map();
    opens = new Map();
    if (batch.queries.length + batch.opens.length === 0) return writing;
    writing = writing.then(() => writeCounts(db, batch, day(), REPORT_DAYS, QUERIES_PER_DAY).catch((error: unknown) => onError?.(error)));
    return writing;
  };
  const timer = enabled ? setInterval(() => void flush(), flushMs) : undefined;
  timer?.unref();

  return {
    searched({ siteId, language, query, found, shown }) {
      const counted = reportedQuery(query);
      if (!enabled || counted === '' || full()) return;
      const key = [siteId, language, counted].join('\n');
      const count = queries.get(key) ?? { siteId, language, query: counted, day: day(), searches: 0, found };
      queries.set(key, { ...count, searches: count.searches + 1, found });
      for (const { contentId, hrefs } of shown)
        for (const href of hrefs) {
          links.delete(`${counted}\n${href}`);
          links.set(`${counted}\n${href}`, { siteId, language, contentId });
        }
      // The oldest links go first (a Map keeps the order they were set in).
      for (const oldest of links.keys()) {
        if (links.size <= LINKS_REMEMBERED) break;
        links.delete(oldest);
      }
    },
    opened(path, referer, host) {
      if (!enabled || referer === undefined || !referer.includes('q=') || full()) return;
      let from: URL;
      try {
        from = new URL(referer);
      } catch {
        return;
      }
      const query = from.searchParams.get('q');
      if (from.host !== host || query === null) return;
      const counted = reportedQuery(query);
      const result = links.get(`${counted}\n${path}`);
      if (result === undefined) return;
      const key = [result.siteId, result.language, counted, result.contentId].join('\n');
      const count = opens.get(key) ?? { ...result, query: counted, day: day(), opens: 0 };
      opens.set(key, { ...count, opens: count.opens + 1 });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Queries the report lists per language, and sheets opened from search. */
const LISTED_QUERIES = 50;
const LISTED_OPENED = 20;

export interface ReportedQuery {
  query: string;
  searches: number;
  /** Sheets found the last day it was searched for. */
  found: number;
}

export interface ReportedOpen {
  contentId: string;
  title: string;
  opens: number;
  /** The queries it was opened from, most often first. */
  queries: string[];
}

export interface LanguageReport {
  language: string;
  /** Those that found nothing first, then by how often; a word still being typed is left out (withoutPartials). */
  queries: ReportedQuery[];
  opened: ReportedOpen[];
}

/**
 * Queries counted while a visitor was still typing (search as you type asks at each pause): a
 * query whose last word another listed query of its language goes on with ("trimethylal" beside
 * "trimethylaluminum"), not one a query adds words to ("tma" beside "tma bubbler").
 */
export function withoutPartials<T extends { query: string }>(queries: T[]): T[] {
  const texts = queries.map((entry) => entry.query);
  return queries.filter(({ query }) => !texts.some((other) => other.length > query.length && other.startsWith(query) && other[query.length] !== ' '));
}

/** The report of a site's last REPORT_DAYS days, language by language. */
export async function readSearchReport(db: ContentStore, siteId: string, today: Date): Promise<LanguageReport[]> {
  const since = dayBefore(today.toISOString().slice(0, 10), REPORT_DAYS - 1);
  const [totals, opens] = [await readQueryTotals(db, siteId, since), await readOpenTotals(db, siteId, since)];
  const languages = [...new Set([...totals, ...opens].map((row) => row.language))].sort();
  const titles = await readTitles(db, [...new Set(opens.map((row) => row.contentId))]);
  return languages.map((language) => {
    const queries = withoutPartials(totals.filter((row) => row.language === language))
      .sort((a, b) => Number(a.found > 0) - Number(b.found > 0) || b.searches - a.searches || a.query.localeCompare(b.query))
      .slice(0, LISTED_QUERIES)
      .map(({ query, searches, found }) => ({ query, searches, found }));
    const bySheet = new Map<string, ReportedOpen>();
    for (const row of opens.filter((open) => open.language === language).sort((a, b) => b.opens - a.opens)) {
      const sheet = bySheet.get(row.contentId) ?? {
        contentId: row.contentId,
        title: titles.get(`${row.contentId} ${language}`) ?? titles.get(row.contentId) ?? row.contentId,
        opens: 0,
        queries: [],
      };
      bySheet.set(row.contentId, { ...sheet, opens: sheet.opens + row.opens, queries: [...sheet.queries, row.query] });
    }
    const opened = [...bySheet.values()].sort((a, b) => b.opens - a.opens).slice(0, LISTED_OPENED);
    return { language, queries, opened };
  });
}

/** Each sheet's title by "id language", and by id alone (its first translation's). */
async function readTitles(db: ContentStore, contentIds: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const row of await listStoredTranslations(db, contentIds)) {
    titles.set(`${row.content_id} ${row.language}`, row.title);
    if (!titles.has(row.content_id)) titles.set(row.content_id, row.title);
  }
  return titles;
}
