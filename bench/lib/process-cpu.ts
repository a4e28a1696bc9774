/**
 * CPU time a server spends, from Linux's /proc/<pid>/stat: user and system time of the process
 * and every process below it (a server's workers, nginx's worker), in milliseconds. Counted by
 * the kernel in clock ticks (10 ms on this machine), it is what a request costs the server
 * whatever else the machine is doing at the time, where requests per second fall with every
 * other process that wants the core.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** The kernel's clock ticks per second (`getconf CLK_TCK`), asked once. */
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  return ticksPerSecond;
}

interface ProcessTimes {
  parent: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

/** A process's parent and CPU ticks; null once it has gone. */
function readTimes(pid: number): ProcessTimes | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: the fields are counted after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state (3), ppid (4), …, utime (14), stime (15), as proc(5) numbers them.
  return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/** User and system CPU time of `pid` and its descendants, in ms; null where /proc is not there. */
export function cpuTimeMs(pid: number): number | null {
  const root = readTimes(pid);
  if (root === null) return null;
  const all = new Map<number, ProcessTimes>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const times = readTimes(Number(entry));
    if (times !== null) all.set(Number(entry), times);
  }
  let ticks = root.ticks;
  const below = [pid];
  while (below.length > 0) {
    const parent = below.pop()!;
    for (const [child, times] of all) {
      if (times.parent !== parent) continue;
      ticks += times.ticks;
      below.push(child);
    }
  }
  return (ticks * 1000) / clockTicks();
}
