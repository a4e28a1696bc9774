/**
 * The one place that reads process.env. Every setting is validated at start; a bad one stops the
 * process with a message naming the variable and what it expects (DESIGN "Run-time contract").
 */
import { KEY_HEADERS, type KeyHeader } from '../shared/cdn-keys';
import { availableParallelism } from 'node:os';
import type { DatabaseSettings } from '../cms/database';
import type { PdfLimits } from '../files/pdf-reader';
import type { UploadGateLimits } from '../editing-api/upload-gate';
import { DEFAULT_PLATFORM_SITES_SEGMENT, SESSION_WARNING_SECONDS } from '../shared/constants';

export type DatabaseConfig = DatabaseSettings;

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** '' or a path like '/literature' (no trailing slash). */
  basePath: string;
  /** Public origin used for absolute URLs, e.g. 'https://literature.example.com'; null when unset. */
  siteUrl: string | null;
  logLevel: LogLevel;
  platformSitesSegment: string;
  /** Seed the demo content into an empty database on start. */
  seedDemoContent: boolean;
  /** Count what visitors search for, in aggregate, for the studio's search report (docs/search.md). */
  searchReport: boolean;
  /** Finished pages and API responses kept in memory (0 turns the cache off). */
  responseCacheEntries: number;
  /** Memory those responses may take, in bytes (their compressed forms included). */
  responseCacheBytes: number;
  /** Folder of page definitions (*.json), read at start. */
  pagesDir: string;
  /** Processes serving requests: one per core with 'auto'. */
  workers: number;
  /** Cache-Control windows for a CDN in front: s-maxage and stale-while-revalidate (0: none). */
  cdn: {
    maxAgeSeconds: number;
    staleWhileRevalidateSeconds: number;
    staleIfErrorSeconds: number;
    keyHeaders: KeyHeader[];
    /** Varnish hosts purged by key on every change (CDN_VARNISH_URLS). */
    varnishUrls: string[];
    /** Fastly's service purged by surrogate key (CDN_FASTLY_SERVICE_ID, CDN_FASTLY_API_TOKEN). */
    fastly: { serviceId: string; token: string; apiUrl: string } | null;
    /** Cloudflare's zone purged by cache tag (CDN_CLOUDFLARE_ZONE_ID, CDN_CLOUDFLARE_API_TOKEN). */
    cloudflare: { zoneId: string; token: string; apiUrl: string } | null;
    /** Purged answers are marked stale rather than removed (Varnish, Fastly): served while fetched again. */
    softPurge: boolean;
  };
  /** On SIGTERM: how long to keep answering (with Connection: close) before closing, and the limit for finishing. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Deleted sheets stay in the trash this many days, then are purged for good. */
  trashDays: number;
  /** How often each process looks for schedules that fell due. */
  scheduleCheckMs: number;
  /** How often each process looks in the change journal for changes made elsewhere (docs/decisions/038). */
  journalCheckMs: number;
  /** Uploads in flight at once, and what reading one PDF may take (docs/operations.md, "Uploads and PDFs"). */
  uploads: { inFlight: UploadGateLimits; pdf: PdfLimits };
  session: {
    /** A session ends after this long without the visitor doing anything. */
    idleSeconds: number;
    /** …and after this long in any case. */
    absoluteSeconds: number;
    /** Secure cookie with the __Host- prefix: on when SITE_URL is https, unless set. */
    secureCookie: boolean;
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(variable: string, expected: string, received: string) {
    super(`${variable} ${expected} (got ${JSON.stringify(received)})`);
    this.name = 'ConfigError';
  }
}

type Environment = Record<string, string | undefined>;

export function loadConfig(env: Environment = process.env): AppConfig {
  return {
    port: readPort(env),
    host: env.HOST || '0.0.0.0',
    database: readDatabase(env),
    basePath: readBasePath(env),
    siteUrl: readSiteUrl(env),
    logLevel: readLogLevel(env),
    platformSitesSegment: readSegment(env),
    seedDemoContent: readBoolean(env, 'SEED_DEMO_CONTENT', true),
    searchReport: readBoolean(env, 'SEARCH_REPORT', true),
    responseCacheEntries: readWholeNumber(env, 'RESPONSE_CACHE_ENTRIES', 1000, 1_000_000),
    // 8 MB by default: about 200 pages (with their brotli and gzip forms; the demo site has about
    // 150) or thousands of API answers, within a server that peaks at about 150 MB however varied
    // its traffic (docs/operations.md, "Memory"). A site of many pages read often gives it more.
    responseCacheBytes: readWholeNumber(env, 'RESPONSE_CACHE_MB', 8, 65_536) * 1024 * 1024,
    pagesDir: env.PAGES_DIR || './pages',
    session: readSessionSettings(env),
    trashDays: Math.max(1, readWholeNumber(env, 'TRASH_DAYS', 30, 36_500)),
    scheduleCheckMs: Math.max(100, readWholeNumber(env, 'SCHEDULE_CHECK_MS', 5000, 3_600_000)),
    journalCheckMs: Math.max(50, readWholeNumber(env, 'JOURNAL_CHECK_MS', 250, 3_600_000)),
    workers: readWorkers(env),
    uploads: readUploadSettings(env),
    cdn: readCdnSettings(env),
    shutdown: {
      drainMs: readWholeNumber(env, 'SHUTDOWN_DRAIN_MS', 1000, 600_000),
      timeoutMs: readWholeNumber(env, 'SHUTDOWN_TIMEOUT_MS', 15_000, 600_000),
    },
  };
}

function readPort(env: Environment): number {
  const value = env.PORT;
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) {
    throw new ConfigError('PORT', 'must be a whole number from 0 to 65535', value);
  }
  return port;
}

function readDatabase(env: Environment): DatabaseConfig {
  const value = env.DATABASE_URL || 'sqlite:./data/site.db';
  if (value.startsWith('sqlite:')) {
    const path = value.slice('sqlite:'.length);
    if (path === '') throw new ConfigError('DATABASE_URL', 'must name a file after "sqlite:", e.g. sqlite:./data/site.db', value);
    return { dialect: 'sqlite', path };
  }
  if (/^postgres(?:ql)?:\/\//.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ConfigError('DATABASE_URL', 'must be a valid postgres://user:password@host:port/database URL', redactPassword(value));
    }
    if (url.hostname === '' || url.pathname.length <= 1) {
      throw new ConfigError('DATABASE_URL', 'must name a host and a database, e.g. postgres://user:password@host:5432/literature', redactPassword(value));
    }
    return { dialect: 'postgres', url: value, poolSize: readWholeNumber(env, 'DATABASE_POOL_SIZE', 10, 200) || 10 };
  }
  throw new ConfigError(
    'DATABASE_URL',
    'must be sqlite:<path> (e.g. sqlite:./data/site.db) or postgres://user:password@host:port/database',
    redactPassword(value),
  );
}

/** Never echo a database password back into logs or terminals. */
function redactPassword(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

const BASE_PATH = /^(?:\/[A-Za-z0-9._~-]+)+$/;

function readBasePath(env: Environment): string {
  const value = env.BASE_PATH ?? '';
  if (value === '' || value === '/') return '';
  if (!BASE_PATH.test(value) || /\/\.\.?(?:\/|$)/.test(value)) {
    throw new ConfigError('BASE_PATH', 'must be empty or a path like /literature (letters, digits, . _ ~ -; no trailing slash)', value);
  }
  return value;
}

function readSiteUrl(env: Environment): string | null {
  const value = env.SITE_URL;
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('SITE_URL', 'must be an absolute http(s) URL such as https://literature.example.com', value);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError('SITE_URL', 'must be an origin only, such as https://literature.example.com (put a path in BASE_PATH)', value);
  }
  return url.origin;
}

function readLogLevel(env: Environment): LogLevel {
  const value = env.LOG_LEVEL || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`, value);
  }
  return value as LogLevel;
}

function readSegment(env: Environment): string {
  const value = env.PLATFORM_SITES_SEGMENT || DEFAULT_PLATFORM_SITES_SEGMENT;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw new ConfigError('PLATFORM_SITES_SEGMENT', 'must be one path segment of letters, digits, _ or -', value);
  }
  return value;
}

function readWorkers(env: Environment): number {
  const value = env.WORKERS;
  if (value === undefined || value === '') return 1;
  if (value === 'auto') return availableParallelism();
  const workers = /^\d{1,2}$/.test(value) ? Number(value) : 0;
  if (workers < 1 || workers > 64) throw new ConfigError('WORKERS', 'must be a whole number from 1 to 64, or auto (one per core)', value);
  return workers;
}

function readUploadSettings(env: Environment): AppConfig['uploads'] {
  const atLeast = (name: string, min: number, fallback: number, max: number) => {
    const value = readWholeNumber(env, name, fallback, max);
    if (value < min) throw new ConfigError(name, `must be a whole number from ${min} to ${max}`, String(value));
    return value;
  };
  const atLeastOne = (name: string, fallback: number, max: number) => atLeast(name, 1, fallback, max);
  return {
    inFlight: {
      perAccount: atLeastOne('UPLOADS_PER_ACCOUNT', 4, 1000),
      perProcess: atLeastOne('UPLOADS_PER_PROCESS', 8, 1000),
      waitMs: readWholeNumber(env, 'UPLOAD_WAIT_SECONDS', 10, 600) * 1000,
    },
    pdf: {
      workers: readPdfWorkers(env),
      textPages: atLeastOne('PDF_TEXT_PAGES', 200, 1_000_000),
      timeLimitMs: atLeastOne('PDF_TIME_LIMIT_SECONDS', 20, 3600) * 1000,
      memoryMb: atLeast('PDF_MEMORY_MB', 64, 256, 65_536),
    },
  };
}

/** PDF readers at once; auto (the default) is one per core, at most two: a bigger machine keeps cores for serving. */
function readPdfWorkers(env: Environment): number {
  const value = env.PDF_WORKERS;
  if (value === undefined || value === '' || value === 'auto') return Math.min(2, availableParallelism());
  const workers = /^\d{1,2}$/.test(value) ? Number(value) : 0;
  if (workers < 1 || workers > 64) throw new ConfigError('PDF_WORKERS', 'must be a whole number from 1 to 64, or auto (one per core, at most 2)', value);
  return workers;
}

function readSessionSettings(env: Environment): AppConfig['session'] {
  const idleSeconds = readWholeNumber(env, 'SESSION_IDLE_SECONDS', 1800, 31_536_000);
  const absoluteSeconds = readWholeNumber(env, 'SESSION_ABSOLUTE_SECONDS', 43_200, 31_536_000);
  // spec §2.5: the warning comes 30 s before suspension, so a session must last longer than that.
  if (idleSeconds <= SESSION_WARNING_SECONDS)
    throw new ConfigError('SESSION_IDLE_SECONDS', `must be more than the ${SESSION_WARNING_SECONDS} s warning`, String(idleSeconds));
  if (absoluteSeconds < idleSeconds) throw new ConfigError('SESSION_ABSOLUTE_SECONDS', 'must be at least SESSION_IDLE_SECONDS', String(absoluteSeconds));
  const siteUrl = env.SITE_URL ?? '';
  const secureCookie =
    env.SESSION_COOKIE_SECURE === undefined || env.SESSION_COOKIE_SECURE === ''
      ? siteUrl.startsWith('https:')
      : readBoolean(env, 'SESSION_COOKIE_SECURE', false);
  return { idleSeconds, absoluteSeconds, secureCookie };
}

function readWholeNumber(env: Environment, name: string, fallback: number, max: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max) throw new ConfigError(name, `must be a whole number from 0 to ${max}`, value);
  return Number(value);
}

function readCdnSettings(env: Environment): AppConfig['cdn'] {
  const varnishUrls = readUrls(env, 'CDN_VARNISH_URLS');
  const fastly = readCredentials(env, 'CDN_FASTLY_SERVICE_ID', 'CDN_FASTLY_API_TOKEN');
  const cloudflare = readCredentials(env, 'CDN_CLOUDFLARE_ZONE_ID', 'CDN_CLOUDFLARE_API_TOKEN');
  const fastlyApi = readUrls(env, 'CDN_FASTLY_API_URL')[0] ?? 'https://api.fastly.com';
  const cloudflareApi = readUrls(env, 'CDN_CLOUDFLARE_API_URL')[0] ?? 'https://api.cloudflare.com/client/v4';
  const purged = varnishUrls.length > 0 || fastly !== null || cloudflare !== null;
  return {
    // Purged on every change, a CDN may keep answers an hour; without purges, it asks every time.
    maxAgeSeconds: readWholeNumber(env, 'CDN_MAX_AGE_SECONDS', purged ? 3600 : 0, 31_536_000),
    staleWhileRevalidateSeconds: readWholeNumber(env, 'CDN_STALE_WHILE_REVALIDATE_SECONDS', 0, 31_536_000),
    staleIfErrorSeconds: readWholeNumber(env, 'CDN_STALE_IF_ERROR_SECONDS', 86_400, 31_536_000),
    keyHeaders: readKeyHeaders(env),
    varnishUrls,
    fastly: fastly === null ? null : { serviceId: fastly.id, token: fastly.token, apiUrl: fastlyApi.replace(/\/$/, '') },
    cloudflare: cloudflare === null ? null : { zoneId: cloudflare.id, token: cloudflare.token, apiUrl: cloudflareApi.replace(/\/$/, '') },
    softPurge: readBoolean(env, 'CDN_SOFT_PURGE', false),
  };
}

/** An id and the API token that goes with it: both, or neither. */
function readCredentials(env: Environment, idName: string, tokenName: string): { id: string; token: string } | null {
  const id = env[idName]?.trim() ?? '';
  const token = env[tokenName]?.trim() ?? '';
  if (id === '' && token === '') return null;
  if (id === '') throw new ConfigError(idName, `must be set with ${tokenName}`, id);
  if (token === '') throw new ConfigError(tokenName, `must be set with ${idName}`, '');
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new ConfigError(idName, 'must be letters, digits, - and _', id);
  return { id, token };
}

/** A comma-separated list of http(s) URLs; none when unset. */
function readUrls(env: Environment, name: string): string[] {
  const value = env[name];
  if (value === undefined || value.trim() === '') return [];
  const urls = value.split(',').map((url) => url.trim());
  for (const url of urls) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (parsed === null || !/^https?:$/.test(parsed.protocol)) throw new ConfigError(name, 'must list http:// or https:// URLs, comma-separated', value);
  }
  return urls;
}

/** CDN_KEY_HEADERS: which headers carry the surrogate keys (Surrogate-Key, Cache-Tag, xkey; "none"). */
function readKeyHeaders(env: Environment): KeyHeader[] {
  const value = env.CDN_KEY_HEADERS;
  if (value === undefined || value === '') return ['Surrogate-Key'];
  if (value.trim().toLowerCase() === 'none') return [];
  const names = value.split(',').map((name) => name.trim());
  const known = names.map((name) => KEY_HEADERS.find((header) => header.toLowerCase() === name.toLowerCase()));
  if (known.some((header) => header === undefined))
    throw new ConfigError('CDN_KEY_HEADERS', `must list some of ${KEY_HEADERS.join(', ')} (comma-separated), or be "none"`, value);
  return [...new Set(known as KeyHeader[])];
}

function readBoolean(env: Environment, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, 'must be true or false', value);
}
