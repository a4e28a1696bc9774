/**
 * What a visitor's browser gets: the JavaScript a guest downloads (gzip bytes), the page's HTML
 * against the same page without what hydration adds, and Lighthouse's mobile scores (median of
 * several runs) in Debian's Chromium.
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
    const gzipBytes = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
    const staticHtml = withoutHydration(html);
    const scores = await lighthouseMedians(pageUrl, lighthouseRuns);
    const runs = `median of ${lighthouseRuns} Lighthouse ${scores.version} runs, mobile, simulated throttling`;
    return [
      measured(
        {
          section: 'Client',
          name: 'JavaScript a guest downloads, including React',
          comparison: 'gzip -9 bytes of every script the page loads',
          value: Number((gzipBytes / KB).toFixed(1)),
          unit: 'KB',
          details: scripts.map((script) => `${script.name} ${(script.gzipBytes / KB).toFixed(1)} KB`).join(', '),
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
        1.05,
      ),
      measured({ section: 'Lighthouse', name: 'performance', comparison: runs, value: scores.performance, unit: 'score', details: scores.problems }, '≥', 98),
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
          details: `LCP ${milliseconds(scores.lcpMs)}, FCP ${milliseconds(scores.fcpMs)}${scores.problems ? `; ${scores.problems}` : ''}`,
        },
        '≤',
        50,
      ),
    ];
  } finally {
    await server.stop();
  }
}

/** Every script a guest's browser fetches for the page, until the page is interactive and idle. */
async function guestScripts(pageUrl: string): Promise<{ name: string; gzipBytes: number }[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage();
    const bodies: Promise<{ name: string; gzipBytes: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(
        response.body().then((body) => ({ name: new URL(response.url()).pathname.split('/').pop() ?? '', gzipBytes: gzipSync(body, { level: 9 }).length })),
      );
    });
    await page.goto(pageUrl, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    return Promise.all(bodies);
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
