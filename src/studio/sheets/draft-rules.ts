/**
 * The rules a sheet's draft follows, as pure functions (use-sheet-draft.ts applies them): what a
 * save sends, when the draft on screen is unsaved, and how the editor's choice between two changes
 * of the same fields is applied.
 */
import type { SheetState, SheetView } from '../common/api';
import { same, takeFrom, type FieldConflict } from '../../shared/merge';
import type { ContentType } from '../../content-model/definition';
import { unreadValues, withValuesRead } from '../../content-model/sheet-values';
import { EDITOR_NUMBERS } from './editor-numbers';

/**
 * What is sent: a translation without a title cannot be saved yet (every language needs one), so
 * a language being added stays on screen until it has its title; each value of the type's fields
 * is written the one way its kind writes it (a CAS number hyphenated, a list from its text, a
 * number as its language writes it), as the server asks, while the field on screen keeps what was
 * typed. A value that does not read is not sent: its place keeps what `saved` has (the server's
 * draft), so the rest of the sheet saves while the field says what is wrong (unsentValues).
 */
export function sendable(draft: SheetState, type: ContentType | null, saved?: SheetState): SheetState {
  const translations = Object.fromEntries(
    Object.entries(draft.translations).filter(([language, texts]) => language === draft.primaryLanguage || (texts.title ?? '').trim() !== ''),
  );
  const sent = { ...draft, translations };
  return type === null ? sent : withValuesRead(type, sent, { shared: EDITOR_NUMBERS, saved });
}

/** Whether what is on screen differs from what the server has, but for values that do not read (sent as saved). */
export function differsFromSaved(draft: SheetState | null, view: SheetView | null, type: ContentType | null): boolean {
  return draft !== null && view !== null && !same(sendable(draft, type, view.draft), sendable(view.draft, type));
}

/** The values on screen that do not read and so are not sent, by place (`values.density`), with why. */
export function unsentValues(draft: SheetState | null, type: ContentType | null): Array<{ place: string; problems: string[] }> {
  return draft === null || type === null ? [] : unreadValues(type, draft, EDITOR_NUMBERS);
}

/**
 * Whether a language being added has text typed in it: it is not sent until it has its title
 * (sendable), so leaving now would lose that text.
 */
export function hasUnsentTranslation(draft: SheetState | null): boolean {
  const waiting = draft === null ? [] : Object.values(draft.translations).filter((texts) => (texts.title ?? '').trim() === '');
  const typed = (texts: (typeof waiting)[number]) =>
    `${texts.description ?? ''}${texts.url ?? ''}${texts.imageAlt ?? ''}`.trim() !== '' ||
    Object.values(texts.extra ?? {}).some((value) => (typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null));
  return waiting.some(typed);
}

/** The draft with the editor's choice for each field both changed: theirs where asked (by index), ours otherwise. */
export function withChoices(draft: SheetState, conflicts: FieldConflict[], theirs: unknown, takeTheirs: Set<number>): SheetState {
  let resolved = draft;
  conflicts.forEach((field, index) => {
    if (takeTheirs.has(index)) resolved = takeFrom(resolved, theirs, field.path);
  });
  return resolved;
}

/** An error's words, as the save state shows them. */
export const errorWords = (error: unknown): string => (error instanceof Error ? error.message : String(error));
