/**
 * A kind on the site by the editor's hand: publishing a draft, taking it off, undoing the last
 * publish (a change to the site like an import's: editor-site-changes.ts), and the preview that
 * puts a draft on the site in a transaction it rolls back.
 */
import type { ContentStore } from '../cms/database';
import { findLastSiteChange } from '../cms/repositories/editing';
import { recordChange, type Actor } from './audit';
import { editingChange, EditingError, rolledBack, type EditableView } from './editable';
import type { EditorRecords } from './editor-records';
import type { SiteChangeOperations } from './editor-site-changes';
import { readReviewPolicy } from '../cms/repositories/reviews';
import { publishingBlock } from './review-rules';
import { findOpenReleaseOf } from '../cms/repositories/releases';
import { tellWebhooks } from '../webhooks/events';
import { problemAt, problemList } from '../shared/problems';

export function publishingOperations<S>(records: EditorRecords<S>, { applySiteChange, takeOffSiteChange }: SiteChangeOperations<S>) {
  const { adapter, kind, targetOf, view, current, offSite, writeDraft, addVersion, keepOriginal, check } = records;

  /** Tells the webhooks that want it (`sheet.published`, …) what the site now shows, in the change's transaction. */
  const tell = (trx: ContentStore, change: 'published' | 'unpublished', targetId: string, state: S, actor: Actor, now: Date, release?: string) =>
    tellWebhooks(
      trx,
      `${kind}.${change}`,
      { [kind]: { id: targetId, label: adapter.labelOf(state), siteId: adapter.siteOf(state) }, actor: actor.label, ...(release ? { release } : {}) },
      now,
    );

  /** Puts the draft on the site, atomically. Answers null when the site already shows it (nothing to do). */
  async function publish(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<EditableView<S> | null> {
    return editingChange(db, (trx) => publishIn(trx, targetId, revision, actor, now));
  }

  async function publishIn(
    trx: ContentStore,
    targetId: string,
    revision: number | undefined,
    actor: Actor,
    now: Date,
    /** The release it is published by (releases.ts): its id goes on the version, and the draft's lock is that release's. */
    release?: string,
  ): Promise<EditableView<S> | null> {
    const found = await current(trx, targetId, revision);
    if (found.attention !== null) throw needsChoice(found);
    if (found.status === 'published') return null;
    const held = await findOpenReleaseOf(trx, kind, targetId);
    if (held !== undefined && held.id !== release)
      throw new EditingError(`${found.label} is in the release “${held.name}”: publish the release, or take it out of the release first`, 'conflict');
    const unapproved = publishingBlock(await readReviewPolicy(trx), kind, found);
    if (unapproved !== null) throw new EditingError(unapproved, 'not-approved', { problems: [problemAt(null, unapproved)] });
    const at = now.toISOString();
    await keepOriginal(trx, found, at);
    await adapter.keepFiles(trx, found.draft);
    const missing = (await adapter.readiness?.(trx, found.draft)) ?? [];
    if (missing.length > 0) throw new EditingError(`${found.label} cannot be published yet: ${problemList(missing)}`, 'invalid', { problems: missing });
    // Checked again: what held when it was saved (a name free in the site) may not hold now.
    await check(trx, found.draft, found.published ?? found.draft, 'published');
    const put = (await adapter.putOnSite(trx, found.draft, found.published, at)) ?? found.draft;
    await writeDraft(
      trx,
      targetId,
      { before: found.draft, state: put, published: put, wasOnSite: false, revision: found.revision + 1, attention: null },
      actor,
      at,
    );
    const auditId = await recordChange(trx, {
      actor,
      action: `${kind}.publish`,
      target: targetOf(targetId, found.draft),
      before: found.published ?? undefined,
      after: put,
      at: now,
    });
    await addVersion(trx, targetId, 'publish', put, actor, at, auditId, release ?? null, found.published);
    await tell(trx, 'published', targetId, put, actor, now, release);
    return (await view(trx, targetId))!;
  }

  /** Takes it off the site; the draft stays, to be published again. */
  async function unpublish(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<EditableView<S>> {
    return editingChange(db, (trx) => unpublishIn(trx, targetId, revision, actor, now));
  }

  async function unpublishIn(trx: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now: Date): Promise<EditableView<S>> {
    const found = await current(trx, targetId, revision);
    if (found.published === null) throw new EditingError(`${found.label} is not on the site`, 'not-published');
    const takeOffSite = offSite(found.label);
    const at = now.toISOString();
    await keepOriginal(trx, found, at);
    await adapter.keepFiles(trx, found.published);
    await adapter.keepFiles(trx, found.draft);
    await takeOffSite(trx, found.published);
    await writeDraft(
      trx,
      targetId,
      { before: found.draft, state: found.draft, published: null, wasOnSite: true, revision: found.revision + 1, attention: found.attention },
      actor,
      at,
    );
    const auditId = await recordChange(trx, { actor, action: `${kind}.unpublish`, target: targetOf(targetId, found.draft), before: found.published, at: now });
    await addVersion(trx, targetId, 'unpublish', found.published, actor, at, auditId, null, found.published);
    await tell(trx, 'unpublished', targetId, found.published, actor, now);
    return (await view(trx, targetId))!;
  }

  /**
   * Undoes the target's last publish: the site shows again what it showed before (or nothing,
   * when that publish first put it there); the draft stays as it is. Refused when something else
   * changed the site since that publish (an import, an unpublish), naming it.
   */
  async function undoPublish(db: ContentStore, targetId: string, revision: number | undefined, actor: Actor, now = new Date()): Promise<EditableView<S>> {
    return editingChange(db, (trx) => undoPublishIn(trx, targetId, revision, actor, now));
  }

  /**
   * undoPublish, in a transaction of the caller's; with `release`, only a publish by that release
   * is undone (its undo is one change of many: releases.ts).
   */
  async function undoPublishIn(
    trx: ContentStore,
    targetId: string,
    revision: number | undefined,
    actor: Actor,
    now: Date,
    release?: string,
  ): Promise<EditableView<S>> {
    const found = await current(trx, targetId, revision);
    const last = await findLastSiteChange(trx, kind, targetId);
    const byThat = release === undefined || last?.import_id === release;
    if (last === undefined || last.event !== 'publish' || found.published === null || !byThat)
      throw new EditingError(
        last === undefined || found.published === null
          ? `${found.label} has no publish to undo`
          : `The site changed since ${found.label} was ${release === undefined ? 'last published' : 'published by the release'} (${last.event} by ${last.actor}): only its last publish can be undone`,
        'invalid',
      );
    const before = JSON.parse(last.site_before!) as S | null;
    const auditId = await recordChange(trx, {
      actor,
      action: `${kind}.undo-publish`,
      target: targetOf(targetId, found.draft),
      before: found.published,
      after: before ?? undefined,
      at: now,
    });
    const change = {
      event: 'undo-publish',
      actor,
      at: now,
      auditId,
      changeId: release ?? null,
      source: release === undefined ? 'undo of a publish' : `undo of release ${release}`,
    };
    if (before === null) await takeOffSiteChange(trx, targetId, change);
    else await applySiteChange(trx, targetId, { ...change, after: before, carry: false });
    if (before === null) await tell(trx, 'unpublished', targetId, found.published, actor, now);
    else await tell(trx, 'published', targetId, before, actor, now);
    return (await view(trx, targetId))!;
  }

  /** Whether undoPublish would take something back: the site shows the target, and its last change to the site was a publish. */
  const canUndoPublish = async (db: ContentStore, targetId: string, found: EditableView<S>) =>
    found.published !== null && (await findLastSiteChange(db, kind, targetId))?.event === 'publish';

  return { publish, publishIn, unpublish, unpublishIn, undoPublish, undoPublishIn, canUndoPublish };
}

/** The preview: the draft put on the site in a transaction that is rolled back. */
export function previewOperations<S>({ adapter, kind, view }: EditorRecords<S>) {
  /** Puts the draft on the site in the caller's transaction, which the caller rolls back (a preview of many drafts together: releases.ts). */
  async function applyForPreview(trx: ContentStore, targetId: string): Promise<EditableView<S>> {
    const found = await view(trx, targetId);
    if (found === null) throw new EditingError(`There is no ${kind} ${targetId}`, 'not-found');
    if (found.status !== 'published') await adapter.putOnSite(trx, found.draft, found.published, new Date().toISOString());
    return found;
  }

  /**
   * Runs `render` in a transaction where the draft is on the site, then rolls it back: the real
   * pipeline renders the draft, and nothing of it is ever committed or seen by anyone else.
   */
  async function preview<T>(db: ContentStore, targetId: string, render: (trx: ContentStore, found: EditableView<S>) => Promise<T>): Promise<T> {
    return rolledBack(db, async (trx) => render(trx, await applyForPreview(trx, targetId)));
  }

  return { applyForPreview, preview };
}

/** The refusal of a publish over fields the editor has not chosen on yet. */
function needsChoice(found: EditableView<unknown>): EditingError {
  const { attention } = found;
  const problems = (attention?.conflicts ?? []).map((conflict) =>
    problemAt(conflict.path.join('.'), `the ${attention!.source} changed it on the site while your draft changed it too; choose which to keep`),
  );
  return new EditingError(`${found.label} needs attention before it is published: ${problemList(problems)}`, 'invalid', { problems });
}
