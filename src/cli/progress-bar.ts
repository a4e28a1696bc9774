/**
 * A one-line progress bar on a terminal; on anything else (a pipe, CI logs) it stays quiet and
 * only the final line is printed by the caller.
 */
import type { WriteStream } from 'node:tty';

interface Output {
  write(text: string): boolean;
  isTTY?: boolean;
}

const WIDTH = 30;

export function renderProgressBar(label: string, done: number, total: number): string {
  const ratio = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(ratio * WIDTH);
  return `${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${done}/${total}`;
}

export function createProgressBar(label: string, output: Output | WriteStream) {
  const interactive = output.isTTY === true;
  return {
    update(done: number, total: number) {
      if (interactive) output.write(`\r${renderProgressBar(label, done, total)}`);
    },
    done() {
      if (interactive) output.write('\n');
    },
  };
}
