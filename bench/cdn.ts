/**
 * The CDN tier (docs/operations.md, "Surrogate keys" and "Varnish"): our server behind a real
 * Varnish with deploy/varnish.vcl, started as `npm start` starts it with the settings the docs give
 * for Varnish (CDN_VARNISH_URLS and CDN_KEY_HEADERS=xkey; CDN_MAX_AGE_SECONDS then defaults to an
 * hour). Two questions a site behind a CDN asks:
 * - How soon after an editor publishes does a visitor going through the CDN see it? The pages are
 *   Varnish's hits when the publish is sent; the purge by key is what makes them fresh.
 * - How much of a visitor load still reaches the server? A mix of the URLs visitors ask for, with
 *   publishes in between as real traffic has them, counted by Varnish itself (MAIN.backend_req),
 *   beside the same load with CDN_MAX_AGE_SECONDS=0 (what a CDN without purges gets by default).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '../src/cms/database';
import { DEMO_IDS } from '../src/demo/seed-demo';
import { addAccount } from '../src/editing/accounts';
import { varnishd, varnishVcl } from '../tests/helpers/varnish';
import { createDemoStore } from './lib/fixtures';
import { measured, median, type Measurement } from './lib/report';
import { startOurServer, type RunningServer } from './lib/servers';
import { createRandom } from './lib/soak-mix';

const VARNISH_PORT = 3590;
const SERVER_PORT = 3591;
const PUBLISH_ROUNDS = 10;
const VISITOR_REQUESTS = 12_000;
/** Publishes during the visitor load, spread evenly over it (at a third and two thirds). */
const PUBLISHES_DURING_LOAD = 2;
/** A page that never shows a publish is given up on after this long, and counted at it. */
const GIVE_UP_MS = 10_000;
const EDITOR = { email: 'bench-cdn-editor@example.com', password: 'correct horse battery staple' };
/** The sheet the editor changes: the first on the literature page, so `/` shows its title. */
const SHEET_SLUG = 'trimethylaluminum';
const SHEET_PAGE = `/sheets/${SHEET_SLUG}`;
const COLLECTION = `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}`;

/** What visitors ask for: the literature page and its later pages, sheets, topics, searches, German, the API. */
const VISITOR_PATHS = [
  '/',
  '/?page=2',
  '/?page=3',
  '/?page=4',
  ...['trimethylaluminum', 'silane', 'teos', 'tdmat', 'temah', 'diethylzinc', 'gas-cabinet', 'thermal-mass-flow-controller'].map((slug) => `/sheets/${slug}`),
  ...['ald', 'cvd', 'silicon', 'aluminum', 'equipment'].map((topic) => `/topics/${topic}`),
  '/?q=silane',
  '/?q=TMA',
  '/?q=hafnium%20ALD',
  '/de-DE/',
  '/de-DE/?page=2',
  `/de-DE/sheets/${SHEET_SLUG}`,
  '/de-DE/sheets/silane',
  '/de-DE/topics/ald',
  `${COLLECTION}?pageSize=7&pageToken=0`,
  `${COLLECTION}?pageSize=7&pageToken=1`,
  `${COLLECTION}?pageSize=7&pageToken=0&language=de_DE`,
];

export interface CdnBenchOptions {
  workDir: string;
  /** Visitors asking at once during the visitor load. */
  connections: number;
}

export async function benchCdn({ workDir, connections }: CdnBenchOptions): Promise<Measurement[]> {
  if (!existsSync(varnishd())) throw new Error(`The CDN benchmark needs Varnish with vmod xkey (apt-get install varnish varnish-modules); no ${varnishd()}.`);
  const databasePath = join(workDir, 'cdn.db');
  const sheetId = await createCdnStore(databasePath);
  const measurements: Measurement[] = [];
  await withCdn(workDir, databasePath, {}, async (stack) => {
    const editor = await Editor.signIn(stack.server.url, sheetId);
    await settle(stack, editor);
    const changed = await urlsChangedByAPublish(stack, editor);
    await settle(stack, editor);
    const load = await runVisitorLoad(stack, editor, connections);
    measurements.push(originShare(load, 'CDN_MAX_AGE_SECONDS unset (3600 with CDN_VARNISH_URLS)', 5, changed), leastOriginShare(load, changed));
    measurements.push(...publishToFresh(await measurePublishRounds(stack, editor)));
  });
  await withCdn(workDir, databasePath, { CDN_MAX_AGE_SECONDS: '0' }, async (stack) => {
    const editor = await Editor.signIn(stack.server.url, sheetId);
    await settle(stack, editor);
    measurements.push(originShare(await runVisitorLoad(stack, editor, connections), 'CDN_MAX_AGE_SECONDS=0 (the default without a CDN)', null));
  });
  return measurements;
}

/**
 * A site as it runs, before the load: a fresh store builds its search index on the first read,
 * which queues every topic's key once; the load starts when those purges are sent, not while they
 * would evict pages Varnish has just kept.
 */
async function settle(stack: CdnStack, editor: Editor): Promise<void> {
  await fetch(`${stack.server.url}/`).then((response) => response.arrayBuffer());
  const until = Date.now() + 30_000;
  while ((await editor.queuedPurges()) > 0) {
    if (Date.now() > until) throw new Error('the purges queued at start were not sent within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The requests so far are in the access log before a load counts the lines it adds.
  await settledLogCount(stack.logFile, 0, Number.POSITIVE_INFINITY);
}

/**
 * Which visitor URLs a publish like the load's changes: each asked of the server itself (not
 * through Varnish) before and after one, answers compared. However precise its keys, a CDN must
 * fetch these again after such a publish; with the cold fills, they are the least origin
 * requests the mix allows.
 */
async function urlsChangedByAPublish(stack: CdnStack, editor: Editor): Promise<string[]> {
  const answers = () => Promise.all(VISITOR_PATHS.map(async (path) => (await fetch(stack.server.url + path)).text()));
  const revision = await editor.saveTitle('Trimethylaluminum, before the visitor load');
  const before = await answers();
  await editor.publish(revision);
  const after = await answers();
  return VISITOR_PATHS.filter((_, index) => before[index] !== after[index]);
}

/** The demo site `npm start` seeds on its first start, and an editor; returns the changed sheet's id. */
async function createCdnStore(path: string): Promise<string> {
  await createDemoStore(path);
  const store = openDatabase({ dialect: 'sqlite', path });
  try {
    await migrateToLatest(store);
    await addAccount(store.db, { ...EDITOR, role: 'editor' }, { id: null, label: 'bench' });
    const sheet = await store.db.selectFrom('contents').select('id').where('content_key', '=', DEMO_IDS.sheetKey(SHEET_SLUG)).executeTakeFirstOrThrow();
    return sheet.id;
  } finally {
    await store.close();
  }
}

// --- Varnish and the server ---------------------------------------------------------------------

interface CdnStack {
  /** Varnish's address: where visitors go. */
  front: string;
  server: RunningServer;
  /** The server's standard output (`npm start`'s access log). */
  logFile: string;
  /** Varnish's count of requests it sent to the server (MAIN.backend_req). */
  backendRequests(): number;
}

/** Varnish, then the server (as a deployment starts them), for `run`; both stopped afterwards. */
async function withCdn(workDir: string, databasePath: string, env: Record<string, string>, run: (stack: CdnStack) => Promise<void>): Promise<void> {
  const varnishDir = mkdtempSync(join(workDir, 'varnish-'));
  // varnishd works as its own unprivileged user, which must reach its state folder and the VCL.
  chmodSync(varnishDir, 0o755);
  const front = `http://127.0.0.1:${VARNISH_PORT}`;
  let varnish: ChildProcess | undefined;
  let server: RunningServer | undefined;
  try {
    varnish = await startVarnish(varnishDir);
    const logFile = join(varnishDir, 'server.log');
    server = await startOurServer({
      port: SERVER_PORT,
      databasePath,
      core: null,
      logFile,
      env: { CDN_VARNISH_URLS: `${front}/`, CDN_KEY_HEADERS: 'xkey', ...env },
    });
    const stateDir = join(varnishDir, 'state');
    await run({ front, server, logFile, backendRequests: () => readBackendRequests(stateDir) });
  } finally {
    await server?.stop();
    if (varnish !== undefined) await stopProcess(varnish);
    rmSync(varnishDir, { recursive: true, force: true });
  }
}

async function startVarnish(varnishDir: string): Promise<ChildProcess> {
  const vcl = join(varnishDir, 'site.vcl');
  writeFileSync(vcl, varnishVcl('127.0.0.1', SERVER_PORT));
  // varnishd -F tells its every step on standard error: kept in a file, shown when it fails to start.
  const logFile = join(varnishDir, 'varnishd.log');
  const log = openSync(logFile, 'w');
  const child = spawn(varnishd(), ['-F', '-a', `127.0.0.1:${VARNISH_PORT}`, '-f', vcl, '-n', join(varnishDir, 'state'), '-s', 'malloc,64m'], {
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  // A PURGE without keys is refused with 400 by the VCL: Varnish is up with our VCL loaded.
  const deadline = Date.now() + 30_000;
  while ((await fetch(`http://127.0.0.1:${VARNISH_PORT}/`, { method: 'PURGE' }).catch(() => null))?.status !== 400) {
    const failure = child.exitCode !== null ? `varnishd exited (${child.exitCode})` : Date.now() > deadline ? 'Varnish did not answer within 30 s' : null;
    if (failure !== null) {
      await stopProcess(child);
      throw new Error(`${failure}:\n${readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n')}`);
    }
    await sleep(100);
  }
  return child;
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

function readBackendRequests(stateDir: string): number {
  const output = execFileSync('varnishstat', ['-n', stateDir, '-1', '-f', 'MAIN.backend_req'], { encoding: 'utf8' });
  const match = /MAIN\.backend_req\s+(\d+)/.exec(output);
  if (!match) throw new Error(`varnishstat did not report MAIN.backend_req:\n${output}`);
  return Number(match[1]);
}

/** Visitor requests in the server's access log (its `request completed` lines for VISITOR_PATHS). */
function countVisitorRequestsLogged(logFile: string): number {
  const visited = new Set(VISITOR_PATHS);
  let count = 0;
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"request completed"')) continue;
    if (visited.has((JSON.parse(line) as { req?: { url?: string } }).req?.url ?? '')) count++;
  }
  return count;
}

/** The server writes its log in the background: its count, once it has every backend request or stops growing for a second. */
async function settledLogCount(logFile: string, before: number, expected: number): Promise<number> {
  let count = countVisitorRequestsLogged(logFile) - before;
  for (let unchanged = 0; count < expected && unchanged < 20;) {
    await sleep(50);
    const next = countVisitorRequestsLogged(logFile) - before;
    unchanged = next === count ? unchanged + 1 : 0;
    count = next;
  }
  return count;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- The editor ---------------------------------------------------------------------------------

/** The editor, signed in to the editing API on the server itself (the studio is never cached). */
class Editor {
  private constructor(
    private readonly origin: string,
    private readonly sheetId: string,
    private readonly headers: Record<string, string>,
  ) {}

  static async signIn(origin: string, sheetId: string): Promise<Editor> {
    const login = await fetch(`${origin}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams(EDITOR).toString(),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const session = (await (await fetch(`${origin}/api/session`, { headers: { cookie } })).json()) as { csrfToken?: string };
    if (session.csrfToken === undefined) throw new Error(`The benchmark's editor could not sign in (${login.status})`);
    return new Editor(origin, sheetId, { cookie, 'x-csrf-token': session.csrfToken, origin, 'content-type': 'application/json' });
  }

  /** Saves the sheet's English title as a draft; returns the revision to publish. */
  async saveTitle(title: string): Promise<number> {
    const view = (await this.call('GET', '')) as { revision: number; draft: { translations: Record<string, Record<string, unknown>> } };
    const texts = { ...view.draft.translations.en_US, title };
    return ((await this.call('PUT', '/translations/en_US', { revision: view.revision, texts })) as { revision: number }).revision;
  }

  /** How many surrogate keys wait to be purged (the studio's GET /cdn). */
  async queuedPurges(): Promise<number> {
    const response = await fetch(`${this.origin}/studio/api/cdn`, { headers: this.headers });
    if (!response.ok) throw new Error(`GET /studio/api/cdn answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { queued: number }).queued;
  }

  /** Sends the publish; its answer comes once the purge was sent (two seconds at most). */
  async publish(revision: number): Promise<void> {
    await this.call('POST', '/publish', { revision });
  }

  private async call(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.origin}/studio/api/sheets/${this.sheetId}${path}`, {
      method,
      headers: this.headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} /studio/api/sheets/:id${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  }
}

// --- 1. Publish to the first fresh answer through Varnish -------------------------------------------

interface PageShown {
  ms: number;
  polls: number;
  /** The poll that showed it: when it was sent (ms from sending the publish), how long it took, whether Varnish had to ask the server. */
  lastSentMs: number;
  lastTookMs: number;
  lastMissed: boolean;
}

interface PublishRound {
  /** When the publish's answer came, in ms from sending it. */
  answeredMs: number;
  page: PageShown;
  sheet: PageShown;
}

/**
 * Each round: the literature page and the sheet's page made Varnish's hits, the title changed and
 * published, and both pages asked through Varnish back to back from the moment the publish is sent
 * until each shows the new title.
 */
async function measurePublishRounds(stack: CdnStack, editor: Editor): Promise<PublishRound[]> {
  const rounds: PublishRound[] = [];
  for (let round = 1; round <= PUBLISH_ROUNDS; round++) {
    const title = `Trimethylaluminum, CDN round ${round}`;
    const revision = await editor.saveTitle(title);
    await warmUntilHit(stack.front, ['/', SHEET_PAGE]);
    const sent = performance.now();
    const publishing = editor.publish(revision).then(() => performance.now() - sent);
    const [page, sheet] = await Promise.all([pollUntilShown(stack.front + '/', title, sent), pollUntilShown(stack.front + SHEET_PAGE, title, sent)]);
    rounds.push({ answeredMs: await publishing, page, sheet });
  }
  return rounds;
}

/** Asks for each path through Varnish until Varnish answers it from its cache. */
async function warmUntilHit(front: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    const deadline = Date.now() + GIVE_UP_MS;
    for (;;) {
      const response = await fetch(front + path);
      await response.arrayBuffer();
      if (response.headers.get('x-cache') === 'HIT') break;
      // A purge that follows a publish late (a topic's, once the search index has it) can take a warmed page away again.
      if (Date.now() > deadline) throw new Error(`${path} never became a hit in Varnish`);
      await sleep(2);
    }
  }
}

/** Asks for the URL again and again, with no pause, until it shows `title`. */
async function pollUntilShown(url: string, title: string, since: number): Promise<PageShown> {
  for (let polls = 1; ; polls++) {
    const pollSent = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    const ms = performance.now() - since;
    if (body.includes(title) || ms > GIVE_UP_MS)
      return { ms, polls, lastSentMs: pollSent - since, lastTookMs: ms - (pollSent - since), lastMissed: response.headers.get('x-cache') !== 'HIT' };
  }
}

function publishToFresh(rounds: PublishRound[]): Measurement[] {
  const answered = rounds.map((round) => round.answeredMs);
  return (['page', 'sheet'] as const).map((target) => {
    const times = rounds.map((round) => round[target].ms);
    const polls = rounds.map((round) => round[target].polls);
    const givenUp = times.filter((ms) => ms > GIVE_UP_MS).length;
    const shown = rounds.map((round) => round[target]);
    const missed = shown.filter((page) => page.lastMissed).length;
    return measured(
      {
        section: 'CDN',
        name: `publish to the first ${target === 'page' ? 'literature page /' : `sheet's page ${SHEET_PAGE}`} through Varnish showing it, pages Varnish's hits before`,
        comparison: `ms from sending the publish, median of ${rounds.length} rounds`,
        value: round1(median(times)),
        unit: 'ms',
        details:
          `max ${round1(Math.max(...times))} ms; the publish answered after ${round1(median(answered))} ms (median; max ${round1(Math.max(...answered))} ms); ` +
          `${median(polls)} polls through Varnish (median; ${Math.min(...polls)}–${Math.max(...polls)}) until the new title showed; ` +
          `the poll that showed it was sent at ${round1(median(shown.map((page) => page.lastSentMs)))} ms and took ${round1(median(shown.map((page) => page.lastTookMs)))} ms (medians), ` +
          `Varnish's miss (fetched from the server) in ${missed} of ${rounds.length} rounds` +
          (givenUp > 0 ? `; ${givenUp} rounds never showed it within ${GIVE_UP_MS / 1000} s` : ''),
      },
      '≤',
      100,
    );
  });
}

// --- 2. Origin requests per 1,000 visitor requests ------------------------------------------------

interface VisitorLoad {
  requests: number;
  hits: number;
  misses: number;
  errors: number;
  /** Varnish's misses before the first publish's answer, then after each one's, and the paths they were for. */
  missesByPhase: Array<{ misses: number; paths: Set<string> }>;
  backendRequests: number;
  loggedRequests: number;
  /** Whether `/` and the sheet's page through Varnish showed the last publish once the load was over. */
  freshAfter: boolean;
  seconds: number;
}

/**
 * VISITOR_REQUESTS requests through Varnish, each a path drawn from VISITOR_PATHS (seeded: both
 * settings get the same requests), `connections` at a time, starting with Varnish empty; the
 * editor publishes a new title at even intervals, its answer awaited while the load goes on.
 */
async function runVisitorLoad(stack: CdnStack, editor: Editor, connections: number): Promise<VisitorLoad> {
  const random = createRandom(1_000);
  const publishAt = Array.from({ length: PUBLISHES_DURING_LOAD }, (_, index) => Math.round(((index + 1) * VISITOR_REQUESTS) / (PUBLISHES_DURING_LOAD + 1)));
  const titles = publishAt.map((_, index) => `Trimethylaluminum, visitor load publish ${index + 1}`);
  const revisions = [await editor.saveTitle(titles[0]!)];
  const load: VisitorLoad = {
    requests: 0,
    hits: 0,
    misses: 0,
    errors: 0,
    missesByPhase: [{ misses: 0, paths: new Set() }],
    backendRequests: 0,
    loggedRequests: 0,
    freshAfter: false,
    seconds: 0,
  };
  const backendBefore = stack.backendRequests();
  const loggedBefore = countVisitorRequestsLogged(stack.logFile);
  let publishing: Promise<void> = Promise.resolve();
  let sent = 0;
  const started = performance.now();

  const visitor = async () => {
    while (sent < VISITOR_REQUESTS) {
      const index = sent++;
      const publish = publishAt.indexOf(index);
      if (publish >= 0) publishing = publishing.then(() => publishDuringLoad(editor, titles, revisions, publish, load));
      await visit(stack.front, VISITOR_PATHS[Math.floor(random() * VISITOR_PATHS.length)]!, load);
    }
  };
  await Promise.all(Array.from({ length: connections }, visitor));
  await publishing;
  load.seconds = (performance.now() - started) / 1000;
  load.backendRequests = stack.backendRequests() - backendBefore;
  load.loggedRequests = await settledLogCount(stack.logFile, loggedBefore, load.backendRequests);
  load.freshAfter = await showsTitle(stack.front, titles.at(-1)!);
  return load;
}

/** The editor's publish number `publish` during the load, and the draft of the next one saved. */
async function publishDuringLoad(editor: Editor, titles: string[], revisions: number[], publish: number, load: VisitorLoad): Promise<void> {
  await editor.publish(revisions[publish]!);
  load.missesByPhase.push({ misses: 0, paths: new Set() });
  const next = titles[publish + 1];
  if (next !== undefined) revisions.push(await editor.saveTitle(next));
}

async function visit(front: string, path: string, load: VisitorLoad): Promise<void> {
  load.requests++;
  try {
    const response = await fetch(front + path);
    await response.arrayBuffer();
    if (response.status !== 200) load.errors++;
    if (response.headers.get('x-cache') === 'HIT') load.hits++;
    else {
      load.misses++;
      const phase = load.missesByPhase.at(-1)!;
      phase.misses++;
      phase.paths.add(path);
    }
  } catch {
    load.errors++;
  }
}

async function showsTitle(front: string, title: string): Promise<boolean> {
  const bodies = await Promise.all(['/', SHEET_PAGE].map(async (path) => (await fetch(front + path)).text()));
  return bodies.every((body) => body.includes(title));
}

function originShare(load: VisitorLoad, setting: string, target: number | null, changed?: string[]): Measurement {
  const phases = load.missesByPhase
    .map(({ misses, paths }, index) => `${misses} on ${paths.size} URLs ${index === 0 ? 'before the first publish' : `after publish ${index}`}`)
    .join(', ');
  // What a publish's purge left in the cache: the pages that show nothing of the changed sheet (none when nothing is kept).
  const kept = VISITOR_PATHS.filter((path) => !load.missesByPhase[1]?.paths.has(path));
  const refilledUnchanged = changed === undefined ? [] : VISITOR_PATHS.filter((path) => load.missesByPhase[1]?.paths.has(path) && !changed.includes(path));
  const keptByFirstPublish =
    load.hits === 0
      ? ''
      : `; publish 1 left ${kept.join(', ') || 'nothing'} cached` +
        (changed === undefined ? '' : ` and purged ${refilledUnchanged.length} URLs whose answers it did not change (${refilledUnchanged.join(', ')})`);
  return measured(
    {
      section: 'CDN',
      name: `origin requests of a visitor mix through Varnish (${VISITOR_PATHS.length} URLs: pages, sheets, topics, searches, German, API) with ${PUBLISHES_DURING_LOAD} publishes, ${setting}`,
      comparison: 'requests reaching the server per 1,000 visitor requests (varnishstat MAIN.backend_req)',
      value: round1((load.backendRequests / load.requests) * 1000),
      unit: '',
      details:
        `${load.requests.toLocaleString('en')} requests in ${load.seconds.toFixed(1)} s, starting with Varnish empty; ${load.hits.toLocaleString('en')} hits, ` +
        `${load.misses.toLocaleString('en')} misses (${phases}${keptByFirstPublish}); ${load.errors} errors; ${load.backendRequests.toLocaleString('en')} backend requests, ` +
        `${load.loggedRequests.toLocaleString('en')} visitor requests in the server's access log; ` +
        `after the load / and the sheet's page ${load.freshAfter ? 'showed' : 'did NOT show'} the last publish`,
    },
    target === null ? null : '≤',
    target ?? 0,
  );
}

/**
 * The origin requests of the same load if each publish purged exactly the URLs whose answers it
 * changes: one cold fill per URL, and those URLs once after each publish. No purge by key can do
 * better: what a target below this asks of the mix, not of the keys.
 */
function leastOriginShare(load: VisitorLoad, changed: string[]): Measurement {
  const coldFills = new Set(VISITOR_PATHS).size;
  const least = coldFills + PUBLISHES_DURING_LOAD * changed.length;
  // Whether a new text changes a search's results is known only by running the search again: keys can only purge them all.
  const searchesKept = VISITOR_PATHS.filter((path) => new URLSearchParams(path.split('?')[1] ?? '').has('q') && !changed.includes(path));
  const leastWithSearches = least + PUBLISHES_DURING_LOAD * searchesKept.length;
  return measured({
    section: 'CDN',
    name: `the same visitor mix, if each publish purged only the URLs whose answers it changes (the least any purge by key allows)`,
    comparison: 'requests reaching the server per 1,000 visitor requests',
    value: round1((least / load.requests) * 1000),
    unit: '',
    details:
      `${coldFills} cold fills + ${PUBLISHES_DURING_LOAD} publishes × ${changed.length} URLs = ${least} of ${load.requests.toLocaleString('en')} requests; ` +
      `a new English title of ${SHEET_SLUG} changes the server's answer for ${changed.join(', ')} (each URL asked of the server before and after a publish); ` +
      `keys that purge every search on any change to what is searched (as they must: whether a new text changes a search's results is known only by running it) ` +
      `also purge ${searchesKept.join(', ') || 'no other search'}: ${round1((leastWithSearches / load.requests) * 1000)} per 1,000`,
  });
}

// --- Arithmetic -----------------------------------------------------------------------------------

const round1 = (value: number) => Math.round(value * 10) / 10;
