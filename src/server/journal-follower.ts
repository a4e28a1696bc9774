/**
 * Follows the change journal in every serving process (docs/decisions/038): its readers (the
 * read model, the search index, the CDN's purge outbox, the webhooks' deliveries) read what changed, in that order,
 * after each change this process makes (services.ts, announceChange: before the change is
 * answered) and every JOURNAL_CHECK_MS, for changes made elsewhere (another process, the command line,
 * an operator's SQL). A visitor's request never does their work.
 */
import type { FastifyInstance } from 'fastify';
import type { OpenStore } from '../cms/database';
import { catchUp, type JournalReader } from '../cms/journal-readers';
import { readJournalHead } from '../cms/repositories/journal';
import { oneRunAtATime } from '../shared/one-run-at-a-time';
import { purgeReader } from '../cdn/purge-reader';
import { searchIndexReader } from '../search/index-reader';
import { publishedReader } from '../published/published-reader';
import { webhookEventReader } from '../webhooks/event-reader';

/**
 * The journal's readers, in the order they read: the read model first, then the search index
 * (whose facet counts and results show beside its rows), so the purges the index adds (a topic's
 * sheets) go out with the change's own, and a purged page is fetched again from rows that have it.
 */
export const JOURNAL_READERS: readonly JournalReader[] = [publishedReader, searchIndexReader, purgeReader, webhookEventReader];

/**
 * Reads what the journal holds now with every reader, in a process that is not a server (a
 * command that changed content): its changes are searchable, and queued for the CDN and webhooks,
 * when it ends. Answers the readers held elsewhere (another process reads for them).
 */
export async function readJournalOnce(store: Pick<OpenStore, 'db' | 'dialect'>): Promise<string[]> {
  const held = new Set<string>();
  await inPasses(store, JOURNAL_READERS, async (reader) => {
    if (!(await catchUp(store, reader))) held.add(reader.name);
  });
  return [...held];
}

/** Passes over the readers, at most. */
const MAX_PASSES = 3;

/**
 * Reads with each reader in turn, and again while a pass journaled entries of its own (the read
 * model's count, the index's topics): a reader that follows another reads those only once that
 * one has, in the next pass. A second pass journals nothing more (a reader's own entries change
 * nothing it reads from); the bound is a guard.
 */
async function inPasses(store: Pick<OpenStore, 'db'>, readers: readonly JournalReader[], read: (reader: JournalReader) => Promise<void>): Promise<void> {
  // A store that cannot say its head (it is down) gets one pass: the readers say why they fail.
  const head = () => readJournalHead(store.db).catch(() => undefined);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const before = await head();
    for (const reader of readers) await read(reader);
    const after = await head();
    if (before === undefined || after === before) return;
  }
}

/** How often a reader that keeps failing is logged. */
const FAILURE_SAID_EVERY_MS = 60_000;

export interface JournalFollower {
  /** Reads what the journal holds now, every reader in turn; settled when each has read it (or could not: logged). */
  catchUp(): Promise<void>;
}

/** `everyMs`: how often the journal is looked at for changes made elsewhere (JOURNAL_CHECK_MS). */
export function followJournal(
  app: FastifyInstance,
  store: Pick<OpenStore, 'db' | 'dialect' | 'changeToken'>,
  { everyMs, readers = JOURNAL_READERS }: { everyMs: number; readers?: readonly JournalReader[] },
): JournalFollower {
  /** The store's change token when the readers last caught up: while it stays, nothing new can be there. */
  let readAt: string | undefined;
  /** When each failing reader's failure was last logged: a reader that keeps failing is said once a minute, not every look. */
  const failingSaid = new Map<string, number>();
  const run = oneRunAtATime(async () => {
    const token = safeToken(store);
    let failed = false;
    await inPasses(store, readers, async (reader) => {
      try {
        if (!(await catchUp(store, reader))) app.log.warn({ reader: reader.name }, 'the change journal’s reader is held by another process; it reads on');
        failingSaid.delete(reader.name);
      } catch (error) {
        // Read again at the next look (a batch is applied whole or not at all); the other readers read on.
        failed = true;
        if (Date.now() - (failingSaid.get(reader.name) ?? -Infinity) >= FAILURE_SAID_EVERY_MS) {
          failingSaid.set(reader.name, Date.now());
          app.log.error({ err: error, reader: reader.name }, 'the change journal’s reader failed; it reads again at the next look');
        }
      }
    });
    if (!failed) readAt = token;
  });
  const timer = setInterval(() => {
    const token = safeToken(store);
    if (token === undefined || token !== readAt) void run();
  }, everyMs);
  timer.unref();
  // What changed while no server ran is read before the first request.
  app.addHook('onReady', () => run());
  app.addHook('onClose', async () => clearInterval(timer));
  return { catchUp: run };
}

/** The store's change token, or undefined when it is not known or the store is down. */
function safeToken(store: Pick<OpenStore, 'changeToken'>): string | undefined {
  try {
    return store.changeToken();
  } catch {
    return undefined;
  }
}
