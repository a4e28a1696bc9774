/**
 * The built server (dist/server/main.js) as a real child process, for tests of what only a process
 * shows: start-up errors, signals, workers. Builds first if the sources changed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** Held while one test process builds; named for this checkout, outside dist/ (which a build replaces). */
const BUILD_LOCK = join(tmpdir(), `literature-build-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}.lock`);
/** A lock older than the longest build was left by a run that was killed. */
const STALE_LOCK_MS = 10 * 60_000;

/**
 * Builds unless the build is current. Test files run in parallel, and several may ask at once on a
 * clean clone: one builds, the others wait for it and then find the build current.
 */
export function buildIfNeeded(): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - lockedSince(BUILD_LOCK) > STALE_LOCK_MS) rmSync(BUILD_LOCK, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 200);
    }
  }
  try {
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--if-needed'], { cwd: ROOT, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`build failed:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

function lockedSince(lock: string): number {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}

/** A port nothing listens on right now (cluster workers cannot share an ephemeral port 0). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout or stderr has matched; rejects if the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/** The built server, or `scripts/start.mjs` (what `npm start` runs), as a child process. */
export function startServerProcess(env: Record<string, string>, script = join('dist', 'server', 'main.js')): ServerProcess {
  return startProcess(process.execPath, [join(ROOT, script)], env);
}

/** A command run in the project's root (e.g. `npm start` itself), with the server's test settings. */
export function startProcess(command: string, args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', PAGES_DIR: join(ROOT, 'pages'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), notify()));
  child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), notify()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (notify(), resolve(code))));

  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(stdout) || pattern.test(stderr)) return finish(resolve);
          if (child.exitCode !== null || child.signalCode !== null) {
            finish(() => reject(new Error(`server exited before ${pattern}:\n${stdout}\n${stderr}`)));
          }
        };
        const timer = setTimeout(() => finish(() => reject(new Error(`timed out waiting for ${pattern}:\n${stdout}\n${stderr}`))), timeoutMs);
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
  };
}

export interface LoadResult {
  statuses: Map<number, number>;
  errors: string[];
  requests: number;
}

/** Keeps `concurrency` keep-alive request loops going until stop() is called. */
export function startLoad(urls: string[], concurrency: number): { stop(): Promise<LoadResult>; reached(requests: number): Promise<void> } {
  const result: LoadResult = { statuses: new Map(), errors: [], requests: 0 };
  let running = true;
  const waiting: Array<{ requests: number; resolve: () => void }> = [];
  const loop = async (offset: number) => {
    for (let index = offset; running; index += 1) {
      const url = urls[index % urls.length]!;
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        result.statuses.set(response.status, (result.statuses.get(response.status) ?? 0) + 1);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        result.errors.push(`${url}: ${cause?.code ?? String(error)}`);
      }
      result.requests += 1;
      for (const waiter of waiting.filter((candidate) => result.requests >= candidate.requests)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  const loops = Array.from({ length: concurrency }, (_, offset) => loop(offset));
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return result;
    },
    /** Resolves once this many requests have been answered (or have failed). */
    reached(requests) {
      return result.requests >= requests ? Promise.resolve() : new Promise((resolve) => waiting.push({ requests, resolve }));
    },
  };
}

/** Signs an account in over HTTP, as a browser does; answers the headers a studio change sends. */
export async function signInOverHttp(origin: string, account: { email: string; password: string }): Promise<Record<string, string>> {
  const login = await fetch(`${origin}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams(account).toString(),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { csrfToken } = (await (await fetch(`${origin}/api/session`, { headers: { cookie } })).json()) as { csrfToken: string };
  return { cookie, 'x-csrf-token': csrfToken, origin, 'content-type': 'application/json' };
}

/** Waits until `check` holds, polling every `everyMs`; fails with `what` after `limitMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, limitMs = 20_000, everyMs = 25): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
