#!/usr/bin/env node
/**
 * `npm start`: build if the sources changed, then run the server (dist/server/main.js) in a
 * process of its own, started with the settings of server-process.json. They can only be given
 * when a process starts. Together they take about 30 MB off the server's peak resident memory under
 * one page's load, and about 20 MB more under varied traffic (docs/operations.md, "Memory"):
 * - `--max-semi-space-size=4`: V8's young generation at most 2 × 4 MB instead of 2 × 16 MB. Its
 *   memory is touched whole under load, and a request's garbage dies young at either size.
 * - `MALLOC_ARENA_MAX=2`: the C allocator's arenas shared by the process's threads (V8's helpers,
 *   libuv's pool, the SQLite worker) instead of one per thread, each keeping the memory it once used.
 * - `MALLOC_MMAP_THRESHOLD_=131072`: blocks of 128 KB and more (compressors' windows, large typed
 *   arrays) mapped on their own and given back when freed. glibc's own threshold rises to the
 *   largest block freed so far, after which such blocks stay in the arenas, scattered.
 * A setting given by the operator (the same flag on the command line or in NODE_OPTIONS, the same
 * variable in the environment) wins. This process then only waits: it passes SIGTERM, SIGINT and
 * SIGHUP on to the server and ends as the server does.
 *
 * The server must not outlive `npm start`. npm passes its SIGTERM to the shell it ran this script
 * in, and the shell ends without passing it on: this process is orphaned and no signal says so.
 * So it watches its parent, and once orphaned stops the server as on SIGTERM (the server drains).
 * Should this process itself be killed outright (SIGKILL), the server sees the IPC channel made
 * here close, which the kernel does however a process ends, and stops the same way
 * (src/server/process/stop-with-launcher.ts). Each side watches what only it can see.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isBuildCurrent } from './build.mjs';

/** How often this process looks whether its parent is still there. */
const ORPHAN_CHECK_MS = 500;

const settings = JSON.parse(readFileSync(new URL('server-process.json', import.meta.url), 'utf8'));

if (!isBuildCurrent()) {
  // In a process of its own, so that the build's tools are not held in memory by this one.
  const build = spawnSync(process.execPath, [fileURLToPath(new URL('build.mjs', import.meta.url)), '--if-needed'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Our flags, except those the operator set (node flags are read with - and _ alike). */
const operatorFlags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map((flag) => flag.split('=')[0].replaceAll('_', '-'));
const nodeFlags = settings.nodeFlags.filter((flag) => !operatorFlags.includes(flag.split('=')[0]));

const server = spawn(
  process.execPath,
  [...nodeFlags, ...process.execArgv, fileURLToPath(new URL('../dist/server/main.js', import.meta.url)), ...process.argv.slice(2)],
  { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env: { ...settings.env, ...process.env } },
);
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
// process.ppid is read afresh each time; an orphan's parent is init or a subreaper.
const parent = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphanWatch);
  server.kill('SIGTERM');
}, ORPHAN_CHECK_MS);
orphanWatch.unref();
server.on('error', (error) => {
  console.error(`Failed to start: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
