/** Resident memory of a process (Linux: /proc/<pid>/status), in MB; null where /proc is not there. */
import { readFileSync } from 'node:fs';

export interface ProcessMemory {
  /** Resident now (VmRSS). */
  residentMb: number;
  /** The most it has been resident since it started (VmHWM). */
  peakMb: number;
  /** Of what is resident now: memory the process made (heaps, caches, buffers)… */
  anonymousMb: number;
  /** …and pages of files it maps (the node binary, its libraries), shared with other processes that map them. */
  fileMb: number;
}

export function readProcessMemory(pid: number): ProcessMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
    const memory = { residentMb: field('VmRSS'), peakMb: field('VmHWM'), anonymousMb: field('RssAnon'), fileMb: field('RssFile') };
    return Object.values(memory).some(Number.isNaN) ? null : memory;
  } catch {
    return null;
  }
}

export function peakRssMb(pid: number): number | null {
  return readProcessMemory(pid)?.peakMb ?? null;
}
