/**
 * What the server's comparison says an import would do, record by record and field by field, and
 * the words the Import screen says it in.
 */
import { fieldName } from '../common/field-names';
import type { AnswerOf, editingApi } from '../../editing-contract/operations';

/** The server's comparison, and its answer to an applied import. */
export type Comparison = AnswerOf<typeof editingApi.importUploads.compare>;
export type PlanEntry = Comparison['plan']['entries'][number];
export type Applied = AnswerOf<typeof editingApi.importUploads.apply>;

export type PlanAction = 'add' | 'change' | 'remove' | 'keep';

/** Why the files cannot be imported, as the server said it, problem by problem. */
export interface ImportProblems {
  message: string;
  problems: string[];
}

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What the editor reads once an import is applied: what it did, and which drafts ask for a choice. */
export function describeApplied(applied: Applied, comparison: Comparison): string {
  const removed = comparison.plan.entries.filter((entry) => entry.action === 'remove').length;
  if (applied.into === 'drafts') {
    const choose =
      applied.needAttention.length > 0
        ? ` ${plural(applied.needAttention.length, 'draft')} had changed the same fields (${applied.needAttention.join('; ')}): each keeps its own, and the sheet asks you to choose.`
        : '';
    return `Imported into drafts: ${applied.summary}${removed > 0 ? `, ${plural(removed, 'sheet')} to leave the collection` : ''}. Review before publish is on, so the site shows none of it yet: each changed draft is waiting for review, and goes on the site once it is approved and published.${choose}`;
  }
  const attention =
    applied.needAttention.length > 0
      ? ` ${plural(applied.needAttention.length, 'sheet')} had a draft that changed the same fields (${applied.needAttention.join('; ')}): the site shows the import’s, each draft keeps its own, and the sheet asks you to choose.`
      : '';
  return `Imported: ${applied.summary}${removed > 0 ? `, ${plural(removed, 'sheet')} taken off the collection` : ''}. The site shows it now.${attention}`;
}

/** Fields of records other than sheets, as the comparison names them. */
const RECORD_FIELDS: Record<string, string> = {
  items: 'Sheets',
  order: 'Order',
  file: 'File',
  'image file': 'Image file',
  name: 'Name',
  languages: 'Languages',
};

/**
 * A field as the comparison names it, as the studio does: a sheet's `translations.de_DE.title` is
 * "Title (German (Germany))"; another record's `de_DE title` the same.
 */
export function planFieldName(field: string): string {
  if (field.includes('.')) return fieldName(field.split('.'));
  const translated = /^([a-z]{2,3}(?:_[A-Z]{2})?)(?: (.+))?$/.exec(field);
  if (translated === null) return RECORD_FIELDS[field] ?? fieldName([field]);
  return fieldName(['translations', translated[1]!, ...(translated[2] === undefined ? [] : [translated[2]])]);
}
