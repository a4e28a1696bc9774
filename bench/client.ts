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
    ];
  } finally {
    await server.stop();
  }
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
    const cards = page.locator('.collection-grid [role="group"]');
    const shown = await cards.count();
    await page.locator('.paginator--showmore a').click();
    await page.waitForFunction((before) => document.querySelectorAll('.collection-grid [role="group"]').length > before, shown);
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

async function lighthouseMedians(pageUrl: string, runs: number): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', ...CHROME_FLAGS] });
  const results: LighthouseScores[] = [];
  const problems = new Set<string>();
  try {
    for (let run = 0; run < runs; run++) {
      const lhr = (await lighthouse(pageUrl, { port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile' }))?.lhr;
      if (!lhr) throw new Error('Lighthouse produced no report');
      // A run Lighthouse could not finish, or an audit without a value, says why (shown in the report).
      if (lhr.runtimeError) problems.add(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
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
    version: results[0]!.version,
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
