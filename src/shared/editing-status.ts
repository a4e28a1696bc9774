/**
 * What an edited thing (a sheet, a page's settings, a collection's order) is to the site, worked
 * out here and nowhere else: the sheet list and its filters, the sheet screen, the editing API and
 * the audit log all read it from this module, so they never disagree.
 */
import { same } from './merge';

/**
 * draft: never on the site; published: the site shows the draft; changed: the draft has changes
 * the site does not show; unpublished: taken off the site, its draft kept.
 */
export type EditableStatus = 'draft' | 'published' | 'changed' | 'unpublished';

/** What the list filters on: a status, a pending schedule, or a choice an editor still has to make. */
export type StatusFilter = EditableStatus | 'scheduled' | 'attention';

export const EDITABLE_STATUSES: readonly EditableStatus[] = ['draft', 'published', 'changed', 'unpublished'];
export const STATUS_FILTERS: readonly StatusFilter[] = [...EDITABLE_STATUSES, 'scheduled', 'attention'];

/**
 * A state's status beside the one the site shows. Once taken off the site it stays unpublished
 * (saved since or not) until published again; a state never on the site is a draft.
 */
export function statusOf(state: unknown, published: unknown, wasOnSite: boolean): EditableStatus {
  if (published !== null && published !== undefined) return same(state, published) ? 'published' : 'changed';
  return wasOnSite ? 'unpublished' : 'draft';
}

/** The status in a word or two, as lists and badges show it. */
export const STATUS_WORDS: Record<StatusFilter, string> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Changed since publish',
  unpublished: 'Unpublished',
  scheduled: 'Scheduled',
  attention: 'Needs attention',
};

/** The status in a sentence, as the sheet screen says it. */
export const STATUS_SENTENCES: Record<EditableStatus, string> = {
  draft: 'A draft: visitors do not see it yet.',
  published: 'Published: visitors see this version.',
  changed: 'Published, with changes visitors do not see yet.',
  unpublished: 'Taken off the site: visitors do not see it.',
};
