/** Runs the built CLI as an operator would, against a given store. */
import { spawnSync } from 'node:child_process';
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
