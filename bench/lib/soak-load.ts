/**
 * Drives the soak mix (soak-mix.ts) against a server for a while, over keep-alive connections,
 * as browsers and API clients would (some asking for brotli, some for gzip, some for neither),
 * and follows the server's resident memory as it goes.
 */
import { Agent, request } from 'node:http';
import { readProcessMemory } from './process-memory';
import { createRandom, soakPath } from './soak-mix';

export interface SoakOptions {
  seconds: number;
  connections: number;
  /** The server's process id, whose memory is followed. */
  pid: number;
  /** The same seed draws the same requests. */
  seed?: number;
  /** How often memory is read. */
  sampleMs?: number;
}

export interface SoakResult {
  requests: number;
  /** Answers by status code. */
  statuses: Record<number, number>;
  /** Requests that got no answer (the connection failed). */
  errors: number;
  /** VmHWM at the end: the most the server held at any moment since it started. */
  peakMb: number;
  /** VmRSS at the end… */
  residentMb: number;
  /** …of which the process's own memory (RssAnon) and mapped files' pages (RssFile). */
  anonymousMb: number;
  fileMb: number;
  /** VmRSS every `sampleMs`: seconds since the soak started and MB. */
  samples: Array<{ second: number; residentMb: number }>;
}

const ENCODINGS = ['br, gzip, deflate', 'gzip, deflate', 'identity', 'gzip, deflate, br, zstd'];

export async function runSoak(origin: string, { seconds, connections, pid, seed = 34, sampleMs = 1000 }: SoakOptions): Promise<SoakResult> {
  const random = createRandom(seed);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const result: SoakResult = { requests: 0, statuses: {}, errors: 0, peakMb: 0, residentMb: 0, anonymousMb: 0, fileMb: 0, samples: [] };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const sample = () => {
    const memory = readProcessMemory(pid);
    if (memory !== null) result.samples.push({ second: Math.round((performance.now() - started) / 100) / 10, residentMb: memory.residentMb });
  };
  const sampler = setInterval(sample, sampleMs);

  const once = (path: string, encoding: string) =>
    new Promise<void>((resolve) => {
      const outgoing = request(origin + path, { agent, headers: { 'accept-encoding': encoding } }, (response) => {
        response.resume();
        response.on('end', () => {
          result.statuses[response.statusCode ?? 0] = (result.statuses[response.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
      });
      outgoing.on('error', () => {
        result.errors += 1;
        resolve();
      });
      outgoing.end();
    });
  const loop = async () => {
    while (performance.now() < deadline) {
      await once(soakPath(random), ENCODINGS[Math.floor(random() * ENCODINGS.length)]!);
      result.requests += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, loop));
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
  sample();
  const memory = readProcessMemory(pid);
  result.peakMb = memory?.peakMb ?? Number.NaN;
  result.residentMb = memory?.residentMb ?? Number.NaN;
  result.anonymousMb = memory?.anonymousMb ?? Number.NaN;
  result.fileMb = memory?.fileMb ?? Number.NaN;
  return result;
}
