/** Runs wrk against a URL and reads its summary. */
import { execFileSync } from 'node:child_process';
import { pinTo } from './tools';

export interface LoadResult {
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; mean: number };
  requests: number;
  errors: number;
}

export interface LoadOptions {
  seconds: number;
  connections: number;
  /** Core the load generator runs on (the servers get the other); null: unpinned. */
  core: number | null;
  /** Request headers, e.g. { 'accept-encoding': 'br' }. */
  headers?: Record<string, string>;
}

export function runLoad(url: string, { seconds, connections, core, headers = {} }: LoadOptions): LoadResult {
  const headerOptions = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const command = [...(core === null ? [] : pinTo(core)), 'wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headerOptions, url];
  const output = execFileSync(command[0]!, command.slice(1), { encoding: 'utf8', timeout: (seconds + 30) * 1000 });
  return parseWrk(output);
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function toMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`Cannot read the latency "${text}" from wrk`);
  return Number(match[1]) * (UNIT_MS[match[2]!] ?? 1);
}

export function parseWrk(output: string): LoadResult {
  const find = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match?.[1]) throw new Error(`wrk output lacks ${pattern}:\n${output}`);
    return match[1];
  };
  const errors = [...output.matchAll(/(?:Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+))|(?:Non-2xx or 3xx responses: (\d+))/g)].reduce(
    (sum, match) => sum + match.slice(1).reduce((inner, value) => inner + (value ? Number(value) : 0), 0),
    0,
  );
  return {
    requestsPerSecond: Number(find(/Requests\/sec:\s+([\d.]+)/)),
    latencyMs: {
      mean: toMs(find(/Latency\s+([\d.]+(?:us|ms|s|m))/)),
      p50: toMs(find(/50%\s+([\d.]+(?:us|ms|s|m))/)),
      p90: toMs(find(/90%\s+([\d.]+(?:us|ms|s|m))/)),
      p99: toMs(find(/99%\s+([\d.]+(?:us|ms|s|m))/)),
    },
    requests: Number(find(/(\d+) requests in/)),
    errors,
  };
}
