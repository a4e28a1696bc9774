/**
 * Reading PDFs off the serving thread (docs/operations.md, "Uploads and PDFs"): PDFs are read in
 * processes of their own (pdf-worker.ts), at most `workers` at once, the others waiting their turn,
 * within three limits:
 * - pages: the text of the first `textPages` pages only; the answer says how many were read;
 * - time: `timeLimitMs` of reading, then the process is ended and the PDF refused, naming the limit;
 * - memory: `memoryMb` of heap, past which the process ends and the PDF is refused.
 * A caller that no longer wants the answer (the client went away) aborts its signal: a PDF still
 * waiting leaves the line, and one being read has its process ended, so no work is left running.
 * A process rather than a worker thread, because pdfjs's canvas (a native module) keeps memory a
 * thread cannot give back when it ends: about 2 MB a PDF. A process gives back all of it, so each
 * reads a few PDFs (PDFS_PER_PROCESS, or until it has grown by half its memory limit) and is replaced,
 * and one left idle ends.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createTurns } from '../shared/turns';
import { PdfRefused, type CheckedDocument } from './pdf-reading';
import type { PdfAnswer, PdfTask, PdfTaskResult } from './pdf-worker';

export interface PdfLimits {
  /** PDFs read at once, each in a process of its own; more wait their turn. */
  workers: number;
  /** Reading one PDF may take this long, waiting for its turn not counted. */
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

/**
 * A reader process reads this many PDFs, then is replaced: pdfjs's canvas keeps a little memory a
 * PDF (about 2 MB) that only the end of its process gives back. Starting one costs ~0.7 s.
 */
const PDFS_PER_PROCESS = 20;
/** A reader process with no PDF to read for this long ends: memory at rest is the server's alone. */
const IDLE_MS = 10_000;

interface Reader {
  child: ChildProcess;
  exited: Promise<unknown>;
  /** PDFs it has read. */
  read: number;
  /** Its memory after its first PDF (pdfjs loaded): what it grows by from there is what PDFs left behind. */
  firstRss: number | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

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
  /** PDFs being read now, and waiting for their turn. */
  load(): { reading: number; waiting: number };
  close(): Promise<void>;
}

export function createPdfReader(limits: PdfLimits = DEFAULT_PDF_LIMITS): PdfReader {
  // The time limit counts from a PDF's turn, not from its arrival.
  const turns = createTurns(limits.workers, () => new PdfReadCancelled());
  /** Every reader process alive, and those waiting for a PDF. */
  const alive = new Set<Reader>();
  const idle: Reader[] = [];

  async function run(task: PdfTask, signal: AbortSignal | undefined): Promise<PdfTaskResult> {
    const done = await turns.take(signal);
    try {
      return await readInProcess(task, signal);
    } finally {
      done();
    }
  }

  function start(): Reader {
    const { filename, execArgv } = readerFile();
    const child = fork(filename, [], {
      execArgv: [...execArgv, `--max-old-space-size=${limits.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const reader: Reader = { child, exited: new Promise((resolve) => child.once('exit', resolve)), read: 0, firstRss: null, idleTimer: null };
    alive.add(reader);
    // One that ends by itself (a crash while idle) is given no more tasks either.
    void reader.exited.then(() => {
      alive.delete(reader);
      forget(reader);
    });
    return reader;
  }

  /** A reader process that has read a PDF waits for the next, for a while; one grown by half its memory limit, or old, ends. */
  function keep(reader: Reader, rss: number) {
    reader.firstRss ??= rss;
    if (reader.read >= PDFS_PER_PROCESS || rss - reader.firstRss > (limits.memoryMb / 2) * 1024 * 1024) return end(reader);
    // While it waits it keeps nothing alive: a command that has read its PDFs exits.
    reader.child.unref();
    reader.child.channel?.unref();
    reader.idleTimer = setTimeout(() => end(reader), IDLE_MS).unref();
    idle.push(reader);
  }

  function take(): Reader {
    const reader = idle.at(-1) ?? start();
    forget(reader);
    reader.child.ref();
    reader.child.channel?.ref();
    return reader;
  }

  /** A reader for the task: it answers, or is ended when the time is up or the caller goes away. */
  function readInProcess(task: PdfTask, signal: AbortSignal | undefined): Promise<PdfTaskResult> {
    if (signal?.aborted) return Promise.reject(new PdfReadCancelled());
    const reader = take();
    const { child } = reader;
    return new Promise<PdfTaskResult>((resolve, reject) => {
      let settled = false;
      // A refusal for the time or the caller is given once the process has ended: no reading
      // goes on after the answer.
      const settle = (outcome: () => void, { ending = false } = {}) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        child.off('message', answered);
        child.off('exit', exited);
        child.off('error', failed);
        if (!ending) return outcome();
        end(reader);
        void reader.exited.then(outcome);
      };
      const cancel = () => settle(() => reject(new PdfReadCancelled()), { ending: true });
      const timer = setTimeout(
        () =>
          settle(
            () =>
              reject(
                new PdfRefused(
                  `Reading this PDF took longer than ${formatSeconds(limits.timeLimitMs)}, the most one PDF may take. Save it again with fewer or simpler pages (or ask an administrator about PDF_TIME_LIMIT_SECONDS) and upload it again.`,
                ),
              ),
            { ending: true },
          ),
        limits.timeLimitMs,
      );
      const answered = ({ result, rss }: PdfAnswer) =>
        settle(() => {
          reader.read += 1;
          keep(reader, rss);
          resolve(result);
        });
      const failed = (error: Error) => settle(() => reject(error), { ending: true });
      const exited = (code: number | null, exitSignal: NodeJS.Signals | null) =>
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
      signal?.addEventListener('abort', cancel, { once: true });
      child.on('message', answered);
      child.once('error', failed);
      child.once('exit', exited);
      child.send(task);
    });
  }

  /** Ends a reader process; from now on no task is given to it (its exit comes later). */
  function end(reader: Reader) {
    forget(reader);
    const { child } = reader;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  function forget(reader: Reader) {
    const index = idle.indexOf(reader);
    if (index >= 0) idle.splice(index, 1);
    if (reader.idleTimer !== null) clearTimeout(reader.idleTimer);
    reader.idleTimer = null;
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
      const readers = [...alive];
      readers.forEach(end);
      await Promise.all(readers.map((reader) => reader.exited));
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

/**
 * The reader's file: the built file from dist; under the test runner the bundle it made once
 * (PDF_READER_SCRIPT, tests/helpers/global-setup.ts), or else the TypeScript source through tsx.
 */
function readerFile(): { filename: string; execArgv: string[] } {
  const bundled = process.env.PDF_READER_SCRIPT;
  if (bundled !== undefined && bundled !== '' && import.meta.url.endsWith('.ts')) return { filename: bundled, execArgv: [] };
  if (import.meta.url.endsWith('.ts')) return { filename: fileURLToPath(new URL('pdf-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
  return { filename: fileURLToPath(new URL(WORKER_FILE, import.meta.url)), execArgv: [] };
}

const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
