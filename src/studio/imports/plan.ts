/**
 * What the server's comparison says an import would do, record by record and field by field, and
 * the words the Import screen says it in.
 */
import { fieldName } from '../common/field-names';

export type PlanAction = 'add' | 'change' | 'remove' | 'keep';

export interface PlanEntry {
  action: PlanAction;
  kind: string;
  record: string;
  fields: Array<{ field: string; before: string | null; after: string | null }>;
  sheetId?: string;
  /** A sheet with a draft: what the import carries into it, and what the draft changed itself. */
  draft?: { carried: string[]; conflicts: string[] };
}

export interface Comparison {
  source: 'csv' | 'folder';
  files: string[];
  plan: { entries: PlanEntry[]; summary: string; live: string[]; intoDrafts: boolean; notes: string[] };
  digest: string;
  collectionKey: string | null;
}

/** Why the files cannot be imported, as the server said it, problem by problem. */
export interface ImportProblems {
  message: string;
  problems: string[];
}

/** The server's answer to an applied import. */
export interface Applied {
  importId: string;
  summary: string;
  needAttention: string[];
  /** drafts: review before publish is on, and the changes went into the sheets' drafts, each put up for review. */
  into: 'site' | 'drafts';
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
