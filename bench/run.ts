/**
 * `npm run bench`: every benchmark, side by side in one run, on loopback only, bounded in time.
 * Writes bench/results/latest.md and latest.json.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchApi } from './api';
import { benchCdn } from './cdn';
import { benchClient } from './client';
import { createBenchStore } from './lib/fixtures';
import { formatValue, measured, writeReport, type Measurement } from './lib/report';
import { ensureCommands } from './lib/tools';
import { benchPage } from './page';
import { benchSearch, indexForSearch, type Indexing } from './search';
import { benchSoak } from './soak';
import { benchStudio } from './studio';
import { benchWorkers } from './workers';
import { openDatabase, type DatabaseSettings } from '../src/cms/database';
import { readJournalOnce } from '../src/server/journal-follower';

async function readStoreJournal(settings: DatabaseSettings): Promise<void> {
  const store = openDatabase(settings);
  try {
    await readJournalOnce(store);
  } finally {
    await store.close();
  }
}

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
/** The soak's length (issue 34); BENCH_ONLY=soak BENCH_SOAK_SECONDS=30 checks it quickly. */
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 180);
/** BENCH_ONLY=page,api runs those sections alone (page, api, soak, search, client, workers, studio, cdn); all by default. */
const ONLY = new Set((process.env.BENCH_ONLY ?? 'page,api,soak,search,client,workers,studio,cdn').split(',').map((name) => name.trim()));
/** The sections that read the large collection's store. */
const ON_LARGE_STORE = ['page', 'api', 'search', 'client', 'workers'];

async function main(): Promise<void> {
  // The soak and the in-process sections need neither.
  const missing = ['page', 'api', 'workers'].some((name) => ONLY.has(name)) ? ensureCommands({ nginx: 'nginx', wrk: 'wrk' }) : [];
  if (missing.length > 0) throw new Error(`The benchmarks need ${missing.join(' and ')} (apt-get install ${missing.join(' ')}).`);

  const workDir = mkdtempSync(join(tmpdir(), 'literature-bench-'));
  // nginx's workers run as an unprivileged user, and must be able to read the files it serves.
  chmodSync(workDir, 0o755);
  try {
    const databasePath = join(workDir, 'bench.db');
    let indexing: Indexing = { written: 0, seconds: 0 };
    if (ON_LARGE_STORE.some((name) => ONLY.has(name))) {
      process.stdout.write(`Building a ${ITEMS.toLocaleString('en')}-item collection… `);
      const started = Date.now();
      await createBenchStore(databasePath, ITEMS);
      console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      process.stdout.write('Indexing it for search, as `search update` does after an import… ');
      indexing = await indexForSearch({ dialect: 'sqlite', path: databasePath });
      console.log(`done in ${indexing.seconds.toFixed(1)} s`);
      // As the import command ends: the journal's readers (the read model first) read what it made, before a server starts on it.
      process.stdout.write('Reading the change journal, as the import command does as it ends… ');
      const reading = Date.now();
      await readStoreJournal({ dialect: 'sqlite', path: databasePath });
      console.log(`done in ${((Date.now() - reading) / 1000).toFixed(1)} s`);
    }

    const load = { seconds: SECONDS, connections: CONNECTIONS };
    const peaks: Peak[] = [];
    const recordPeak = (label: string, megabytes: number | null, icuDataMb: number | null = null) => {
      if (megabytes !== null) peaks.push({ label, megabytes, icuDataMb });
    };
    const measurements: Measurement[] = [];
    const section = async (name: string, label: string, run: () => Promise<Measurement[]>) => {
      if (!ONLY.has(name)) return;
      console.log(`${label}…`);
      measurements.push(...(await run()));
    };
    await section('page', 'Page', () => benchPage({ databasePath, workDir, load, recordPeak }));
    await section('api', 'API', () => benchApi({ databasePath, workDir, items: ITEMS, load, recordPeak }));
    if (peaks.length > 0) measurements.push(peakMemory(peaks));
    await section('soak', 'Soak', () => benchSoak({ workDir, seconds: SOAK_SECONDS, connections: CONNECTIONS }));
    await section('search', 'Search', () => benchSearch({ databasePath, items: ITEMS, indexing }));
    await section('client', 'Client and Lighthouse', () => benchClient({ databasePath, lighthouseRuns: LIGHTHOUSE_RUNS }));
    await section('workers', 'Workers', () => benchWorkers({ databasePath, load }));
    await section('studio', 'Studio', () => benchStudio({ workDir }));
    // On its own demo store, behind Varnish (which must be installed; the section says so if not).
    await section('cdn', 'CDN', () => benchCdn({ workDir, connections: CONNECTIONS }));

    const path = writeReport(join(process.cwd(), 'bench', 'results'), measurements, {
      date: new Date().toISOString(),
      node: process.version,
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
      load: `wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per measurement; servers on core 0, wrk on core 1`,
    });
    for (const m of measurements)
      console.log(`${m.section} · ${m.name}: ${m.comparison} = ${formatValue(m)}${m.target ? ` (target ${m.target}: ${m.met ? 'met' : 'MISSED'})` : ''}`);
    console.log(`Results written to ${path}`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

interface Peak {
  label: string;
  megabytes: number;
  /** Of the process's resident memory at the end of its load, ICU's data in the node binary (see bench/lib/icu-data.ts). */
  icuDataMb: number | null;
}

/** The most memory any of our single-process servers held under the loads above. */
function peakMemory(peaks: Peak[]): Measurement {
  const highest = peaks.reduce((max, peak) => (peak.megabytes > max.megabytes ? peak : max), { label: 'none measured', megabytes: 0, icuDataMb: null });
  return measured(
    {
      section: 'Memory',
      name: 'peak resident memory of our server under the page and API loads',
      comparison: 'highest VmHWM of one server process',
      value: Math.round(highest.megabytes),
      unit: 'MB',
      details: peaks
        .map(
          (peak) =>
            `${peak.label} ${Math.round(peak.megabytes)} MB${peak.icuDataMb === null ? '' : ` (ICU's locale data ${peak.icuDataMb.toFixed(1)} MB of it)`}`,
        )
        .join(', '),
    },
    '≤',
    120,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
