/**
 * The literature page under load, side by side in one run:
 * - cached: our server vs a bare node:http server answering the same recorded response from
 *   memory (the limit for Node) vs nginx serving the same bytes from disk;
 * - uncached (response cache off, data cache warm): our server vs a bare renderToString harness
 *   rendering the same components with the same data into the same document.
 * Servers run on core 0 one at a time under load, wrk on core 1.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { PAGE_DATA_ELEMENT_ID } from '../src/site/page-data';
import { measured, type Measurement } from './lib/report';
import { startNginx, startOurServer, startProcessServer, type RunningServer } from './lib/servers';
import { runLoad, type LoadOptions, type LoadResult } from './lib/wrk';

export interface PageBenchOptions {
  databasePath: string;
  workDir: string;
  load: Omit<LoadOptions, 'core'>;
  /** Called with our server's peak memory after its load. */
  recordPeak: (label: string, megabytes: number | null) => void;
}

const SERVER_CORE = 0;
const LOAD_CORE = 1;
const PAGE = '/';
/** Connections for the measure of `npm start`'s settings: a busy site's visitors, not the tuned run's. */
const DEFAULTS_CONNECTIONS = 50;
/** Rounds of load per server; the best of each is kept. */
const ROUNDS = 2;

/** Headers that belong to one response, which the bare server makes for itself. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'x-request-id', 'content-length', 'transfer-encoding']);

/**
 * Loads each server in turn, for several rounds, and keeps each one's best run: interference
 * from the rest of a shared machine comes and goes, and then hits every server alike.
 */
function bestOf(servers: RunningServer[], load: PageBenchOptions['load']): LoadResult[] {
  const best: (LoadResult | undefined)[] = servers.map(() => undefined);
  for (const server of servers) runLoad(server.url + PAGE, { ...load, seconds: 2, core: LOAD_CORE });
  for (let round = 0; round < ROUNDS; round++) {
    servers.forEach((server, index) => {
      const result = runLoad(server.url + PAGE, { ...load, core: LOAD_CORE });
      if (best[index] === undefined || result.requestsPerSecond > best[index].requestsPerSecond) best[index] = result;
    });
  }
  return best as LoadResult[];
}

const rate = (result: LoadResult) => `${result.requestsPerSecond.toFixed(0)} req/s (p99 ${result.latencyMs.p99.toFixed(2)} ms, ${result.errors} errors)`;

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

  // Cached: ours, and the same response from a bare Node server and from nginx.
  await withServers(
    [
      async () => {
        const ours = await startOurServer({ port: 3411, databasePath, core: SERVER_CORE });
        // The plain answer (fetch asks for gzip by itself), which the bare servers replay as it is.
        const response = await fetch(ours.url + PAGE, { headers: { 'accept-encoding': 'identity' } });
        html = await response.text();
        const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_RESPONSE.has(name)));
        writeFileSync(join(files, 'response.json'), JSON.stringify({ headers }));
        writeFileSync(join(files, 'index.html'), html);
        return ours;
      },
      () => startBareNode(3412, join(files, 'response.json'), join(files, 'index.html')),
      () => startNginx({ port: 3413, root: files, workDir: join(workDir, 'nginx-page'), core: SERVER_CORE }),
    ],
    async ([ours, bare, nginx]) => {
      await expectSameBody(bare!, html, 'the bare Node server');
      await expectSameBody(nginx!, html, 'nginx');
      const [cached, bareResult, nginxResult] = bestOf([ours!, bare!, nginx!], load);
      recordPeak('cached page', ours!.peakRssMb());
      const name = `literature page, cached (${Buffer.byteLength(html).toLocaleString('en')} bytes)`;
      measurements.push(
        measured(
          {
            section: 'Page',
            name,
            comparison: 'ours / bare node:http, req/s',
            value: cached!.requestsPerSecond / bareResult!.requestsPerSecond,
            unit: '×',
            details: `ours ${rate(cached!)}; bare Node ${rate(bareResult!)}`,
          },
          '≥',
          0.8,
        ),
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
      );
    },
  );

  // Cached, as a user runs it: `npm start`'s settings (a line per request, to a file) and many
  // connections; and the brotli answer beside a bare server sending the same compressed bytes.
  await withServers(
    [
      () => startOurServer({ port: 3416, databasePath, core: SERVER_CORE, logFile: join(files, 'access.log') }),
      () => startBareNode(3417, join(files, 'response.json'), join(files, 'index.html')),
    ],
    async ([defaults, bare]) => {
      const busy = { ...load, connections: DEFAULTS_CONNECTIONS };
      const [ours, bareResult] = bestOf([defaults!, bare!], busy);
      recordPeak('cached page, npm start settings', defaults!.peakRssMb());
      measurements.push(
        measured(
          {
            section: 'Page',
            name: `literature page, cached, as npm start runs it (LOG_LEVEL=info, standard output to a file), ${DEFAULTS_CONNECTIONS} connections`,
            comparison: 'ours / bare node:http, req/s',
            value: ours!.requestsPerSecond / bareResult!.requestsPerSecond,
            unit: '×',
            details: `ours ${rate(ours!)}; bare Node ${rate(bareResult!)}`,
          },
          '≥',
          0.8,
        ),
      );
    },
  );
  const compressed = await withServers([() => startOurServer({ port: 3418, databasePath, core: SERVER_CORE })], async ([ours]) => {
    const answer = await frontCachedBrotli(ours!.url + PAGE);
    writeFileSync(join(files, 'response-br.json'), JSON.stringify({ headers: answer.headers }));
    writeFileSync(join(files, 'index.html.br'), answer.body);
    return answer.body.length;
  });
  await withServers(
    [
      () => startOurServer({ port: 3418, databasePath, core: SERVER_CORE }),
      () => startBareNode(3419, join(files, 'response-br.json'), join(files, 'index.html.br')),
    ],
    async ([ours, bare]) => {
      await frontCachedBrotli(ours!.url + PAGE);
      const [oursResult, bareResult] = bestOf([ours!, bare!], { ...load, headers: { 'accept-encoding': 'br' } });
      measurements.push(
        measured(
          {
            section: 'Page',
            name: `literature page, cached, brotli (${compressed.toLocaleString('en')} bytes for ${Buffer.byteLength(html).toLocaleString('en')})`,
            comparison: 'ours / bare node:http sending the same compressed bytes, req/s',
            value: oursResult!.requestsPerSecond / bareResult!.requestsPerSecond,
            unit: '×',
            details: `ours ${rate(oursResult!)}; bare Node ${rate(bareResult!)}`,
          },
          '≥',
          0.9,
        ),
      );
    },
  );

  // Uncached: every request renders; the data it renders from is cached (as in production).
  const dataFile = join(files, 'page-data.json');
  writeFileSync(dataFile, pageDataOf(html));
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
      recordPeak('uncached page', uncached!.peakRssMb());
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
          0.8,
        ),
      );
    },
  );
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

/** The page's data, as the page itself carries it for the browser. */
function pageDataOf(html: string): string {
  const match = new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!match?.[1]) throw new Error('The page carries no page data');
  return match[1];
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
