/**
 * The page benchmark's peers (bench/peers/README.md): the same literature page built with Next.js
 * 16 and with Astro 5, reading the same SQLite store as our server. This module prepares them
 * (installs their packages into bench/peers/* and builds them, only when their inputs changed),
 * starts them as production servers pinned to one core, and checks that a peer sends the same page
 * as ours (samePage: visible text, links, image URLs, head tags).
 *
 * By hand: `npx tsx bench/lib/peers.ts prepare http://127.0.0.1:3500/` (our server running on a
 * seeded store), then `npx tsx bench/lib/peers.ts compare http://127.0.0.1:3500/ <peer page URL>`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { peakRssMb } from './process-memory';
import { pinTo } from './tools';

export type PeerName = 'next' | 'astro';
export type PeerMode = 'dynamic' | 'cached';

interface PeerSpec {
  label: string;
  /** What each mode is, for the report. */
  modes: Partial<Record<PeerMode, { path: string; description: string }>>;
  /** A file the build writes: the peer is unbuilt without it. */
  builtFile: string;
  /** The production server, run in the peer's folder. */
  command: (port: number) => string[];
  /** Pages the server keeps on disk between runs, removed before it starts (each run renders from its own store). */
  renderedCache?: string;
}

export const PEERS_DIR = join(import.meta.dirname, '..', 'peers');

export const PEERS: Record<PeerName, PeerSpec> = {
  next: {
    label: 'Next.js 16',
    modes: {
      dynamic: { path: '/', description: "App Router, export const dynamic = 'force-dynamic'" },
      cached: { path: '/cached', description: 'App Router, ISR: export const revalidate = 60, rendered on first request' },
    },
    builtFile: join('.next', 'BUILD_ID'),
    // Where `next start` keeps the pages it rendered (ISR) across restarts: a page rendered from another store would be served first.
    renderedCache: join('.next', 'server', 'route-cache'),
    command: (port) => [process.execPath, join('node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
  },
  astro: {
    label: 'Astro 5',
    modes: { dynamic: { path: '/', description: "output: 'server', @astrojs/node standalone, React island client:visible" } },
    builtFile: join('dist', 'server', 'entry.mjs'),
    command: () => [process.execPath, join('dist', 'server', 'entry.mjs')],
  },
};

export const PEER_NAMES = Object.keys(PEERS) as PeerName[];

/** Files every peer gets from bench/peers/common/ (as generated/) before it is built. */
const COMMON_FILES = ['literature.mjs', 'card.jsx', 'show-more.jsx'];
/** Not inputs of a build: installed, built or bookkeeping. */
const NOT_INPUTS = new Set(['node_modules', '.next', 'dist', '.astro', '.build-hash']);
const INSTALL_HASH_FILE = join('node_modules', '.install-hash');
const BUILD_HASH_FILE = '.build-hash';
const QUIET_ENV = { NEXT_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1', npm_config_update_notifier: 'false', npm_config_fund: 'false' };

/** What the peers copy from our page: its stylesheets (concatenated, in order) and its icon. */
export interface OurPageAssets {
  css: string;
  favicon: Buffer | null;
}

/** Fetches the stylesheets and the icon our page links, from our running server. */
export async function ourPageAssets(pageUrl: string, html?: string): Promise<OurPageAssets> {
  const page = html ?? (await (await fetch(pageUrl, { headers: { 'accept-encoding': 'identity' } })).text());
  const links = elements(parse(page), 'link');
  const hrefsOf = (rel: string) => links.filter((link) => attr(link, 'rel')?.split(/\s+/).includes(rel)).map((link) => attr(link, 'href') ?? '');
  const get = async (href: string) => {
    const response = await fetch(new URL(href, pageUrl));
    if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
  const sheets = await Promise.all(hrefsOf('stylesheet').map(get));
  if (sheets.length === 0) throw new Error('Our page links no stylesheet');
  const icon = hrefsOf('icon')[0];
  return { css: sheets.map((sheet) => sheet.toString('utf8')).join('\n'), favicon: icon === undefined ? null : await get(icon) };
}

/**
 * Makes each peer ready to start: copies the common files and our assets into it, runs `npm ci`
 * when its lockfile changed (or it was never installed) and its build when any input changed.
 * Sequential (the machine may have two cores). Answers, per peer, null when it is ready or the
 * one-line reason it is not.
 */
export async function preparePeers(
  log: (line: string) => void,
  assets: OurPageAssets,
  names: PeerName[] = PEER_NAMES,
): Promise<Record<PeerName, string | null>> {
  const outcome = {} as Record<PeerName, string | null>;
  for (const name of names) {
    try {
      prepareOne(name, assets, log);
      outcome[name] = null;
    } catch (error) {
      outcome[name] = error instanceof Error ? error.message : String(error);
      log(`${PEERS[name].label}: ${outcome[name]}`);
    }
  }
  return outcome;
}

function prepareOne(name: PeerName, assets: OurPageAssets, log: (line: string) => void): void {
  const dir = join(PEERS_DIR, name);
  const label = PEERS[name].label;
  writeIfChanged(join(dir, 'public', 'assets', 'site.css'), assets.css);
  if (assets.favicon !== null) writeIfChanged(join(dir, 'public', 'assets', 'favicon.svg'), assets.favicon);
  for (const file of COMMON_FILES) writeIfChanged(join(dir, 'generated', file), readFileSync(join(PEERS_DIR, 'common', file)));

  const lockfile = join(dir, 'package-lock.json');
  if (!existsSync(lockfile)) throw new Error(`bench/peers/${name} has no package-lock.json`);
  const installHash = hashOf([readFileSync(lockfile), process.version, process.platform, process.arch]);
  if (readOr(join(dir, INSTALL_HASH_FILE)) !== installHash) {
    log(`${label}: installing its packages (npm ci in bench/peers/${name})…`);
    run(['npm', 'ci', '--no-audit', '--no-fund'], dir, `npm ci in bench/peers/${name}`, 20 * 60_000);
    writeFileSync(join(dir, INSTALL_HASH_FILE), installHash);
  }
  const buildHash = hashOf([installHash, ...inputsOf(dir).flatMap((file) => [relative(dir, file), readFileSync(file)])]);
  if (readOr(join(dir, BUILD_HASH_FILE)) !== buildHash || !existsSync(join(dir, PEERS[name].builtFile))) {
    log(`${label}: building (npm run build in bench/peers/${name})…`);
    run(['npm', 'run', 'build'], dir, `the build of bench/peers/${name}`, 15 * 60_000);
    writeFileSync(join(dir, BUILD_HASH_FILE), buildHash);
  }
}

/** Runs a command to its end; a failure is one line: what failed and its last words. */
function run(command: string[], cwd: string, what: string, timeout: number): void {
  const result = spawnSync(command[0]!, command.slice(1), {
    cwd,
    env: { ...process.env, ...QUIET_ENV },
    encoding: 'utf8',
    timeout,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status === 0) return;
  const output = `${result.stderr ?? ''}\n${result.stdout ?? ''}`
    .split('\n')
    .map((line) => line.replace(/^npm error\s*/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('npm warn') && !/^code [A-Z]+$/.test(line));
  const reason = result.error?.message ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.status}`);
  const words = output.find((line) => /error|missing|cannot|failed/i.test(line)) ?? output.at(-1) ?? 'no output';
  throw new Error(`${what} failed (${reason}): ${words.slice(0, 300)}`);
}

function inputsOf(dir: string): string[] {
  const files: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (NOT_INPUTS.has(entry.name)) continue;
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (statSync(full).isFile()) files.push(full);
    }
  };
  walk(dir);
  return files;
}

const hashOf = (parts: (string | Buffer)[]) => parts.reduce((hash, part) => hash.update(part).update('\0'), createHash('sha256')).digest('hex');

function readOr(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

function writeIfChanged(path: string, content: string | Buffer): void {
  const bytes = Buffer.from(content);
  if (existsSync(path) && readFileSync(path).equals(bytes)) return;
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, bytes);
}

export interface RunningPeer {
  /** The server's origin, e.g. http://127.0.0.1:3433. */
  url: string;
  /** The literature page on it, in the mode asked for. */
  pageUrl: string;
  pid: number;
  /** Peak resident memory of the server and any processes it started, in MB (null off Linux). */
  peakRssMb(): number | null;
  stop(): Promise<void>;
}

/**
 * Starts a prepared peer as its production server on one core, reading `databasePath` (read-only),
 * its absolute URLs on its own origin; resolves once the page answers 200 (which also fills a
 * cache mode's cache).
 */
export async function startPeer(name: PeerName, options: { mode: PeerMode; databasePath: string; port: number; core: number }): Promise<RunningPeer> {
  const spec = PEERS[name];
  const mode = spec.modes[options.mode];
  if (mode === undefined) throw new Error(`${spec.label} has no ${options.mode} mode`);
  const url = `http://127.0.0.1:${options.port}`;
  const command = [...pinTo(options.core), ...spec.command(options.port)];
  if (spec.renderedCache !== undefined) rmSync(join(PEERS_DIR, name, spec.renderedCache), { recursive: true, force: true });
  const child = spawn(command[0]!, command.slice(1), {
    cwd: join(PEERS_DIR, name),
    env: {
      ...process.env,
      ...QUIET_ENV,
      NODE_ENV: 'production',
      DATABASE_PATH: options.databasePath,
      SITE_URL: url,
      HOST: '127.0.0.1',
      PORT: String(options.port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid ?? 0;
  const peer: RunningPeer = { url, pageUrl: url + mode.path, pid, peakRssMb: () => treePeakRssMb(pid), stop: stopper(child) };
  try {
    await waitForPage(peer.pageUrl, child);
  } catch (error) {
    await peer.stop();
    throw error;
  }
  return peer;
}

async function waitForPage(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before answering ${url}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No page from ${url} within ${timeoutMs} ms (${last})`);
}

function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
}

/** VmHWM of a process plus that of every process below it (an upper bound on their joint peak). */
function treePeakRssMb(pid: number): number | null {
  const own = peakRssMb(pid);
  if (own === null) return null;
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    // No /proc children list: the process alone.
  }
  return children.reduce((sum, child) => sum + (treePeakRssMb(child) ?? 0), own);
}

// ---------------------------------------------------------------------------------------------
// The same page?

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** What "the same page" compares: everything a visitor or a search engine reads from it. */
export interface PageFacts {
  lang: string;
  /** title, meta and link tags of <head>, one line each, sorted. */
  headTags: string[];
  /** Structured data (JSON-LD) anywhere in the page, each re-serialised. */
  jsonLd: string[];
  /** The text of each block, in order, whitespace collapsed. */
  text: string[];
  /** Each link's address and text, in order. */
  links: string[];
  /** Each image's src and srcset candidates, in order. */
  images: string[];
}

const BLOCKS = new Set(
  'address article aside blockquote body br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table td th tr ul'.split(
    ' ',
  ),
);
/** Never visible text. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'head']);
/** The head's links a visitor or a search engine reads (not stylesheets, preloads, scripts). */
const HEAD_LINKS = new Set(['canonical', 'alternate', 'icon', 'manifest', 'prev', 'next']);

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function childrenOf(node: Node): Node[] {
  if ('tagName' in node && node.tagName === 'template') return (node as DefaultTreeAdapterMap['template']).content.childNodes;
  return 'childNodes' in node ? node.childNodes : [];
}

function elements(root: Node, tagName: string): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node && node.tagName === tagName) found.push(node);
    childrenOf(node).forEach(visit);
  };
  visit(root);
  return found;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterMap['textNode']).value;
  if ('tagName' in node && SKIPPED.has(node.tagName)) return '';
  return childrenOf(node).map(textOf).join('');
}

/** Reads what samePage compares from a page; `origin` (default: the canonical link's) is cut from URLs. */
export function pageFacts(html: string, origin?: string): PageFacts {
  const document = parse(html);
  const [htmlElement] = elements(document, 'html');
  const [head] = elements(document, 'head');
  const [body] = elements(document, 'body');
  const canonical = head === undefined ? undefined : elements(head, 'link').find((link) => attr(link, 'rel') === 'canonical');
  const own = origin ?? originOf(canonical === undefined ? undefined : attr(canonical, 'href'));
  const local = (url: string) => (own !== null && url.startsWith(own) ? url.slice(own.length) || '/' : url);

  const headTags: string[] = [];
  for (const node of head === undefined ? [] : childrenOf(head)) {
    if (!('tagName' in node)) continue;
    if (node.tagName === 'title') headTags.push(`title: ${collapse(textOf(node))}`);
    if (node.tagName === 'meta') {
      const key = attr(node, 'name') ?? attr(node, 'property') ?? attr(node, 'http-equiv');
      if (key !== undefined) headTags.push(`meta ${key.toLowerCase()}: ${local(attr(node, 'content') ?? '')}`);
      else if (attr(node, 'charset') !== undefined) headTags.push(`meta charset: ${attr(node, 'charset')!.toLowerCase()}`);
    }
    if (node.tagName === 'link') {
      const rel = (attr(node, 'rel') ?? '').toLowerCase();
      if (!HEAD_LINKS.has(rel)) continue;
      const hreflang = attr(node, 'hreflang');
      headTags.push(`link ${rel}${hreflang === undefined ? '' : ` hreflang=${hreflang}`}: ${local(attr(node, 'href') ?? '')}`);
    }
  }

  const jsonLd = elements(document, 'script')
    .filter((script) => attr(script, 'type') === 'application/ld+json')
    .map((script) => {
      const source = childrenOf(script).map(textOf).join('');
      try {
        return JSON.stringify(JSON.parse(source), (_key, value: unknown) => (typeof value === 'string' ? local(value) : value));
      } catch {
        return `(not JSON) ${collapse(source).slice(0, 60)}`;
      }
    });

  const text: string[] = [];
  let block = '';
  const flush = () => {
    const line = collapse(block);
    if (line !== '') text.push(line);
    block = '';
  };
  const visit = (node: Node) => {
    if (node.nodeName === '#text') {
      block += (node as DefaultTreeAdapterMap['textNode']).value;
      return;
    }
    if (!('tagName' in node) || SKIPPED.has(node.tagName)) return;
    const isBlock = BLOCKS.has(node.tagName);
    if (isBlock) flush();
    childrenOf(node).forEach(visit);
    if (isBlock) flush();
  };
  if (body !== undefined) visit(body);
  flush();

  const links = (body === undefined ? [] : elements(body, 'a'))
    .filter((a) => attr(a, 'href') !== undefined)
    .map((a) => `${local(attr(a, 'href')!)} "${collapse(textOf(a))}"`);
  const images = (body === undefined ? [] : [...elements(body, 'img'), ...elements(body, 'source')]).flatMap((image) => [
    ...(attr(image, 'src') === undefined ? [] : [local(attr(image, 'src')!)]),
    ...(attr(image, 'srcset') ?? '')
      .split(',')
      .map((candidate) => collapse(candidate))
      .filter(Boolean)
      .map((candidate) => `srcset ${local(candidate)}`),
  ]);

  return { lang: htmlElement === undefined ? '' : (attr(htmlElement, 'lang') ?? ''), headTags: headTags.sort(), jsonLd, text, links, images };
}

function originOf(url: string | undefined): string | null {
  if (url === undefined) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const MAX_DIFFERENCES_PER_KIND = 5;
const quote = (text: string | undefined) => (text === undefined ? '(none)' : JSON.stringify(text.length > 100 ? `${text.slice(0, 97)}…` : text));

/** Differences between two ordered lists: the first few positions where they part. */
function orderedDifferences(kind: string, ours: string[], peer: string[]): string[] {
  const differences: string[] = [];
  for (let index = 0; index < Math.max(ours.length, peer.length) && differences.length < MAX_DIFFERENCES_PER_KIND; index++) {
    if (ours[index] !== peer[index]) differences.push(`${kind} #${index + 1}: ours ${quote(ours[index])}, peer ${quote(peer[index])}`);
  }
  if (ours.length !== peer.length) differences.push(`${kind}: ours has ${ours.length}, the peer ${peer.length}`);
  return differences;
}

/** Differences between two unordered lists: what one has and the other lacks. */
function setDifferences(kind: string, ours: string[], peer: string[]): string[] {
  const count = (list: string[]) => list.reduce((map, item) => map.set(item, (map.get(item) ?? 0) + 1), new Map<string, number>());
  const [mine, theirs] = [count(ours), count(peer)];
  const differences: string[] = [];
  for (const [item, n] of mine) if ((theirs.get(item) ?? 0) < n) differences.push(`${kind} missing in the peer: ${quote(item)}`);
  for (const [item, n] of theirs) if ((mine.get(item) ?? 0) < n) differences.push(`${kind} only in the peer: ${quote(item)}`);
  return differences;
}

/**
 * The ways a peer's page differs from ours, as readable lines (empty: the same page). Compared:
 * the document language, head tags (title, meta, canonical, alternates, icon), JSON-LD, the
 * visible text block by block, every link (address and text) and every image URL (src, srcset),
 * with each page's own origin (from its canonical link unless given) taken out of URLs.
 */
export function samePage(oursHtml: string, peerHtml: string, origins: { ours?: string; peer?: string } = {}): string[] {
  const ours = pageFacts(oursHtml, origins.ours);
  const peer = pageFacts(peerHtml, origins.peer);
  return [
    ...(ours.lang === peer.lang ? [] : [`html lang: ours ${quote(ours.lang)}, peer ${quote(peer.lang)}`]),
    ...setDifferences('head tag', ours.headTags, peer.headTags),
    ...setDifferences('JSON-LD', ours.jsonLd, peer.jsonLd),
    ...orderedDifferences('text', ours.text, peer.text),
    ...orderedDifferences('link', ours.links, peer.links),
    ...orderedDifferences('image', ours.images, peer.images),
  ];
}

// ---------------------------------------------------------------------------------------------
// By hand.

async function main(args: string[]): Promise<void> {
  const [command, first, second] = args;
  if (command === 'prepare' && first) {
    const outcome = await preparePeers((line) => console.log(line), await ourPageAssets(first));
    for (const [name, error] of Object.entries(outcome)) console.log(`${name}: ${error ?? 'ready'}`);
    if (Object.values(outcome).some((error) => error !== null)) process.exitCode = 1;
  } else if (command === 'compare' && first && second) {
    const fetchText = async (url: string) => (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text();
    const differences = samePage(await fetchText(first), await fetchText(second));
    console.log(differences.length === 0 ? 'The same page.' : differences.join('\n'));
    if (differences.length > 0) process.exitCode = 1;
  } else {
    console.log('Usage: tsx bench/lib/peers.ts prepare <our page URL> | compare <our page URL> <peer page URL>');
    process.exitCode = 2;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
