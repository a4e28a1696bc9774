/**
 * Memory under varied traffic (issue 34): the soak mix (lib/soak-mix.ts) for BENCH_SOAK_SECONDS
 * against a server on the demo store, as `npm start` runs it (LOG_LEVEL=info, standard output to
 * a file) and tuned (LOG_LEVEL=warn), one after the other. Almost every request is a URL of its
 * own, so every cache keyed by URL or query meets more keys than it may keep. Reports the peak
 * resident memory (VmHWM) and what is resident at the end, beside the page and API loads' peak.
 */
import { join } from 'node:path';
import { createDemoStore } from './lib/fixtures';
import { readProcessMemory } from './lib/process-memory';
import { measured, type Measurement } from './lib/report';
import { startOurServer } from './lib/servers';
import { runSoak, type SoakResult } from './lib/soak-load';

export interface SoakBenchOptions {
  workDir: string;
  seconds: number;
  connections: number;
}

const SERVER_CORE = 0;
/** docs/operations.md, "Memory": what a serving process may peak at under any traffic. */
export const SOAK_PEAK_TARGET_MB = 150;

const summary = (result: SoakResult, atStartMb: number) => {
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  const at = (share: number) => result.samples[Math.min(result.samples.length - 1, Math.floor(result.samples.length * share))]?.residentMb ?? Number.NaN;
  return (
    `${result.requests.toLocaleString('en')} requests (${statuses}; ${result.errors} failed); resident ${Math.round(atStartMb)} MB before, ` +
    `${Math.round(at(0.25))} / ${Math.round(at(0.5))} / ${Math.round(at(0.75))} MB at a quarter, half and three quarters; ` +
    `at the end ${Math.round(result.anonymousMb)} MB its own, ${Math.round(result.fileMb)} MB of mapped files`
  );
};

export async function benchSoak({ workDir, seconds, connections }: SoakBenchOptions): Promise<Measurement[]> {
  const databasePath = join(workDir, 'soak.db');
  await createDemoStore(databasePath);
  const settings = [
    { label: 'as npm start runs it (LOG_LEVEL=info, standard output to a file)', logFile: join(workDir, 'soak-access.log') },
    { label: 'tuned (LOG_LEVEL=warn)', logFile: undefined },
  ];
  const measurements: Measurement[] = [];
  for (const { label, logFile } of settings) {
    const server = await startOurServer({ port: 3441, databasePath, core: SERVER_CORE, ...(logFile === undefined ? {} : { logFile }) });
    let result: SoakResult;
    const atStartMb = readProcessMemory(server.pid)?.residentMb ?? Number.NaN;
    try {
      result = await runSoak(server.url, { seconds, connections, pid: server.pid });
    } finally {
      await server.stop();
    }
    const name = `soak: ${seconds} s of varied requests (searches, sheet and topic pages, 404s, delivery API), ${connections} connections, ${label}`;
    measurements.push(
      measured(
        {
          section: 'Memory',
          name,
          comparison: 'peak resident memory (VmHWM)',
          value: Math.round(result.peakMb),
          unit: 'MB',
          details: summary(result, atStartMb),
        },
        '≤',
        SOAK_PEAK_TARGET_MB,
      ),
      measured({ section: 'Memory', name, comparison: 'resident memory at the end (VmRSS)', value: Math.round(result.residentMb), unit: 'MB' }),
    );
  }
  return measurements;
}
