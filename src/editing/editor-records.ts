/**
 * What every editing operation of a kind stands on (editor.ts puts them together): a target's
 * view (its draft beside the published state), the check that a named revision is current, the
 * draft, version and original-state records each change writes, and the schema and adapter checks.
 */
import type { ContentStore } from '../cms/database';
import { findDraft, findLatestVersion, findTrashed, insertVersion, listDraftAuthors, saveDraft } from '../cms/repositories/editing';
import { statusOf } from '../shared/editing-status';
import { checkValue } from '../shared/schema/check';
import type { Actor, AuditTarget } from './audit';
import { EditingError, type Attention, type EditableView, type KindAdapter } from './editable';
import { markTranslations, type TextsMade } from './translation-marks';
import { findLatestReview } from '../cms/repositories/reviews';
import { reviewViewOf } from './review-rules';
import { findOpenReleaseOf } from '../cms/repositories/releases';
import { problemAt, problemList } from '../shared/problems';

async function openReleaseOf(db: ContentStore, kind: KindAdapter<unknown>['kind'], targetId: string) {
  const release = await findOpenReleaseOf(db, kind, targetId);
  return release === undefined ? null : { id: release.id, name: release.name };
}

export function createEditorRecords<S>(adapter: KindAdapter<S>) {
  const { kind } = adapter;
  const parse = (json: string) => JSON.parse(json) as S;
  const targetOf = (targetId: string, state: S): AuditTarget => ({ type: adapter.auditType, id: targetId, label: adapter.labelOf(state) });

  async function view(db: ContentStore, targetId: string): Promise<EditableView<S> | null> {
    const [draft, published] = await Promise.all([findDraft(db, kind, targetId), adapter.published(db, targetId)]);
    if (draft === undefined && published === null) return null;
    // Without a draft, the newest version (an import's, say) stands for the revision.
    const revision = draft?.revision ?? (await findLatestVersion(db, kind, targetId))?.number ?? 0;
    const state = draft === undefined ? (published as S) : parse(draft.state);
    return {
      targetId,
      label: adapter.labelOf(state),
      status: statusOf(state, published, draft?.status === 'unpublished'),
      revision,
      draft: state,
      published,
      updatedAt: draft?.updated_at ?? null,
      updatedBy: draft?.updated_by ?? null,
      attention: draft?.attention ? (JSON.parse(draft.attention) as Attention) : null,
      review: await reviewOf(db, targetId, revision, draft?.updated_by ?? null),
      release: await openReleaseOf(db, kind, targetId),
    };
  }

  /** The target's newest review, with who may not decide it (an approval passes on every change in the draft). */
  async function reviewOf(db: ContentStore, targetId: string, revision: number, lastAuthor: string | null) {
    const row = await findLatestReview(db, kind, targetId);
    if (row === undefined) return null;
    const authors = await listDraftAuthors(db, kind, targetId);
    return reviewViewOf(row, revision, lastAuthor === null ? authors : [...authors, lastAuthor]);
  }

  /** The current view for a change: the target must exist and, when a revision is named, be at it. */
  async function current(trx: ContentStore, targetId: string, revision: number | undefined): Promise<EditableView<S>> {
    const found = await view(trx, targetId);
    if (found === null) {
      const trashed = await findTrashed(trx, kind, targetId);
      throw new EditingError(trashed ? `${trashed.label} is in the trash: restore it first` : `There is no ${kind} ${targetId}`, 'not-found');
    }
    if (revision !== undefined && revision !== found.revision) {
      throw new EditingError(
        `${found.label} was changed by ${found.updatedBy ?? 'someone'} since you opened it (revision ${found.revision}, yours ${revision}); nothing was overwritten`,
        'conflict',
        { current: found as EditableView<unknown> },
      );
    }
    return found;
  }

  /** How this kind leaves the site; refused for kinds that cannot. */
  function offSite(label: string): NonNullable<KindAdapter<S>['takeOffSite']> {
    if (adapter.takeOffSite === undefined) throw new EditingError(`${label} cannot be taken off the site or deleted`, 'invalid');
    return adapter.takeOffSite.bind(adapter);
  }

  /**
   * The translations' marks after the working copy changed from `before` (null: not known) to
   * `after` (translation-marks.ts), for kinds with texts in languages.
   */
  async function markTexts(trx: ContentStore, targetId: string, before: S | null, after: S, at: string, made: TextsMade = 'written'): Promise<void> {
    const { textsOf } = adapter;
    if (textsOf === undefined) return;
    await markTranslations(trx, kind, targetId, before === null ? null : textsOf(before), textsOf(after), at, made);
  }

  /**
   * Writes the working copy (it was `before`; null: not known) with what lists filter on: its
   * status beside `published` (the state the site shows once this change is made; `wasOnSite`
   * when it is off a site it was on) and its languages, the fields that need the editor's
   * choice, and its translations' marks (`made`: whether the change wrote its texts or put earlier
   * ones back: translation-marks.ts).
   */
  async function writeDraft(
    trx: ContentStore,
    targetId: string,
    draft: { before: S | null; state: S; published: S | null; wasOnSite: boolean; revision: number; attention: Attention | null; made?: TextsMade },
    actor: Actor,
    at: string,
  ): Promise<void> {
    const { state } = draft;
    await markTexts(trx, targetId, draft.before, state, at, draft.made);
    const languages = adapter.languagesOf?.(state) ?? [];
    await saveDraft(trx, {
      kind,
      target_id: targetId,
      site_id: adapter.siteOf(state),
      label: adapter.labelOf(state),
      state: JSON.stringify(state),
      revision: draft.revision,
      updated_by: actor.label,
      updated_at: at,
      status: statusOf(state, draft.published, draft.wasOnSite),
      languages: languages.length === 0 ? null : ` ${languages.join(' ')} `,
      attention: draft.attention === null ? null : JSON.stringify(draft.attention),
    });
  }

  async function addVersion(
    trx: ContentStore,
    targetId: string,
    event: string,
    state: S,
    actor: Actor,
    at: string,
    auditId: number | null,
    importId: string | null = null,
    /** What the site showed before, when this version changed the site (null: it was not on it). */
    siteBefore?: S | null,
  ) {
    const latest = await findLatestVersion(trx, kind, targetId);
    await insertVersion(trx, {
      kind,
      target_id: targetId,
      number: (latest?.number ?? 0) + 1,
      event,
      state: JSON.stringify(state),
      actor_id: actor.id,
      actor: actor.label,
      created_at: at,
      updated_at: at,
      import_id: importId,
      site_before: siteBefore === undefined ? null : JSON.stringify(siteBefore),
      audit_id: auditId,
    });
  }

  /** A target that was on the site before editing began gets its published state as version 1. */
  async function keepOriginal(trx: ContentStore, found: EditableView<S>, at: string): Promise<void> {
    if (found.published === null || (await findLatestVersion(trx, kind, found.targetId)) !== undefined) return;
    await adapter.keepFiles(trx, found.published);
    await addVersion(trx, found.targetId, 'original', found.published, { id: null, label: 'store' }, at, null);
  }

  async function check(db: ContentStore, state: unknown, currentState: S, doing = 'saved'): Promise<S> {
    const checked = checkValue<S>(adapter.schema, state, `(${kind})`);
    const fixed = adapter.fixed.flatMap((field) =>
      checked.value[field] === currentState[field] ? [] : [problemAt(field, `cannot change (it was ${JSON.stringify(currentState[field])})`)],
    );
    const problems = checked.problems.length > 0 ? checked.problems : [...fixed, ...(await adapter.problems(db, checked.value, currentState))];
    if (problems.length > 0) throw new EditingError(`The ${kind} cannot be ${doing}: ${problemList(problems)}`, 'invalid', { problems });
    return adapter.normalize?.(checked.value) ?? checked.value;
  }

  return { adapter, kind, parse, targetOf, view, current, offSite, markTexts, writeDraft, addVersion, keepOriginal, check };
}

export type EditorRecords<S> = ReturnType<typeof createEditorRecords<S>>;
