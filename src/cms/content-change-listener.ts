/**
 * PostgreSQL: one connection per process LISTENs for the content change announcements (migration
 * 006) and counts them. The count is the process's change token: while it stands still, no content
 * changed, and the cached content version is still the store's. While the connection is down the
 * token is unknown (callers then ask the store), and reconnecting counts as a change, since
 * announcements made meanwhile were missed.
 */
import type pg from 'pg';
import { CONTENT_CHANGE_CHANNEL } from './migrations/006-content-change-notify';

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 5000;

export class ContentChangeListener {
  private changes = 0;
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(private readonly connectionString: string) {
    void this.connect();
  }

  /** Changes seen so far, or undefined while not listening. */
  token(): number | undefined {
    return this.listening ? this.changes : undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const { default: driver } = await import('pg');
    if (this.closed) return;
    const client = new driver.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 2000 });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.listening = false;
      void client.end().catch(() => undefined);
      this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
      this.retryTimer.unref();
      this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => {
      this.changes += 1;
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONTENT_CHANGE_CHANNEL}`);
      if (this.client !== client) return;
      this.changes += 1;
      this.listening = true;
      this.retryMs = RETRY_MIN_MS;
    } catch {
      lost();
    }
  }
}
