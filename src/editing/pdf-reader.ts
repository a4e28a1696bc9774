/**
 * Reading PDFs off the serving thread (docs/operations.md, "Uploads and PDFs"): a pool of at most
 * `workers` threads (piscina), each PDF read in one of them within three limits:
 * - pages: the text of the first `textPages` pages only; the answer says how many were read;
 * - time: `timeLimitMs` of reading, then the worker is ended and the PDF refused, naming the limit;
 * - memory: `memoryMb` of heap per worker, past which the worker is ended and the PDF refused.
 * A caller that no longer wants the answer (the client went away) aborts its signal: a PDF still
 * waiting for a thread leaves the queue, and one being read ends its worker, so no work is left
 * running. Idle threads end after a few seconds, and their memory goes with them.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { PdfRefused, type CheckedDocument } from './pdf-reading';
import type { PdfTask, PdfTaskResult } from './pdf-worker';

export interface PdfLimits {
  /** Threads reading PDFs at once; more PDFs wait their turn. */
  workers: number;
  /** Reading one PDF may take this long, waiting for a thread not counted. */
  timeLimitMs: number;
  /** Heap one worker may use. */
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

/** How long an idle worker stays before it ends (and gives back its memory). */
const IDLE_MS = 5_000;

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
  let pool: Piscina<PdfTask, PdfTaskResult> | null = null;
  const turns = createTurns(limits.workers);

  // Started on the first PDF: serving pages never pays for it.
  const poolOrStart = () => {
    pool ??= new Piscina<PdfTask, PdfTaskResult>({
      ...workerFile(),
      minThreads: 0,
      maxThreads: limits.workers,
      idleTimeout: IDLE_MS,
      concurrentTasksPerWorker: 1,
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    return pool;
  };

  async function run(task: PdfTask, signal: AbortSignal | undefined): Promise<PdfTaskResult> {
    const done = await turns.take(signal);
    const timer = new AbortController();
    const timeout = setTimeout(() => timer.abort(), limits.timeLimitMs);
    try {
      return await poolOrStart().run(task, { signal: signal === undefined ? timer.signal : AbortSignal.any([signal, timer.signal]) });
    } catch (error) {
      if (signal?.aborted) throw new PdfReadCancelled();
      if (timer.signal.aborted) {
        throw new PdfRefused(
          `Reading this PDF took longer than ${formatSeconds(limits.timeLimitMs)}, the most one PDF may take. Save it again with fewer or simpler pages (or ask an administrator about PDF_TIME_LIMIT_SECONDS) and upload it again.`,
        );
      }
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new PdfRefused(
          `Reading this PDF needed more than ${limits.memoryMb} MB of memory, the most one PDF may use. Save it again with fewer or smaller pictures and upload it again.`,
        );
      }
      throw error;
    } finally {
      clearTimeout(timeout);
      done();
    }
  }

  return {
    limits,
    async check(path, signal) {
      const result = await run({ kind: 'check', path, textPages: limits.textPages }, signal);
      if (result.kind === 'refused') throw new PdfRefused(result.message);
      if (result.kind !== 'checked') throw new Error(`A PDF worker answered ${result.kind} to a check`);
      // A Buffer comes back from the worker as a plain Uint8Array.
      const png = result.document.firstPagePng;
      return { ...result.document, firstPagePng: Buffer.from(png.buffer, png.byteOffset, png.byteLength) };
    },
    async text(bytes, signal) {
      const result = await run({ kind: 'text', bytes, textPages: limits.textPages }, signal);
      return result.kind === 'text' ? result.text : null;
    },
    load: () => ({ reading: turns.taken(), waiting: turns.waiting() }),
    async close() {
      const closing = pool;
      pool = null;
      await closing?.close({ force: true });
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

/** The worker's file: TypeScript source under the test runner (tsx loads it), the built file from dist. */
function workerFile(): { filename: string; execArgv?: string[] } {
  if (import.meta.url.endsWith('.ts')) return { filename: fileURLToPath(new URL('pdf-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
  return { filename: fileURLToPath(new URL(WORKER_FILE, import.meta.url)) };
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
