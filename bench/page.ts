/**
 * The literature page under load, side by side in one run:
 * - cached: our server vs a bare node:http server answering the same recorded response from
 *   memory (the limit for Node) vs nginx serving the same bytes from disk;
 * - uncached (response cache off, data cache warm): our server vs a bare renderToString harness
 *   rendering the same components with the same data into the same document;
 * - peers (bench/peers/README.md): the same page built with Next.js 16 (per request and ISR) and
 *   Astro 5 (per request), on the same store, each checked to send the same page first.
 * Servers run on core 0 one at a time under load, wrk on core 1. The cached rows compare requests
 * per second (the best round of each) and, steadier, CPU time per request (the median of several
 * server starts, each measured over interleaved rounds).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import {
  ourPageAssets,
  PEER_NAMES,
  PEERS,
  preparePeers,
  samePage,
  startPeer,
  type OurPageAssets,
  type PeerMode,
  type PeerName,
  type RunningPeer,
} from './lib/peers';
import { measured, median, type Measurement } from './lib/report';
import { startNginx, startOurServer, startProcessServer, type RunningServer } from './lib/servers';
import { cpuTimeMs } from './lib/process-cpu';
import { runLoad, type LoadOptions, type LoadResult } from './lib/wrk';

export interface PageBenchOptions {
  databasePath: string;
  workDir: string;
  load: Omit<LoadOptions, 'core'>;
  /** Called with our server's peak memory after its load. */
  recordPeak: (label: string, megabytes: number | null, icuDataMb?: number | null) => void;
}

const SERVER_CORE = 0;
const LOAD_CORE = 1;
const PAGE = '/';
/** Connections for the measure of `npm start`'s settings: a busy site's visitors, not the tuned run's. */
const DEFAULTS_CONNECTIONS = 50;
/**
 * Rounds of load per server, each this long; the best of each is kept. Interference from the rest
 * of a shared machine comes and goes within seconds (the same server measured 12k to 21k req/s in
 * one run): many short rounds give each server more chances at a quiet moment than a few long ones.
 */
const ROUNDS = 8;
const ROUND_SECONDS = 2;
/**
 * The cached comparisons start their servers this many times, with this many rounds each. One
 * start of the very same build costs ±10 % more or less CPU per request than the next, for the
 * whole life of the process (8 starts of ours measured 14.9–18.7 µs; decision 011), more than its
 * rounds vary: rounds within one start cannot even that out, starts can.
 */
const STARTS = 5;
const ROUNDS_PER_START = 3;

/** Headers that belong to one response, which the bare server makes for itself. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'transfer-encoding']);

/** The page on a server, or the page URL itself (a peer's page has its own path). */
const pageOf = (target: RunningServer | string) => (typeof target === 'string' ? target : target.url + PAGE);

/** Each server's best run, and its CPU time per request in each round (µs; none for a URL or without /proc). */
interface Rounds {
  best: LoadResult[];
  cpuMicroseconds: number[][];
}

/**
 * Loads each server in turn, for several rounds, and keeps each one's best run: interference
 * from the rest of a shared machine comes and goes, and then hits every server alike. Beside it,
 * the CPU time each server spent per request in each round (user + system, from /proc), which
 * moves far less with the rest of the machine than requests per second do.
 */
function roundsOf(servers: (RunningServer | string)[], load: PageBenchOptions['load'], rounds = ROUNDS): Rounds {
  const best: (LoadResult | undefined)[] = servers.map(() => undefined);
  const cpuMicroseconds: number[][] = servers.map(() => []);
  for (const server of servers) runLoad(pageOf(server), { ...load, seconds: 2, core: LOAD_CORE });
  for (let round = 0; round < rounds; round++) {
    servers.forEach((server, index) => {
      const pid = typeof server === 'string' ? null : server.pid;
      const before = pid === null ? null : cpuTimeMs(pid);
      const result = runLoad(pageOf(server), { ...load, seconds: ROUND_SECONDS, core: LOAD_CORE });
      const after = pid === null ? null : cpuTimeMs(pid);
      if (before !== null && after !== null && result.requests > 0) cpuMicroseconds[index]!.push(((after - before) * 1000) / result.requests);
      if (best[index] === undefined || result.requestsPerSecond > best[index].requestsPerSecond) best[index] = result;
    });
  }
  return { best: best as LoadResult[], cpuMicroseconds };
}

const bestOf = (servers: (RunningServer | string)[], load: PageBenchOptions['load']) => roundsOf(servers, load).best;

/** The servers of a cached comparison over all their starts. */
interface Starts {
  /** Each server's best run of all. */
  best: LoadResult[];
  /** Each server's CPU time per request in each start: the median of its rounds (µs). */
  cpuMicroseconds: number[][];
  /** Each server's highest peak resident memory of all starts (MB). */
  peakRssMb: (number | null)[];
}

/**
 * Starts the servers STARTS times, and loads them in interleaved rounds each time (roundsOf).
 * `check` runs on each start's servers before any load (that they send the same page).
 */
async function startsOf(
  starters: (() => Promise<RunningServer>)[],
  load: PageBenchOptions['load'],
  check: (servers: RunningServer[]) => Promise<void> = async () => {},
): Promise<Starts> {
  const starts: Starts = { best: [], cpuMicroseconds: starters.map(() => []), peakRssMb: starters.map(() => null) };
  for (let start = 0; start < STARTS; start++) {
    await withServers(starters, async (servers) => {
      await check(servers);
      const rounds = roundsOf(servers, load, ROUNDS_PER_START);
      servers.forEach((server, index) => {
        const best = starts.best[index];
        if (best === undefined || rounds.best[index]!.requestsPerSecond > best.requestsPerSecond) starts.best[index] = rounds.best[index]!;
        const cpu = rounds.cpuMicroseconds[index]!;
        if (cpu.length > 0) starts.cpuMicroseconds[index]!.push(median(cpu));
        const peak = server.peakRssMb();
        if (peak !== null) starts.peakRssMb[index] = Math.max(peak, starts.peakRssMb[index] ?? 0);
      });
    });
  }
  return starts;
}

/** Ours beside a bare server by CPU time per request: each start's ratio, the median of the starts. */
function cpuPerRequest(starts: Starts, name: string, bareLabel: string, bound: number): Measurement {
  const [ours = [], bare = []] = starts.cpuMicroseconds;
  const ratios = ours.map((microseconds, start) => microseconds / bare[start]!);
  const value = ratios.length === 0 ? Number.NaN : median(ratios);
  return measured(
    {
      section: 'Page',
      name,
      comparison: `ours / ${bareLabel}, CPU time per request`,
      value,
      unit: '×',
      details:
        ratios.length === 0
          ? 'no CPU times (/proc/PID/stat) on this machine'
          : `ours ${median(ours).toFixed(1)} µs, ${bareLabel} ${median(bare).toFixed(1)} µs of CPU per request (medians of ${ratios.length} server starts, ` +
            `each the median of its ${ROUNDS_PER_START} rounds: user + system time of the server process from /proc/PID/stat over the requests wrk completed); ` +
            `the starts' ratios ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}`,
    },
    '≤',
    bound,
  );
}

const rate = (result: LoadResult) => `${result.requestsPerSecond.toFixed(0)} req/s (p99 ${result.latencyMs.p99.toFixed(2)} ms, ${result.errors} errors)`;

/** Ours (the first server) beside the bare one (the second): requests per second, the best round of each, and CPU time per request. */
function besideBare(starts: Starts, name: string, bareLabel: string, bounds: { rate: number; cpu: number }): Measurement[] {
  const [ours, bare] = starts.best as [LoadResult, LoadResult];
  return [
    measured(
      {
        section: 'Page',
        name,
        comparison: `ours / ${bareLabel}, req/s`,
        value: ours.requestsPerSecond / bare.requestsPerSecond,
        unit: '×',
        details: `ours ${rate(ours)}; bare Node ${rate(bare)}`,
      },
      '≥',
      bounds.rate,
    ),
    cpuPerRequest(starts, name, bareLabel, bounds.cpu),
  ];
}

/** Starts servers one after another and stops them all, whatever happens in between. */
async function withServers<T>(starters: (() => Promise<RunningServer>)[], use: (servers: RunningServer[]) => Promise<T>): Promise<T> {
  const servers: RunningServer[] = [];
  try {
    for (const start of starters) servers.push(await start());
    return await use(servers);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export async function benchPage({ databasePath, workDir, load, recordPeak }: PageBenchOptions): Promise<Measurement[]> {
  const files = join(workDir, 'page');
  mkdirSync(files, { recursive: true });
  const measurements: Measurement[] = [];
  let html = '';
  let origin = '';
  let assets: OurPageAssets | null = null;

  // Cached: ours, and the same response from a bare Node server and from nginx.
  {
    const starts = await startsOf(
      [
        async () => {
          const ours = await startOurServer({ port: 3411, databasePath, core: SERVER_CORE });
          // The plain answer (fetch asks for gzip by itself), which the bare servers replay as it is.
          const response = await fetch(ours.url + PAGE, { headers: { 'accept-encoding': 'identity' } });
          html = await response.text();
          origin = ours.url;
          const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_RESPONSE.has(name)));
          writeFileSync(join(files, 'response.json'), JSON.stringify({ headers }));
          writeFileSync(join(files, 'index.html'), html);
          // What the peers copy from our page: its stylesheets and icon.
          assets = await ourPageAssets(ours.url + PAGE, html);
          return ours;
        },
        () => startBareNode(3412, join(files, 'response.json'), join(files, 'index.html')),
        () => startNginx({ port: 3413, root: files, workDir: join(workDir, 'nginx-page'), core: SERVER_CORE }),
      ],
      load,
      async ([, bare, nginx]) => {
        await expectSameBody(bare!, html, 'the bare Node server');
        await expectSameBody(nginx!, html, 'nginx');
      },
    );
    const [cached, , nginxResult] = starts.best;
    recordPeak('cached page', starts.peakRssMb[0] ?? null);
    const name = `literature page, cached (${Buffer.byteLength(html).toLocaleString('en')} bytes)`;
    const [beside, cpu] = besideBare(starts, name, 'bare node:http', { rate: 0.8, cpu: 1.25 });
    measurements.push(
      beside!,
      measured(
        {
          section: 'Page',
          name,
          comparison: 'ours / nginx from disk, req/s',
          value: cached!.requestsPerSecond / nginxResult!.requestsPerSecond,
          unit: '×',
          details: `nginx ${rate(nginxResult!)}`,
        },
        '≥',
        0.3,
      ),
      cpu!,
    );
  }

  // Cached, as a user runs it: `npm start`'s settings (a line per request, to a file) and many
  // connections; and the brotli answer beside a bare server sending the same compressed bytes.
  {
    const busy = { ...load, connections: DEFAULTS_CONNECTIONS };
    const starts = await startsOf(
      [
        () => startOurServer({ port: 3416, databasePath, core: SERVER_CORE, logFile: join(files, 'access.log') }),
        () => startBareNode(3417, join(files, 'response.json'), join(files, 'index.html')),
      ],
      busy,
    );
    const name = `literature page, cached, as npm start runs it (LOG_LEVEL=info, standard output to a file), ${DEFAULTS_CONNECTIONS} connections`;
    recordPeak('cached page, npm start settings', starts.peakRssMb[0] ?? null);
    measurements.push(...besideBare(starts, name, 'bare node:http', { rate: 0.8, cpu: 1.25 }));
  }
  const compressed = await withServers([() => startOurServer({ port: 3418, databasePath, core: SERVER_CORE })], async ([ours]) => {
    const answer = await frontCachedBrotli(ours!.url + PAGE);
    writeFileSync(join(files, 'response-br.json'), JSON.stringify({ headers: answer.headers }));
    writeFileSync(join(files, 'index.html.br'), answer.body);
    return answer.body.length;
  });
  {
    const starts = await startsOf(
      [
        () => startOurServer({ port: 3418, databasePath, core: SERVER_CORE }),
        () => startBareNode(3419, join(files, 'response-br.json'), join(files, 'index.html.br')),
      ],
      { ...load, headers: { 'accept-encoding': 'br' } },
      async ([ours]) => {
        await frontCachedBrotli(ours!.url + PAGE);
      },
    );
    const name = `literature page, cached, brotli (${compressed.toLocaleString('en')} bytes for ${Buffer.byteLength(html).toLocaleString('en')})`;
    measurements.push(...besideBare(starts, name, 'bare node:http sending the same compressed bytes', { rate: 0.9, cpu: 1.1 }));
  }

  // Uncached: every request renders; the data it renders from is cached (as in production).
  // The data our server renders the page from (the page no longer carries it), on the origin of `html`.
  const dataFile = join(files, 'page-data.json');
  execFileSync(process.execPath, ['--import', 'tsx', 'bench/servers/page-data.ts', databasePath, dataFile, origin], { stdio: ['ignore', 'ignore', 'inherit'] });
  const stylesheet = /assets\/pages\/([^"]+\.css)"/.exec(html)?.[1];
  if (stylesheet === undefined) throw new Error('The page links no page stylesheet');
  await withServers(
    [
      () => startOurServer({ port: 3414, databasePath, core: SERVER_CORE, env: { RESPONSE_CACHE_ENTRIES: '0' } }),
      () =>
        startProcessServer({
          port: 3415,
          core: SERVER_CORE,
          command: [process.execPath, '--import', 'tsx', 'bench/servers/render-harness.ts', dataFile, stylesheet, '3415'],
          env: { NODE_ENV: 'production' },
        }),
    ],
    async ([uncached, harness]) => {
      await expectSameBody(harness!, html, 'the renderToString harness');
      const [rendered, harnessResult] = bestOf([uncached!, harness!], load);
      recordPeak('uncached page', uncached!.peakRssMb(), uncached!.residentIcuDataMb());
      measurements.push(
        measured(
          {
            section: 'Page',
            name: 'literature page, rendered per request (response cache off, data cache warm)',
            comparison: 'ours / bare renderToString harness, req/s',
            value: rendered!.requestsPerSecond / harnessResult!.requestsPerSecond,
            unit: '×',
            details: `ours ${rate(rendered!)}; harness ${rate(harnessResult!)}`,
          },
          '≥',
          1.5,
        ),
      );
    },
  );

  measurements.push(...(await benchPeers({ databasePath, load, recordPeak, assets })));
  return measurements;
}

/**
 * The page as our front cache sends it in brotli: asked until the cache has made its compressed
 * form (in the background, after the first answer), which is when it sends a Content-Length.
 */
async function frontCachedBrotli(url: string): Promise<{ headers: Record<string, string>; body: Buffer }> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const answer = await rawGet(url, { 'accept-encoding': 'br' });
    if (answer.headers['content-encoding'] === 'br' && answer.headers['content-length'] !== undefined) {
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_RESPONSE.has(name)));
      return { headers, body: answer.body };
    }
  }
  throw new Error(`${url} never came from the front cache in brotli`);
}

/** A GET whose body is kept as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)])),
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

/** The limit for Node: a bare node:http server sending a recorded answer (its headers and body files). */
function startBareNode(port: number, responseFile: string, bodyFile: string): Promise<RunningServer> {
  return startProcessServer({ port, core: SERVER_CORE, command: [process.execPath, 'bench/servers/bare-node.mjs', responseFile, bodyFile, String(port)] });
}

/** The comparison is only fair when every server sends the very same page. */
async function expectSameBody(server: RunningServer, html: string, label: string): Promise<void> {
  const body = await (await fetch(server.url + PAGE)).text();
  if (body !== html) throw new Error(`${label} does not send the same page as our server (${body.length} vs ${html.length} characters)`);
}

/** A peer's server in one mode, beside ours: its page, or why it is not measured. */
interface PeerRun {
  name: PeerName;
  mode: PeerMode;
  server: RunningPeer | null;
  html: string;
  /** Why this peer is not measured (preparation, start or a different page); null when it is. */
  error: string | null;
}

const PEER_PORTS: Record<PeerName, Record<PeerMode, number>> = { next: { dynamic: 3433, cached: 3434 }, astro: { dynamic: 3435, cached: 3436 } };
/** The targets of issue 19: rendered per request, ours / the peer. */
const RENDERED_TARGETS: Record<PeerName, number> = { next: 20, astro: 5 };

/**
 * Our server (response cache off, and cached) beside each peer's production server in each of its
 * modes. A peer is measured only when it sends the same page as ours (samePage); otherwise its rows
 * are errors that say why. Rows: rendered per request and cached req/s ratios, HTML bytes and
 * each peer's peak memory.
 */
async function benchPeers({
  databasePath,
  load,
  recordPeak,
  assets,
}: Pick<PageBenchOptions, 'databasePath' | 'load' | 'recordPeak'> & { assets: OurPageAssets | null }): Promise<Measurement[]> {
  const prepared: Record<PeerName, string | null> =
    assets === null
      ? { next: 'our page gave no stylesheets to copy', astro: 'our page gave no stylesheets to copy' }
      : await preparePeers((line) => console.log(`  ${line}`), assets);
  const runs: PeerRun[] = PEER_NAMES.flatMap((name) =>
    (Object.keys(PEERS[name].modes) as PeerMode[]).map((mode) => ({ name, mode, server: null, html: '', error: prepared[name] })),
  );
  return withServers(
    [
      () => startOurServer({ port: 3431, databasePath, core: SERVER_CORE, env: { RESPONSE_CACHE_ENTRIES: '0' } }),
      () => startOurServer({ port: 3432, databasePath, core: SERVER_CORE }),
    ],
    async ([uncached, cached]) => {
      const ourHtml = await (await fetch(uncached!.url + PAGE, { headers: { 'accept-encoding': 'identity' } })).text();
      try {
        for (const run of runs) {
          if (run.error !== null) continue;
          try {
            run.server = await startPeer(run.name, { mode: run.mode, databasePath, port: PEER_PORTS[run.name][run.mode], core: SERVER_CORE });
            run.html = await (await fetch(run.server.pageUrl, { headers: { 'accept-encoding': 'identity' } })).text();
            const differences = samePage(ourHtml, run.html);
            if (differences.length > 0)
              run.error = `not the same page as ours (${differences.length} differences): ${differences.slice(0, 3).join('; ')}${differences.length > 3 ? '; …' : ''}`;
          } catch (error) {
            run.error = `did not start: ${error instanceof Error ? error.message : String(error)}`;
          }
        }
        const ready = runs.filter((run) => run.error === null && run.server !== null);
        const results = bestOf([uncached!, cached!, ...ready.map((run) => run.server!.pageUrl)], load);
        const [oursRendered, oursCached] = results as [LoadResult, LoadResult];
        const resultOf = (run: PeerRun) => results[2 + ready.indexOf(run)];
        recordPeak('uncached page, beside the peers', uncached!.peakRssMb());
        const ourPeaks = `ours: response cache off ${megabytes(uncached!.peakRssMb())}, cached ${megabytes(cached!.peakRssMb())}`;
        return peerRows(runs, { oursRendered, oursCached, ourBytes: Buffer.byteLength(ourHtml), ourPeaks, resultOf });
      } finally {
        await Promise.all(runs.map((run) => run.server?.stop()));
      }
    },
  );
}

function peerRows(
  runs: PeerRun[],
  ours: { oursRendered: LoadResult; oursCached: LoadResult; ourBytes: number; ourPeaks: string; resultOf: (run: PeerRun) => LoadResult | undefined },
): Measurement[] {
  const rows: Measurement[] = [];
  const find = (name: PeerName, mode: PeerMode) => runs.find((run) => run.name === name && run.mode === mode);
  /** A ratio of ours to the peer, or NaN (an error, with the reason as details) when it was not measured. */
  const ratio = (run: PeerRun, mine: number, theirs: (result: LoadResult) => number) => {
    const result = ours.resultOf(run);
    return run.error === null && result !== undefined ? mine / theirs(result) : Number.NaN;
  };
  for (const name of PEER_NAMES) {
    const { label, modes } = PEERS[name];
    const dynamic = find(name, 'dynamic');
    const cached = find(name, 'cached');
    if (dynamic !== undefined) {
      const result = ours.resultOf(dynamic);
      rows.push(
        measured(
          {
            section: 'Peers',
            name: `literature page, rendered per request: ours (response cache off) vs ${label} (${modes.dynamic!.description})`,
            comparison: `ours / ${label}, req/s`,
            value: ratio(dynamic, ours.oursRendered.requestsPerSecond, (r) => r.requestsPerSecond),
            unit: '×',
            details:
              dynamic.error ??
              `ours ${rate(ours.oursRendered)}; ${label} ${rate(result!)}${cached === undefined ? `; cached: n/a (${label} has no response cache of its own)` : ''}`,
          },
          '≥',
          RENDERED_TARGETS[name],
        ),
      );
    }
    if (cached !== undefined) {
      const result = ours.resultOf(cached);
      rows.push(
        measured({
          section: 'Peers',
          name: `literature page, cached: ours (front cache) vs ${label} (${modes.cached!.description})`,
          comparison: `ours / ${label}, req/s`,
          value: ratio(cached, ours.oursCached.requestsPerSecond, (r) => r.requestsPerSecond),
          unit: '×',
          details: cached.error ?? `ours ${rate(ours.oursCached)}; ${label} ${rate(result!)}`,
        }),
      );
    }
    const first = dynamic ?? cached!;
    const peerBytes = Buffer.byteLength(first.html);
    rows.push(
      measured(
        {
          section: 'Peers',
          name: `HTML of the literature page: ours vs ${label}`,
          comparison: `our HTML bytes / ${label}'s`,
          value: first.error === null ? ours.ourBytes / peerBytes : Number.NaN,
          unit: '×',
          details: first.error ?? `ours ${ours.ourBytes.toLocaleString('en')} bytes; ${label} ${peerBytes.toLocaleString('en')} bytes`,
        },
        name === 'astro' ? '≤' : null,
        1.0,
      ),
    );
    const peaks = [dynamic, cached].flatMap((run) => (run?.server ? [{ mode: run.mode, megabytes: run.server.peakRssMb() }] : []));
    const highest = Math.max(...peaks.map((peak) => peak.megabytes ?? Number.NaN));
    rows.push(
      measured({
        section: 'Peers',
        name: `peak resident memory of ${label} under the page loads`,
        comparison: 'highest VmHWM of the peer server process (and its children)',
        value: peaks.length === 0 ? Number.NaN : Math.round(highest),
        unit: 'MB',
        details: (dynamic ?? cached)!.error ?? `${peaks.map((peak) => `${peak.mode} ${megabytes(peak.megabytes)}`).join(', ')}; ${ours.ourPeaks}`,
      }),
    );
  }
  return rows;
}

const megabytes = (value: number | null) => (value === null ? 'not measured' : `${Math.round(value)} MB`);
