/**
 * The access log: one line per request, written once it is answered, in batches.
 * Requests the framework answers go through the logger (AccessLog); answers from the front cache,
 * which are most answers on a busy site, get the same line built directly (frontAccessLine): the
 * logger's generic serialising took about 2 µs a line, against some 50 µs for the whole answer
 * (docs/decisions/017). And the id a request is known by in every line about it.
 */
import { randomUUID } from 'node:crypto';
import { writeSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A request's id: a proxy's X-Request-Id when it looks like one (so logs join across tiers), else a new UUID. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** One access line per request, written once it is answered (Fastify writes two: on arrival and when done). */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Lines are handed to the writer in batches of about this many bytes… */
const BATCH_BYTES = 64 * 1024;
/** …or when the oldest line waiting is this old. */
const BATCH_MS = 250;

/**
 * Where log lines go: standard output. Lines are gathered here and written as one buffer per
 * batch: pino's own writer (SonicBoom), given one string per line, measures its whole pending text
 * again on every line, which cost more than building the line, and one write call per line would
 * cost more still. A batch is written whole, at once, in order (a write call per 64 KB, some 300
 * lines): a write left to a background thread cannot be finished by a process that exits while it
 * runs, and a full pipe then cut a line in half and lost the rest of its batch. What is still
 * gathered is written when the process exits.
 */
export function logDestination(fd = 1): { write(line: string): void } {
  let lines: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const writeBatch = batchWriter((batch) => writeWhole(fd, batch), tellStandardError);
  const handOver = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const batch = Buffer.from(lines.join(''));
    const count = lines.length;
    lines = [];
    bytes = 0;
    writeBatch(batch, count);
  };
  atExit.add(new WeakRef(handOver));
  return {
    write(line) {
      lines.push(line);
      bytes += line.length;
      if (bytes >= BATCH_BYTES) handOver();
      else timer ??= setTimeout(handOver, BATCH_MS).unref();
    },
  };
}

/**
 * Writes each batch whole. A batch the output refuses (a full disk, a reader gone) is dropped and
 * counted, never thrown into the request that completed it: the site goes on serving, says once
 * on standard error that lines are being lost, and how many when writing works again.
 */
export function batchWriter(write: (batch: Buffer) => void, tell: (text: string) => void): (batch: Buffer, lines: number) => void {
  let lost = 0;
  let reason = '';
  return (batch, lines) => {
    try {
      write(batch);
      if (lost > 0) tell(`${lost} log lines could not be written (${reason}) and were dropped\n`);
      lost = 0;
    } catch (error) {
      if (lost === 0) {
        reason = (error as NodeJS.ErrnoException).code ?? String(error);
        tell(`Log lines cannot be written (${reason}); dropping them until they can\n`);
      }
      lost += lines;
    }
  };
}

const waiting = new Int32Array(new SharedArrayBuffer(4));

/** The whole buffer, through short writes and, on an output left non-blocking, while it is full. */
function writeWhole(fd: number, batch: Buffer): void {
  for (let written = 0; written < batch.length;) {
    try {
      written += writeSync(fd, batch, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(waiting, 0, 0, 10);
    }
  }
}

function tellStandardError(text: string): void {
  try {
    writeSync(2, text);
  } catch {
    // Standard error is gone too: nowhere is left to say it.
  }
}

/**
 * Each destination's hand-over, run as the process ends (or its loop empties). Held weakly, so
 * apps built and dropped (tests) leave nothing behind.
 */
const atExit = new Set<WeakRef<() => void>>();
const handOverAll = () => {
  for (const reference of atExit) {
    const handOver = reference.deref();
    if (handOver === undefined) atExit.delete(reference);
    else handOver();
  }
};
process.on('beforeExit', handOverAll);
process.on('exit', handOverAll);

/**
 * A duration in milliseconds to the microsecond, as JSON: built from integers, whose text V8 makes
 * far faster than a fraction's (which took more than half the line's time).
 */
export function milliseconds(duration: number): string {
  const micros = Math.round(duration * 1000);
  const fraction = micros % 1000;
  return `${(micros - fraction) / 1000}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

/** What a request line records: no addresses, cookies or bodies (no personal data in logs). */
export const requestLogSerializers = {
  req: (request: { id: string; method: string; url: string }) => ({ id: request.id, method: request.method, url: request.url }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
};

export type FrontAccessLine = (request: IncomingMessage, requestId: string, statusCode: number, responseTime: number) => void;

/** Pino's own parts of a line, read through its exported symbols so the line matches its format exactly. */
interface PinoInternals {
  [pino.symbols.chindingsSym]: string;
  [pino.symbols.timeSym]: () => string;
  [pino.symbols.streamSym]: { write(line: string): void };
}

/**
 * The line `AccessLog` writes for a completed request, with `"cache":"front"` added, written to
 * the logger's own stream; null when the logger's level leaves out request lines.
 */
export function frontAccessLine(logger: FastifyBaseLogger): FrontAccessLine | null {
  const info = pino.levels.values.info!;
  if ((pino.levels.values[logger.level] ?? Infinity) > info) return null;
  const internals = logger as unknown as PinoInternals;
  const bindings = internals[pino.symbols.chindingsSym];
  const time = internals[pino.symbols.timeSym];
  const stream = internals[pino.symbols.streamSym];
  // The request id is a UUID or a proxy's id of [A-Za-z0-9._-] (request-id.ts) and the method an
  // HTTP token: neither needs escaping. The URL does.
  return (request, requestId, statusCode, responseTime) =>
    stream.write(
      `{"level":${info}${time()}${bindings},"reqId":"${requestId}","req":{"id":"${requestId}","method":"${request.method}","url":${JSON.stringify(request.url)}},"res":{"statusCode":${statusCode}},"responseTime":${milliseconds(responseTime)},"cache":"front","msg":"request completed"}\n`,
    );
}
