/**
 * What a visitor's browser gets: the JavaScript a guest downloads (gzip bytes) before any input
 * and once the first Show More has appended, the page's HTML against the same page without what
 * hydration adds, and Lighthouse's mobile scores (median of several runs) in Debian's Chromium.
 */
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { PAGE_DATA_ELEMENT_ID } from '../src/site/page-data';
import { ourPageAssets, PEER_NAMES, PEERS, preparePeers, startPeer, type PeerName } from './lib/peers';
import { measured, type Measurement } from './lib/report';
import { startOurServer } from './lib/servers';

export interface ClientBenchOptions {
  databasePath: string;
  lighthouseRuns: number;
}

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const KB = 1024;

export async function benchClient({ databasePath, lighthouseRuns }: ClientBenchOptions): Promise<Measurement[]> {
  const server = await startOurServer({ port: 3421, databasePath, core: null });
  try {
    const pageUrl = `${server.url}/`;
    const html = await (await fetch(pageUrl)).text();
    const scripts = await guestScripts(pageUrl);
    const staticHtml = withoutHydration(html);
    const scores = await lighthouseMedians(pageUrl, lighthouseRuns);
    const runs = `median of ${lighthouseRuns} Lighthouse ${scores.version} runs, mobile, simulated throttling`;
    const pageSeo = await lighthouseSeo([`${server.url}/topics/ald`, `${server.url}/sheets/trimethylaluminum`]);
    const peers = await benchPeerClients(pageUrl, html, databasePath, lighthouseRuns);
    return [
      measured(
        {
          section: 'Client',
          name: 'JavaScript a guest downloads before any input',
          comparison: `gzip -9 bytes of every script fetched from navigation until ${IDLE_AFTER_LOAD_MS / 1000} s after load, no input`,
          ...scriptTotal(scripts.beforeInput),
        },
        '≤',
        15,
      ),
      measured(
        {
          section: 'Client',
          name: 'JavaScript a guest downloads by the first Show More, including React',
          comparison: 'gzip -9 bytes of every script fetched until the first Show More has appended its cards',
          ...scriptTotal(scripts.byFirstShowMore),
        },
        '≤',
        75,
      ),
      measured(
        {
          section: 'Client',
          name: 'HTML of the literature page vs the same page as static HTML',
          comparison: 'our HTML bytes / the page without page data and scripts',
          value: Buffer.byteLength(html) / Buffer.byteLength(staticHtml),
          unit: '×',
          details: `${Buffer.byteLength(html).toLocaleString('en')} bytes vs ${Buffer.byteLength(staticHtml).toLocaleString('en')} bytes`,
        },
        '≤',
        1.1,
      ),
      measured({ section: 'Lighthouse', name: 'performance', comparison: runs, value: scores.performance, unit: 'score', details: scores.problems }, '≥', 99),
      measured(
        {
          section: 'Lighthouse',
          name: 'largest contentful paint',
          comparison: runs,
          value: Math.round(scores.lcpMs),
          unit: 'ms',
          details: `FCP ${milliseconds(scores.fcpMs)}${scores.problems ? `; ${scores.problems}` : ''}`,
        },
        '≤',
        1500,
      ),
      measured(
        { section: 'Lighthouse', name: 'accessibility', comparison: runs, value: scores.accessibility, unit: 'score', details: scores.problems },
        '≥',
        100,
      ),
      measured(
        { section: 'Lighthouse', name: 'best practices', comparison: runs, value: scores.bestPractices, unit: 'score', details: scores.problems },
        '≥',
        100,
      ),
      measured({ section: 'Lighthouse', name: 'SEO', comparison: runs, value: scores.seo, unit: 'score', details: scores.problems }, '≥', 100),
      ...pageSeo.map(({ path, score, failing }) =>
        measured(
          { section: 'Lighthouse', name: `SEO of ${path}`, comparison: 'one Lighthouse run, SEO only', value: score, unit: 'score', details: failing },
          '≥',
          100,
        ),
      ),
      measured(
        { section: 'Lighthouse', name: 'cumulative layout shift', comparison: runs, value: Number(scores.cls.toFixed(3)), unit: '', details: scores.problems },
        '≤',
        0.02,
      ),
      measured(
        {
          section: 'Lighthouse',
          name: 'total blocking time',
          comparison: runs,
          value: Math.round(scores.tbtMs),
          unit: 'ms',
          details: scores.problems ?? '',
        },
        '≤',
        50,
      ),
      ...peers,
    ];
  } finally {
    await server.stop();
  }
}

const PEER_CLIENT_PORTS: Record<PeerName, number> = { next: 3437, astro: 3438 };

/** What a visitor's browser gets from each peer's same page (rendered per request): script and Lighthouse. */
async function benchPeerClients(ourPageUrl: string, ourHtml: string, databasePath: string, lighthouseRuns: number): Promise<Measurement[]> {
  const prepared = await preparePeers((line) => console.log(`  ${line}`), await ourPageAssets(ourPageUrl, ourHtml));
  const rows: Measurement[] = [];
  for (const name of PEER_NAMES) {
    const label = PEERS[name].label;
    const row = (what: string, comparison: string, value: number, unit: string, details: string): Measurement =>
      measured({ section: 'Peers', name: `${label}: ${what}`, comparison, value, unit, details });
    const problem = prepared[name];
    if (problem !== null) {
      rows.push(row('guest JavaScript and Lighthouse', 'not measured', Number.NaN, '', problem));
      continue;
    }
    const peer = await startPeer(name, { mode: 'dynamic', databasePath, port: PEER_CLIENT_PORTS[name], core: 0 });
    try {
      const scripts = await guestScripts(peer.pageUrl);
      const before = scriptTotal(scripts.beforeInput);
      const after = scriptTotal(scripts.byFirstShowMore);
      const scores = await lighthouseMedians(peer.pageUrl, lighthouseRuns);
      rows.push(
        row(
          'JavaScript a guest downloads before any input',
          `gzip -9 bytes until ${IDLE_AFTER_LOAD_MS / 1000} s after load`,
          before.value,
          'KB',
          before.details,
        ),
        row('JavaScript a guest downloads by the first Show More', 'gzip -9 bytes', after.value, 'KB', after.details),
        row(
          'Lighthouse performance',
          `median of ${lighthouseRuns} runs, mobile`,
          scores.performance,
          'score',
          `LCP ${milliseconds(scores.lcpMs)}, TBT ${milliseconds(scores.tbtMs)}, CLS ${scores.cls.toFixed(3)}${scores.problems ? `; ${scores.problems}` : ''}`,
        ),
      );
    } catch (error) {
      rows.push(row('guest JavaScript and Lighthouse', 'not measured', Number.NaN, '', error instanceof Error ? error.message : String(error)));
    } finally {
      await peer.stop();
    }
  }
  return rows;
}

/** How long a guest's page is left alone after load before its scripts are counted (the issue's measure). */
const IDLE_AFTER_LOAD_MS = 5_000;

interface Script {
  name: string;
  gzipBytes: number;
}

function scriptTotal(scripts: Script[]): { value: number; unit: string; details: string } {
  const bytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
  return {
    value: Number((bytes / KB).toFixed(1)),
    unit: 'KB',
    details: scripts.map((script) => `${script.name} ${(script.gzipBytes / KB).toFixed(1)} KB`).join(', '),
  };
}

/** The scripts a guest's browser fetches: before any input, and by the time the first Show More has appended. */
async function guestScripts(pageUrl: string): Promise<{ beforeInput: Script[]; byFirstShowMore: Script[] }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const bodies: Promise<Script>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(
        response.body().then((body) => ({ name: new URL(response.url()).pathname.split('/').pop() ?? '', gzipBytes: gzipSync(body, { level: 9 }).length })),
      );
    });
    await page.goto(pageUrl, { waitUntil: 'load' });
    // A measurement over a span of time, by definition (not a wait for a condition).
    await page.waitForTimeout(IDLE_AFTER_LOAD_MS);
    const beforeInput = await Promise.all(bodies);
    // As a visitor would: Show More scrolled into view and pointed at (an island may wait for
    // either), the page left to settle, then one click that must append in place (no navigation).
    const showMore = page.locator('.paginator--showmore a, .paginator--showmore button').first();
    await showMore.scrollIntoViewIfNeeded();
    await showMore.hover();
    await page.waitForLoadState('networkidle');
    const shown = await page.locator('.collection-grid [role="group"]').count();
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await showMore.click();
    await page.waitForFunction((before) => document.querySelectorAll('.collection-grid [role="group"]').length > before, shown);
    if (!(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true))) throw new Error('Show More navigated instead of appending');
    return { beforeInput, byFirstShowMore: await Promise.all(bodies) };
  } finally {
    await browser.close();
  }
}

/**
 * The page as a static HTML file would carry it: the same markup without what only hydration
 * needs (the page data, the module scripts and their preloads).
 */
export function withoutHydration(html: string): string {
  return html
    .replace(new RegExp(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">[\\s\\S]*?</script>\\n?`), '')
    .replace(/<script type="module"[^>]*><\/script>\n?/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\n?/g, '');
}

const milliseconds = (value: number) => (Number.isNaN(value) ? 'not measured' : `${Math.round(value)} ms`);

interface LighthouseScores {
  /** Why a run or an audit gave no value, if any did not. */
  problems?: string;
  version: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
}

/** Lighthouse's SEO score of other kinds of page (a topic page, a sheet's page), one run each, with the audits below full marks. */
async function lighthouseSeo(urls: string[]): Promise<Array<{ path: string; score: number; failing: string }>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', ...CHROME_FLAGS] });
  try {
    const scores = [];
    for (const url of urls) {
      const lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['seo'] }))?.lhr;
      if (!lhr) throw new Error(`Lighthouse produced no report for ${url}`);
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      scores.push({ path: new URL(url).pathname, score: Math.round((lhr.categories.seo?.score ?? Number.NaN) * 100), failing: failing.join(', ') });
    }
    return scores;
  } finally {
    await chrome.kill();
  }
}

async function lighthouseMedians(pageUrl: string, runs: number): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', ...CHROME_FLAGS] });
  const results: LighthouseScores[] = [];
  const problems = new Set<string>();
  try {
    // One run first, not counted: every server (ours and the peers) is measured warm, as most
    // visitors find it (pages rendered, image sizes made), not as its first visitor after a start.
    await lighthouse(pageUrl, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile' });
    // A run Lighthouse could not finish (its trace lost the navigation's start, now and then, on
    // a busy machine) has no values and asks to be run again: it is, up to as many times again.
    const unfinished = new Map<string, number>();
    for (let attempt = 0; results.length < runs && attempt < runs * 2; attempt++) {
      const lhr = (await lighthouse(pageUrl, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile' }))?.lhr;
      if (!lhr) throw new Error('Lighthouse produced no report');
      if (lhr.runtimeError) {
        unfinished.set(lhr.runtimeError.code, (unfinished.get(lhr.runtimeError.code) ?? 0) + 1);
        continue;
      }
      // An audit without a value says why (shown in the report).
      const score = (id: string) => {
        const value = lhr.categories[id]?.score;
        if (typeof value !== 'number') problems.add(`${id}: no score`);
        return typeof value === 'number' ? Math.round(value * 100) : Number.NaN;
      };
      const numeric = (id: string) => {
        const audit = lhr.audits[id];
        if (typeof audit?.numericValue !== 'number') problems.add(`${id}: ${audit?.errorMessage ?? audit?.explanation ?? 'no value'}`);
        return audit?.numericValue ?? Number.NaN;
      };
      results.push({
        version: lhr.lighthouseVersion,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        cls: numeric('cumulative-layout-shift'),
        tbtMs: numeric('total-blocking-time'),
        lcpMs: numeric('largest-contentful-paint'),
        fcpMs: numeric('first-contentful-paint'),
      });
    }
    for (const [code, count] of unfinished) problems.add(`${count} ${count === 1 ? 'run' : 'runs'} Lighthouse could not finish (${code}), run again`);
    if (results.length < runs) problems.add(`${results.length} of ${runs} runs finished`);
  } finally {
    chrome.kill();
  }
  /** The median of the runs that gave a value; NaN (an error, with the problems) when none did. */
  const median = (pick: (scores: LighthouseScores) => number) => {
    const sorted = results
      .map(pick)
      .filter((value) => !Number.isNaN(value))
      .sort((a, b) => a - b);
    return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    problems: [...problems].join('; '),
    version: results[0]?.version ?? 'unknown',
    performance: median((s) => s.performance),
    accessibility: median((s) => s.accessibility),
    bestPractices: median((s) => s.bestPractices),
    seo: median((s) => s.seo),
    cls: median((s) => s.cls),
    tbtMs: median((s) => s.tbtMs),
    lcpMs: median((s) => s.lcpMs),
    fcpMs: median((s) => s.fcpMs),
  };
}
