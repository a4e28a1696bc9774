import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { serverHelp } from './process/server-help';

describe('loadConfig', () => {
  it('has defaults that serve the demo on port 3000 from data/site.db', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      database: { dialect: 'sqlite', path: './data/site.db' },
      basePath: '',
      siteUrl: null,
      logLevel: 'info',
      platformSitesSegment: 'sfsites',
      seedDemoContent: true,
      searchReport: true,
      responseCacheEntries: 1000,
      responseCacheBytes: 8 * 1024 * 1024,
      pagesDir: './pages',
      session: { idleSeconds: 1800, absoluteSeconds: 43200, secureCookie: false },
      trashDays: 30,
      scheduleCheckMs: 5000,
      journalCheckMs: 250,
      workers: 1,
      uploads: {
        inFlight: { perAccount: 4, perProcess: 8, waitMs: 10_000 },
        pdf: { workers: Math.min(2, availableParallelism()), textPages: 200, timeLimitMs: 20_000, memoryMb: 256 },
      },
      cdn: {
        maxAgeSeconds: 0,
        staleWhileRevalidateSeconds: 0,
        staleIfErrorSeconds: 86400,
        keyHeaders: ['Surrogate-Key'],
        varnishUrls: [],
        fastly: null,
        cloudflare: null,
        softPurge: false,
      },
      shutdown: { drainMs: 1000, timeoutMs: 15000 },
    });
  });

  it('reads which headers carry the surrogate keys, in any case, or none', () => {
    expect(loadConfig({ CDN_KEY_HEADERS: 'xkey, cache-tag,Surrogate-Key' }).cdn.keyHeaders).toEqual(['xkey', 'Cache-Tag', 'Surrogate-Key']);
    expect(loadConfig({ CDN_KEY_HEADERS: 'none' }).cdn.keyHeaders).toEqual([]);
  });

  it('lets a CDN keep answers an hour once it is purged on every change, unless told otherwise', () => {
    expect(loadConfig({ CDN_VARNISH_URLS: 'http://127.0.0.1:6081/, http://cache-2:6081/' }).cdn).toMatchObject({
      varnishUrls: ['http://127.0.0.1:6081/', 'http://cache-2:6081/'],
      maxAgeSeconds: 3600,
    });
    expect(loadConfig({ CDN_VARNISH_URLS: 'http://127.0.0.1:6081/', CDN_MAX_AGE_SECONDS: '60' }).cdn.maxAgeSeconds).toBe(60);
    expect(loadConfig({ CDN_FASTLY_SERVICE_ID: 'SU1Z0isxPaozGVKXdv0eY', CDN_FASTLY_API_TOKEN: 'secret' }).cdn).toMatchObject({
      fastly: { serviceId: 'SU1Z0isxPaozGVKXdv0eY', token: 'secret', apiUrl: 'https://api.fastly.com' },
      maxAgeSeconds: 3600,
    });
    expect(loadConfig({ CDN_CLOUDFLARE_ZONE_ID: 'z1', CDN_CLOUDFLARE_API_TOKEN: 'secret' }).cdn.cloudflare).toEqual({
      zoneId: 'z1',
      token: 'secret',
      apiUrl: 'https://api.cloudflare.com/client/v4',
    });
  });

  it('names a token missing beside its id without saying the token', () => {
    expect(() => loadConfig({ CDN_FASTLY_SERVICE_ID: 'S1' })).toThrow(/CDN_FASTLY_API_TOKEN/);
    expect(() => loadConfig({ CDN_CLOUDFLARE_API_TOKEN: 'very-secret' })).toThrow(/CDN_CLOUDFLARE_ZONE_ID/);
    expect(() => loadConfig({ CDN_CLOUDFLARE_API_TOKEN: 'very-secret' })).not.toThrow(/very-secret/);
  });

  it('runs a worker per core with WORKERS=auto', () => {
    expect(loadConfig({ WORKERS: 'auto' }).workers).toBeGreaterThanOrEqual(1);
    expect(loadConfig({ WORKERS: '2' }).workers).toBe(2);
  });

  it('makes the session cookie Secure when the site is served over HTTPS', () => {
    expect(loadConfig({ SITE_URL: 'https://lit.example.com' }).session.secureCookie).toBe(true);
    expect(loadConfig({ SITE_URL: 'https://lit.example.com', SESSION_COOKIE_SECURE: 'false' }).session.secureCookie).toBe(false);
    expect(loadConfig({ SESSION_COOKIE_SECURE: 'true' }).session.secureCookie).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'sqlite:/tmp/x.db',
      BASE_PATH: '/literature',
      SITE_URL: 'https://lit.example.com/',
      LOG_LEVEL: 'warn',
      PLATFORM_SITES_SEGMENT: 'sites',
      SEED_DEMO_CONTENT: 'false',
      RESPONSE_CACHE_ENTRIES: '0',
      RESPONSE_CACHE_MB: '64',
      UPLOADS_PER_ACCOUNT: '2',
      UPLOADS_PER_PROCESS: '6',
      UPLOAD_WAIT_SECONDS: '0',
      PDF_WORKERS: '1',
      PDF_TEXT_PAGES: '50',
      PDF_TIME_LIMIT_SECONDS: '5',
      PDF_MEMORY_MB: '128',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { dialect: 'sqlite', path: '/tmp/x.db' },
      basePath: '/literature',
      siteUrl: 'https://lit.example.com',
      logLevel: 'warn',
      platformSitesSegment: 'sites',
      seedDemoContent: false,
      responseCacheEntries: 0,
      responseCacheBytes: 64 * 1024 * 1024,
      uploads: {
        inFlight: { perAccount: 2, perProcess: 6, waitMs: 0 },
        pdf: { workers: 1, textPages: 50, timeLimitMs: 5000, memoryMb: 128 },
      },
    });
  });

  it('treats "/" as no base path', () => {
    expect(loadConfig({ BASE_PATH: '/' }).basePath).toBe('');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'sqlite:'],
    ['BASE_PATH', 'literature'],
    ['BASE_PATH', '/literature/'],
    ['BASE_PATH', '/a b'],
    ['BASE_PATH', '/a/../b'],
    ['BASE_PATH', '//evil.example'],
    ['SITE_URL', 'not a url'],
    ['SITE_URL', 'ftp://x.example'],
    ['SITE_URL', 'https://x.example/path'],
    ['LOG_LEVEL', 'loud'],
    ['PLATFORM_SITES_SEGMENT', 'a/b'],
    ['SEED_DEMO_CONTENT', 'yes'],
    ['RESPONSE_CACHE_ENTRIES', '-5'],
    ['RESPONSE_CACHE_ENTRIES', 'lots'],
    ['RESPONSE_CACHE_MB', '1.5'],
    ['RESPONSE_CACHE_MB', '100000'],
    ['SESSION_IDLE_SECONDS', '30'],
    ['SESSION_IDLE_SECONDS', 'soon'],
    ['SESSION_ABSOLUTE_SECONDS', '60'],
    ['SESSION_COOKIE_SECURE', 'maybe'],
    ['WORKERS', '0'],
    ['WORKERS', 'many'],
    ['CDN_MAX_AGE_SECONDS', '-1'],
    ['CDN_KEY_HEADERS', 'Surrogate-Key,Edge-Cache-Tag'],
    ['CDN_VARNISH_URLS', 'varnish:6081'],
    ['UPLOADS_PER_ACCOUNT', '0'],
    ['UPLOADS_PER_PROCESS', 'eight'],
    ['PDF_WORKERS', '0'],
    ['PDF_TEXT_PAGES', '0'],
    ['PDF_TIME_LIMIT_SECONDS', '0'],
    ['PDF_MEMORY_MB', '32'],
  ])('rejects %s=%j with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name} `));
  });

  it('reads a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db:5432/site', DATABASE_POOL_SIZE: '4' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://app:s3cret@db:5432/site',
      poolSize: 4,
    });
  });

  it('does not echo a database password', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db' })).toThrow(/app:\*\*\*@/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://app:s3cret@db/site' })).not.toThrow(/s3cret/);
  });
});

describe('.env.example', () => {
  const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
  const documented = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));

  it('documents every setting the server reads, and nothing else', () => {
    const read = new Set<string>();
    // Some settings are read only with others (the pool size only for PostgreSQL): try both stores.
    for (const databaseUrl of [undefined, 'postgres://literature@db.example/literature']) {
      const recordingEnv = new Proxy({} as Record<string, string | undefined>, {
        get: (_target, name) => {
          if (typeof name !== 'string') return undefined;
          read.add(name);
          return name === 'DATABASE_URL' ? databaseUrl : undefined;
        },
      });
      loadConfig(recordingEnv);
    }
    expect([...documented].sort()).toEqual([...read].sort());
  });

  it('is what the server --help shows', () => {
    const help = serverHelp(new URL('../../.env.example', import.meta.url).pathname);
    expect(help).toContain(example.trimEnd());
    expect(help).toMatch(/^Usage: npm start/);
  });
});
