/**
 * Reading PDFs off the serving thread (docs/operations.md, "Uploads and PDFs"): each PDF is read in
 * a process of its own (pdf-worker.ts), at most `workers` at once, the others waiting their turn,
 * within three limits:
 * - pages: the text of the first `textPages` pages only; the answer says how many were read;
 * - time: `timeLimitMs` of reading, then the process is ended and the PDF refused, naming the limit;
 * - memory: `memoryMb` of heap, past which the process ends and the PDF is refused.
 * A caller that no longer wants the answer (the client went away) aborts its signal: a PDF still
 * waiting leaves the line, and one being read has its process ended, so no work is left running.
 * A process rather than a worker thread, because pdfjs's canvas (a native module) keeps memory a
 * thread cannot give back when it ends: about 2 MB a PDF. A process gives back all of it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { PdfRefused, type CheckedDocument } from './pdf-reading';
import type { PdfTask, PdfTaskResult } from './pdf-worker';

export interface PdfLimits {
  /** PDFs read at once, each in a process of its own; more wait their turn. */
  workers: number;
  /** Reading one PDF may take this long, waiting for a thread not counted. */
  timeLimitMs: number;
  /** Heap one reader process may use. */
  memoryMb: number;
  /** Pages whose text is read (and checked); the rest of a longer PDF is kept but not read. */
  textPages: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = {
  // One per core, at most two: the serving thread keeps a core of its own on a bigger machine.
  workers: Math.min(2, availableParallelism()),
  timeLimitMs: 20_000,
  memoryMb: 256,
  textPages: 200,
};

/** Beside this module in the build (a variable, so that the bundler leaves the URL alone). */
const WORKER_FILE = 'pdf-worker.js';

/** The caller went away before the PDF was read: nothing is left running. */
export class PdfReadCancelled extends Error {
  constructor() {
    super('Reading the PDF was cancelled');
    this.name = 'PdfReadCancelled';
  }
}

export interface PdfReader {
  readonly limits: PdfLimits;
  /** Checks the uploaded PDF at `path` (its structure, its first pages' text, page 1 as a PNG); PdfRefused says why not. */
  check(path: string, signal?: AbortSignal): Promise<CheckedDocument>;
  /** The text of a stored PDF's first pages, for search; null when none can be read. */
  text(bytes: Uint8Array, signal?: AbortSignal): Promise<string | null>;
  /** PDFs being read now, and waiting for a thread. */
  load(): { reading: number; waiting: number };
  close(): Promise<void>;
}

export function createPdfReader(limits: PdfLimits = DEFAULT_PDF_LIMITS): PdfReader {
  const turns = createTurns(limits.workers);
  const reading = new Set<ChildProcess>();

  async function run(task: PdfTask, signal: AbortSignal | undefined): Promise<PdfTaskResult> {
    const done = await turns.take(signal);
    try {
      return await readInProcess(task, signal);
    } finally {
      done();
    }
  }

  /** One process, one task: it answers, or is ended when the time is up or the caller goes away. */
  function readInProcess(task: PdfTask, signal: AbortSignal | undefined): Promise<PdfTaskResult> {
    if (signal?.aborted) return Promise.reject(new PdfReadCancelled());
    const { filename, execArgv } = readerFile();
    const child = fork(filename, [], {
      execArgv: [...execArgv, `--max-old-space-size=${limits.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    reading.add(child);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    return new Promise<PdfTaskResult>((resolve, reject) => {
      let settled = false;
      // The answer is given once the process has ended (ended now, when the time is up or the
      // caller has gone): no reading goes on after it.
      const settle = (outcome: () => void, { end = false } = {}) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        if (end && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        void exited.then(outcome);
      };
      const cancel = () => settle(() => reject(new PdfReadCancelled()), { end: true });
      const timer = setTimeout(
        () =>
          settle(
            () =>
              reject(
                new PdfRefused(
                  `Reading this PDF took longer than ${formatSeconds(limits.timeLimitMs)}, the most one PDF may take. Save it again with fewer or simpler pages (or ask an administrator about PDF_TIME_LIMIT_SECONDS) and upload it again.`,
                ),
              ),
            { end: true },
          ),
        limits.timeLimitMs,
      );
      signal?.addEventListener('abort', cancel, { once: true });
      child.once('message', (result: PdfTaskResult) => settle(() => resolve(result)));
      child.once('error', (error) => settle(() => reject(error), { end: true }));
      child.once('exit', (code, exitSignal) => {
        reading.delete(child);
        settle(() => {
          // V8 aborts the process when its heap is full.
          if (exitSignal === 'SIGABRT' || code === 134)
            reject(
              new PdfRefused(
                `Reading this PDF needed more than ${limits.memoryMb} MB of memory, the most one PDF may use. Save it again with fewer or smaller pictures and upload it again.`,
              ),
            );
          else reject(new Error(`The PDF reader ended (${exitSignal ?? `code ${code}`}) without an answer`));
        });
      });
      child.send(task);
    });
  }

  return {
    limits,
    async check(path, signal) {
      const result = await run({ kind: 'check', path, textPages: limits.textPages }, signal);
      if (result.kind === 'refused') throw new PdfRefused(result.message);
      if (result.kind !== 'checked') throw new Error(`A PDF reader answered ${result.kind} to a check`);
      // A Buffer comes back from the reader as a plain Uint8Array.
      const png = result.document.firstPagePng;
      return { ...result.document, firstPagePng: Buffer.from(png.buffer, png.byteOffset, png.byteLength) };
    },
    async text(bytes, signal) {
      const result = await run({ kind: 'text', bytes, textPages: limits.textPages }, signal);
      return result.kind === 'text' ? result.text : null;
    },
    load: () => ({ reading: turns.taken(), waiting: turns.waiting() }),
    async close() {
      const ended = [...reading].map((child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGKILL'))));
      await Promise.all(ended);
    },
  };
}

let processReader: PdfReader | null = null;

/**
 * The process's one reader, so that its PDFs share one bounded pool: the server gives it the
 * configured limits when it starts (server/app.ts); search and the command line use it as it is.
 * New limits (a test's app) replace it.
 */
export function processPdfReader(limits?: PdfLimits): PdfReader {
  if (limits !== undefined && processReader !== null && JSON.stringify(processReader.limits) !== JSON.stringify(limits)) {
    void processReader.close();
    processReader = null;
  }
  processReader ??= createPdfReader(limits ?? DEFAULT_PDF_LIMITS);
  return processReader;
}

/** The reader's file: TypeScript source under the test runner (tsx loads it), the built file from dist. */
function readerFile(): { filename: string; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) return { filename: fileURLToPath(new URL('pdf-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
  return { filename: fileURLToPath(new URL(WORKER_FILE, import.meta.url)), execArgv: [] };
}

const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * At most `size` PDFs read at once, the others waiting in order: the time limit counts from a
 * PDF's turn, not from its arrival. A waiter whose signal aborts leaves the line.
 */
function createTurns(size: number) {
  let taken = 0;
  const line: Array<() => void> = [];
  const release = () => {
    const next = line.shift();
    if (next === undefined) taken -= 1;
    else next();
  };
  return {
    taken: () => taken,
    waiting: () => line.length,
    take(signal: AbortSignal | undefined): Promise<() => void> {
      if (signal?.aborted) return Promise.reject(new PdfReadCancelled());
      if (taken < size) {
        taken += 1;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', leave);
          resolve(once(release));
        };
        const leave = () => {
          line.splice(line.indexOf(turn), 1);
          reject(new PdfReadCancelled());
        };
        line.push(turn);
        signal?.addEventListener('abort', leave, { once: true });
      });
    },
  };
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
