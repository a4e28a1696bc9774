/** Peak resident memory of a process (Linux: VmHWM), in MB; null where /proc is not there. */
import { readFileSync } from 'node:fs';

export function peakRssMb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
