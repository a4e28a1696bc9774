/**
 * The access log: one line per request, written once it is answered, by a background writer.
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
 * Where log lines go: standard output, written by pino's background writer (SonicBoom), never
 * while a response waits. Lines are gathered here and handed over as one buffer per batch: the
 * writer given one string per line measures its whole pending text again on every line, which
 * cost more than building the line (and one write call per line would cost more still). What is
 * still gathered is handed over when the process exits, before the writer's own final flush.
 */
export function logDestination(fd = 1): { write(line: string): void } {
  let lines: string[] = [];
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const writer = pino.destination({ dest: fd, sync: false, contentMode: 'buffer', minLength: 0, maxWrite: 4 * BATCH_BYTES }) as unknown as BufferWriter;
  const handOver = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const batch = Buffer.from(lines.join(''));
    lines = [];
    bytes = 0;
    if (writer.destroyed) writeSync(fd, batch);
    else writer.write(batch);
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

/** SonicBoom in buffer mode (its types only know strings). */
interface BufferWriter {
  write(batch: Buffer): boolean;
  destroyed: boolean;
}

/**
 * Each destination's hand-over, run as the process ends: registered before any writer is made, so
 * it runs before the writers' own exit handlers, which then write what it handed over. Held
 * weakly, as pino holds its writers, so apps built and dropped (tests) leave nothing behind.
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
