/**
 * A translated file merged into the drafts text by text, three ways (docs/editing.md, "Translation
 * round trip"): the base is the translation the export sent, ours the draft's now, theirs the
 * file's. The rule is the studio's own for drafts (shared/merge.ts): a text only the file changed
 * takes the file's, a text only the studio changed since the export keeps the draft's, and a text
 * both changed differently is a conflict the editor settles. When the store does not know what was
 * sent (the file names no export it has), every text the draft has is taken as changed in the studio:
 * the file's differing text is a conflict, never written over a correction unseen.
 */
import { mergeDrafts } from '../shared/merge';
import type { UnitPlace } from './translation-units';

export interface TranslationChange extends UnitPlace {
  /** The unit's id as the file has it. */
  unit: string;
  /** The sheet's title, the page's path. */
  label: string;
  before: string | null;
  after: string;
}

export interface TranslationConflict extends UnitPlace {
  /** The text's unit id (`sheet.<id>.<field>`), which the editor's choice names. */
  unit: string;
  label: string;
  /** What the export sent: null when it sent none, or when the store does not know (`exportKnown` false). */
  exported: string | null;
  exportKnown: boolean;
  /** The draft's text now; null when it has none. */
  ours: string | null;
  /** The file's. */
  theirs: string;
}

/** One unit of the file that could be taken: its place, and the three texts. */
export interface MergeCandidate {
  unit: string;
  id: string;
  place: UnitPlace;
  label: string;
  theirs: string;
  /** undefined: the store does not know what the export sent. */
  base: string | null | undefined;
  ours: string | null;
}

export interface MergedTranslations {
  changes: TranslationChange[];
  conflicts: TranslationConflict[];
  /** The file's text is the draft's already. */
  unchanged: number;
  /** Changed in the studio since the export, and not by the file: the draft's stays. */
  kept: number;
}

// Tools may trim a text or write its line ends as CRLF: neither is a change.
export const sameText = (a: string, b: string) => a.replace(/\r\n?/g, '\n').trim() === b.replace(/\r\n?/g, '\n').trim();

export function mergeTranslations(candidates: MergeCandidate[]): MergedTranslations {
  const merged: MergedTranslations = { changes: [], conflicts: [], unchanged: 0, kept: 0 };
  for (const group of byTarget(candidates)) mergeTarget(group, merged);
  return merged;
}

function byTarget(candidates: MergeCandidate[]): MergeCandidate[][] {
  const groups = new Map<string, MergeCandidate[]>();
  for (const candidate of candidates) {
    const key = `${candidate.place.kind}.${candidate.place.target}`;
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  return [...groups.values()];
}

/** One sheet's or page's texts, merged as the studio merges a draft: by field. */
function mergeTarget(candidates: MergeCandidate[], into: MergedTranslations): void {
  const record = (text: (candidate: MergeCandidate) => string | null) =>
    Object.fromEntries(candidates.map((candidate) => [candidate.place.field, text(candidate)]));
  // A file's text that differs from another only as tools change texts is that text.
  const theirsOf = (candidate: MergeCandidate) =>
    candidate.ours !== null && sameText(candidate.theirs, candidate.ours)
      ? candidate.ours
      : typeof candidate.base === 'string' && sameText(candidate.theirs, candidate.base)
        ? candidate.base
        : candidate.theirs;
  const base = record((candidate) => candidate.base ?? null);
  const ours = record((candidate) => candidate.ours);
  const theirs = record(theirsOf);
  const { merged, conflicts } = mergeDrafts(base, ours, theirs);
  const conflicting = new Set(conflicts.map((conflict) => conflict.path[0]));
  for (const candidate of candidates) {
    const { field } = candidate.place;
    const [mine, other] = [ours[field] ?? null, theirs[field]!];
    if (conflicting.has(field))
      into.conflicts.push({
        ...candidate.place,
        unit: candidate.id,
        label: candidate.label,
        exported: candidate.base ?? null,
        exportKnown: candidate.base !== undefined,
        ours: mine,
        theirs: other,
      });
    else if (mine === other) into.unchanged += 1;
    else if (merged[field] === other) into.changes.push({ ...candidate.place, unit: candidate.unit, label: candidate.label, before: mine, after: other });
    else into.kept += 1;
  }
}
