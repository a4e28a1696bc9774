/** Runs the built CLI as an operator would, against a given store. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a CLI command against a store; standard input is a pipe (not a terminal) holding `input`. */
export function cli(databaseUrl: string, args: string[], input = ''): CliRun {
  const result = spawnSync(process.execPath, [join(ROOT, 'dist', 'server', 'cli.js'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    input,
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without blocking this process: the test's own load and requests go on meanwhile. */
export function cliAsync(databaseUrl: string, args: string[]): Promise<CliRun> {
  return startCli(databaseUrl, args).done;
}

/** A CLI command started against a store: to wait for, or to end part-way (`child.kill`), as a crash would. */
export function startCli(databaseUrl: string, args: string[]): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'server', 'cli.js'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, done: new Promise((resolve) => child.once('close', (status) => resolve({ status, stdout, stderr }))) };
}
