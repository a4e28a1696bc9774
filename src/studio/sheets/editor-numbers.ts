/**
 * How the studio's sheet form shows and reads numbers (issue 60): a field per language's as its
 * language writes them ("1,726" in German), a shared field's as the editor's own language does,
 * which is the browser's first: how the editor reads and types numbers.
 */
import { numberStyleOf, type NumberStyle } from '../../content-model/numbers';

/** The editor's language: the browser's first, else English (a test runner has no browser). */
export const EDITOR_LANGUAGE: string = (typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language)) || 'en-US';

/** How the editor writes the numbers of the fields every language shares. */
export const EDITOR_NUMBERS: NumberStyle | null = numberStyleOf(EDITOR_LANGUAGE);
