/**
 * Using every core (issue "Operations"): the same cached literature page and API page served by one
 * process and by WORKERS=<cores> processes, side by side. Nothing is pinned here: the workers and
 * wrk share the machine, as they would in production behind a load balancer on the same host.
 */
import { cpus } from 'node:os';
import { DEMO_IDS } from '../src/demo/seed-demo';
import { measured, type Measurement } from './lib/report';
import { startOurServer } from './lib/servers';
import { runLoad, type LoadOptions } from './lib/wrk';

export interface WorkersBenchOptions {
  databasePath: string;
  load: Omit<LoadOptions, 'core'>;
}

export async function benchWorkers({ databasePath, load }: WorkersBenchOptions): Promise<Measurement[]> {
  const cores = cpus().length;
  const targets = [
    { label: 'literature page', path: '/' },
    {
      label: 'API collection page',
      path: `/services/data/v65.0/connect/sites/${DEMO_IDS.siteId}/cms/delivery/collections/${DEMO_IDS.collectionKey}?pageSize=7&pageToken=0`,
    },
  ];
  const rates = new Map<string, { one: number; many: number; errors: number }>();
  for (const workers of [1, cores]) {
    const server = await startOurServer({ port: 3403, databasePath, core: null, env: { WORKERS: String(workers) } });
    try {
      for (const target of targets) {
        runLoad(server.url + target.path, { ...load, seconds: 1, core: null });
        const result = runLoad(server.url + target.path, { ...load, core: null });
        const entry = rates.get(target.label) ?? { one: 0, many: 0, errors: 0 };
        if (workers === 1) entry.one = result.requestsPerSecond;
        else entry.many = result.requestsPerSecond;
        entry.errors += result.errors;
        rates.set(target.label, entry);
      }
    } finally {
      await server.stop();
    }
  }
  return targets.map(({ label }) => {
    const { one, many, errors } = rates.get(label)!;
    return measured({
      section: 'Workers',
      name: `${label}, cached: WORKERS=${cores} vs WORKERS=1 (wrk on the same ${cores} cores)`,
      comparison: `WORKERS=${cores} req/s / WORKERS=1 req/s`,
      value: many / one,
      unit: '×',
      details: `1 worker ${one.toFixed(0)} req/s; ${cores} workers ${many.toFixed(0)} req/s; ${errors} errors`,
    });
  });
}
