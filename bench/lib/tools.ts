/**
 * The programs the benchmarks drive: nginx and wrk from Debian's packages (installed on first use
 * when the machine allows it), taskset to pin each side to its own core.
 */
import { execFileSync, spawnSync } from 'node:child_process';

export function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Installs missing Debian packages; returns the commands still missing afterwards. */
export function ensureCommands(packages: Record<string, string>): string[] {
  const missing = Object.entries(packages).filter(([command]) => !hasCommand(command));
  if (missing.length > 0) {
    const prefix = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
    console.log(`Installing ${missing.map(([, pkg]) => pkg).join(', ')} for the benchmarks…`);
    const run = (args: string[]) => {
      const [command, ...rest] = [...prefix, ...args];
      spawnSync(command!, rest, { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    };
    run(['apt-get', 'update', '-qq']);
    run(['apt-get', 'install', '-y', '-qq', ...missing.map(([, pkg]) => pkg)]);
  }
  return Object.keys(packages).filter((command) => !hasCommand(command));
}

/** Prefix that pins a process to one CPU core, when the machine has more than one. */
export function pinTo(core: number): string[] {
  const cores = Number(execFileSync('nproc').toString().trim());
  return hasCommand('taskset') && cores > 1 ? ['taskset', '-c', String(core % cores)] : [];
}
