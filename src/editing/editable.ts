/**
 * The life of anything editors edit (a sheet, a collection's order, a page's settings): a working
 * copy (the draft) beside the published state, saves that fold into versions, publish, unpublish,
 * delete to the trash and back, and restoring any version as the new draft. One engine for every
 * kind; what differs (how a state is read from and written to the public tables) comes from the
 * kind's adapter.
 *
 * Every operation is one transaction that takes the editing lock first, so two editors (or an
 * editor and the scheduler) never interleave, and writes its version and its audit entry in the
 * same transaction. A change names the revision it started from; a stale one is refused with the
 * current state, and nothing is overwritten.
 */
import type { TSchema } from 'typebox';
import type { ContentStore } from '../cms/database';
import { retryWhileContended } from '../cms/store-guard';
import { takeLock } from '../cms/repositories/locks';
import { asChange } from '../cms/change-context';
import type { EditableKind, ReviewState } from '../cms/schema';
import type { EditableStatus } from '../shared/editing-status';
import { canonicalJson, type FieldConflict } from '../shared/merge';
import type { Actor, AuditTarget } from './audit';
import type { TranslatedTexts } from './translation-marks';
import { type Problem } from '../shared/problems';

export type { EditableStatus };

/** Saves by one editor to one target within this long of the version's first save are one version. */
export const FOLD_WINDOW_MS = 10 * 60_000;

export interface KindAdapter<S> {
  kind: EditableKind;
  auditType: AuditTarget['type'];
  schema: TSchema;
  /** The state on the site now, or null when it is not published. */
  published(db: ContentStore, targetId: string): Promise<S | null>;
  /**
   * Writes a state to the public tables; `previous` is what was published (null: nothing). A kind
   * that puts on the site something other than the state as given (an order over the sheets the
   * collection has now) answers what it put, which becomes the draft.
   */
  putOnSite(trx: ContentStore, state: S, previous: S | null, at: string, dates?: SiteDates): Promise<S | void>;
  /** Takes a state off the site; kinds without it (a page, an order) cannot be unpublished or deleted. */
  takeOffSite?(trx: ContentStore, state: S): Promise<void>;
  /** Fields that never change once the target exists: how the site, the API and links know it. */
  fixed: ReadonlyArray<keyof S & string>;
  /** Makes sure the files a state names are kept (blobs), before it goes into a version or the trash. */
  keepFiles(trx: ContentStore, state: S): Promise<void>;
  /** What a state must have to go on the site, beyond what a draft needs (alternative text). */
  readiness?(db: ContentStore, state: S): Promise<Problem[]>;
  /** Values the store keeps unique that a state would take from another target (checked whenever it goes on the site). */
  clashes?(db: ContentStore, state: S): Promise<Problem[]>;
  /** Problems the schema cannot see (links, files that must exist, the kind's own rules). */
  problems(db: ContentStore, state: S, current: S): Promise<Problem[]>;
  /** The one form of a state that can be written more than one way (an empty list and none), as the published state reads back; none: as it came. */
  normalize?: (state: S) => S;
  labelOf(state: S): string;
  /** Its texts in the primary language and in each translation, which translations' outdated marks follow; none when the kind has no languages. */
  textsOf?(state: S): TranslatedTexts;
  /** The languages a state has texts in (lists filter on them); none when the kind has no languages. */
  languagesOf?(state: S): string[];
  siteOf(state: S): string;
}

/**
 * Fields a change to the site (an import) changed while the draft had changed them too: the
 * draft keeps its own until the editor chooses, and cannot be published over them before.
 */
export interface Attention {
  /** What changed the site: "import imp-20261126-3f9a0c1b". */
  source: string;
  by: string;
  at: string;
  /** Each field with the draft's value (ours), the site's (theirs), and what the site had before the change that collided (base). */
  conflicts: Array<FieldConflict & { base?: unknown }>;
  /** The change went into the draft, not on the site (an import while review before publish is on): theirs is what it would make the field. */
  into?: 'draft';
}

export interface EditableView<S> {
  targetId: string;
  label: string;
  /**
   * draft: never on the site; published: the site shows the draft; changed: the draft has changes
   * the site does not show; unpublished: taken off the site, its draft kept.
   */
  status: EditableStatus;
  /** Name it when changing: a change from an older revision is refused. */
  revision: number;
  draft: S;
  published: S | null;
  updatedAt: string | null;
  updatedBy: string | null;
  /** Fields for the editor to choose between (the sheet "needs attention"), or null. */
  attention: Attention | null;
  /** Its newest review (editor-reviews.ts), or null when none was asked for. */
  review: ReviewView | null;
  /** The open release it is in (releases.ts): it is published with it, never alone. */
  release: { id: string; name: string } | null;
}

/** A review of a draft: who asked, at which revision, and who decided what. */
export interface ReviewView {
  state: ReviewState;
  /** The draft's revision it is of. */
  revision: number;
  /** Whether it is of the draft as it is now: an approval counts only then. */
  current: boolean;
  requestedBy: string;
  requestedAt: string;
  note: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  /** Why it was rejected. */
  comment: string | null;
  /** Who may not decide it: the one who asked, and everyone whose change is in the draft since the site last changed. */
  authors: string[];
}

/**
 * Dates a change from elsewhere carries (an import from another store or from the platform), so
 * that the site answers with them as the source did; without them, a change is dated now.
 */
export interface SiteDates {
  updatedAt: string;
  /** Each language's publication date. */
  publishedAt: Record<string, string>;
}

export type EditingFailure = 'not-found' | 'conflict' | 'invalid' | 'not-published' | 'exists' | 'not-approved' | 'forbidden';

/** A change that cannot be made as asked; nothing was changed. */
export class EditingError extends Error {
  constructor(
    message: string,
    readonly reason: EditingFailure,
    /** `later`: what changed since, kept; `undoable`: how many of the rest an undo keeping them would still undo. */
    readonly details: { problems?: Problem[]; current?: EditableView<unknown>; later?: unknown[]; undoable?: number } = {},
  ) {
    super(message);
    this.name = 'EditingError';
  }
}

/**
 * One change behind the editing lock, in one transaction; tried again while another process
 * writes (a command-line import between its steps), so editors wait their turn. The journal names
 * what it changes by `changeId` (a new id, unless it is a step of a change of many: an import's).
 */
export function editingChange<T>(db: ContentStore, run: (trx: ContentStore) => Promise<T>, changeId?: string): Promise<T> {
  return retryWhileContended(() =>
    db.transaction().execute(async (trx) => {
      await takeLock(trx, 'editing');
      return asChange(trx, () => run(trx), changeId);
    }),
  );
}

/**
 * Runs `run` in a transaction that is always rolled back, and answers what it answered: a preview
 * puts drafts on the site there, renders, and nothing of it is ever committed or seen by anyone else.
 */
export async function rolledBack<T>(db: ContentStore, run: (trx: ContentStore) => Promise<T>): Promise<T> {
  try {
    await db.transaction().execute(async (trx) => {
      throw new RolledBack(await run(trx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the transaction always rolls back');
}

/** Carries the result out of the transaction it rolls back. */
class RolledBack {
  constructor(readonly value: unknown) {}
}

export interface VersionSummary {
  number: number;
  event: string;
  actor: string;
  createdAt: string;
  updatedAt: string;
  importId: string | null;
}

export interface FieldChange {
  /** Where in the state, e.g. `translations.de_DE.title`. */
  field: string;
  before: unknown;
  after: unknown;
}

/** The leaves of two states that differ, by their place. */
export function compareStates(before: unknown, after: unknown, place = ''): FieldChange[] {
  const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
  if (isObject(before) && isObject(after)) {
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return names.flatMap((name) => compareStates(before[name], after[name], place === '' ? name : `${place}.${name}`));
  }
  return canonicalJson(before) === canonicalJson(after) ? [] : [{ field: place, before: before ?? null, after: after ?? null }];
}

export interface SaveOptions {
  now?: Date;
  event?: string;
  /** Runs first in the save's transaction (an upload stores its bytes): nothing of it stays if the save fails. */
  within?: (trx: ContentStore) => Promise<void>;
  /** The editor chose for every field that needed attention: the sheet no longer does. */
  settles?: boolean;
}

/** A change made to the site outside the editor: what the site shows after it, and whose it is. */
export interface SiteChange<S> {
  after: S;
  event: string;
  actor: Actor;
  at: Date;
  auditId: number | null;
  /** The import (or other change of many targets) it is part of. */
  changeId: string | null;
  /** Carry what it changed into the target's draft (an import), or leave the draft as it is (undo of a publish). */
  carry: boolean;
  /** What made it, for the editor: "import imp-…". */
  source: string;
  /** The dates it carries from where it came from, if any. */
  dates?: SiteDates;
  /** It puts back a target its own change took off the site (an undo that failed half-way, taken back). */
  returns?: boolean;
}

/** A change made to a target's draft outside the editor (an import while review before publish is on): what it did to it, and whose it is. */
export interface DraftChange<S> extends Omit<SiteChange<S>, 'carry' | 'dates' | 'returns'> {
  /** The state the change was worked out from (the site's, for an import; null: it adds the target). */
  base: S | null;
  /** Choices this change settles (an undo taking back the import that asked them): each field, with the value the import offered. */
  settles?: Array<{ path: string[]; theirs: unknown }>;
}
