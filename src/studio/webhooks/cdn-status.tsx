/**
 * Whether the CDN's purges go through (GET /cdn): a warning on every studio screen while the CDN
 * refuses them (a publish then shows on the site only once it accepts them again), and the
 * backlog in full on the Webhooks screen.
 */
import type { StudioContext } from '../common/api';
import { useAnswer } from '../common/parts';
import { editingApi, type AnswerOf } from '../../editing-contract/operations';

type PurgeBacklog = AnswerOf<typeof editingApi.cdn.backlog>;

const keysIn = (count: number) => (count === 1 ? '1 key' : `${count} keys`);

/** The warning, asked for again on each move between screens; nothing while purges go through. */
export function CdnWarning({ context, path }: { context: StudioContext; path: string }) {
  const { answer } = useAnswer(context, { operation: editingApi.cdn.backlog }, 0, path);
  if (answer === null || !answer.configured || answer.failing === null) return null;
  return (
    <p className="studio-warning" role="status">
      The CDN refuses its purges ({answer.failing.lastError ?? 'no reason given'}): visitors behind it may see pages from before the last changes until it
      accepts them. They are sent again by themselves.
    </p>
  );
}

/**
 * Since when the oldest key waits. A failing key is a waiting one, so the time is there whenever the
 * warning shows; without it the sentence ends sooner, rather than say the render's own time.
 */
const oldestSince = ({ oldestQueuedAt }: PurgeBacklog) => (oldestQueuedAt === null ? '' : `, the oldest since ${new Date(oldestQueuedAt).toLocaleString()}`);

export function CdnBacklog({ backlog }: { backlog: PurgeBacklog }) {
  return (
    <div className="studio-panel">
      <h2>CDN purges</h2>
      {!backlog.configured ? (
        <p className="studio-hint">
          No CDN is purged: set CDN_VARNISH_URLS, or the Fastly or Cloudflare settings (docs/operations.md), to cache pages for hours.
        </p>
      ) : backlog.failing !== null ? (
        <p className="studio-warning">
          {keysIn(backlog.failing.keys)} could not be purged ({backlog.failing.attempts} tries so far; the CDN said: {backlog.failing.lastError ?? 'nothing'}).{' '}
          {backlog.queued} waiting in all{oldestSince(backlog)}.
        </p>
      ) : (
        <p className="studio-hint">{backlog.queued === 0 ? 'Every change has been purged from the CDN.' : `${keysIn(backlog.queued)} being purged now.`}</p>
      )}
    </div>
  );
}
