/**
 * `npm run bench`: every benchmark, side by side in one run, on loopback only, bounded in time.
 * Writes bench/results/latest.md and latest.json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchApi } from './api';
import { createBenchStore } from './lib/fixtures';
import { writeReport, type Measurement } from './lib/report';
import { ensureCommands } from './lib/tools';
import { benchWorkers } from './workers';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

async function main(): Promise<void> {
  const missing = ensureCommands({ nginx: 'nginx', wrk: 'wrk' });
  if (missing.length > 0) throw new Error(`The benchmarks need ${missing.join(' and ')} (apt-get install ${missing.join(' ')}).`);

  const workDir = mkdtempSync(join(tmpdir(), 'literature-bench-'));
  try {
    const databasePath = join(workDir, 'bench.db');
    process.stdout.write(`Building a ${ITEMS.toLocaleString('en')}-item collection… `);
    const started = Date.now();
    await createBenchStore(databasePath, ITEMS);
    console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const measurements: Measurement[] = [];
    console.log('API benchmarks…');
    measurements.push(...(await benchApi({ databasePath, workDir, items: ITEMS, load: { seconds: SECONDS, connections: CONNECTIONS } })));
    console.log('Workers…');
    measurements.push(...(await benchWorkers({ databasePath, load: { seconds: SECONDS, connections: CONNECTIONS } })));

    const path = writeReport(join(process.cwd(), 'bench', 'results'), measurements, {
      date: new Date().toISOString(),
      node: process.version,
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
      load: `wrk, 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per measurement; servers on core 0, wrk on core 1`,
    });
    for (const m of measurements) console.log(`${m.name}: ${m.comparison} = ${m.ratio.toFixed(3)}${m.target ? ` (target ${m.target}: ${m.met ? 'met' : 'MISSED'})` : ''}`);
    console.log(`Results written to ${path}`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
