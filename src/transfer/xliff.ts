/**
 * XLIFF, the file translators' tools read and write (docs/editing.md, "Translation round trip";
 * docs/translators.md): what a file holds, as this project writes it (xliff-write.ts) and reads it
 * back (xliff-read.ts). Both go through a real XML parser and serializer (xml-js); no XML is made
 * by joining strings.
 *
 * A unit is known by its id, `sheet.<id>.<field>` or `page.<name>.<key>` (translation-units.ts).
 * A tool that renumbers units (po2xliff does) keeps the id as the unit's location, which the
 * reader takes instead.
 */

/** 1.2 first: it is the default, the version most translators' tools read (translate-toolkit 3.8 reads no 2.0). */
export const XLIFF_VERSIONS = ['1.2', '2.0'] as const;
export type XliffVersion = (typeof XLIFF_VERSIONS)[number];
export const DEFAULT_XLIFF_VERSION: XliffVersion = '1.2';

/** Big enough for every text of thousands of sheets; anything past it is refused unread. */
export const MAX_XLIFF_BYTES = 20 * 1024 * 1024;

export interface UnitOut {
  id: string;
  source: string;
  /** The translation as it is, when there is one. */
  target?: string;
  /** Whether that translation is right for the source (false: outdated); XLIFF 1.2 says so as `approved`. */
  approved?: boolean;
  /** For the translator (and the import: the export's id): what the text is, where, whether it is outdated. */
  notes: string[];
}

/** What a file holds: units in groups (a sheet's, a page's), each group a <file> of the document. */
export interface XliffOut {
  /** BCP 47 (en-US), as XLIFF names languages. */
  sourceLanguage: string;
  targetLanguage: string;
  groups: Array<{ id: string; units: UnitOut[] }>;
}

export interface UnitIn {
  /** Our unit id, from the unit's id or its location; null when it has neither (not a unit of ours). */
  id: string | null;
  /** The unit's id as the file has it. */
  name: string;
  /** The source, its segments joined. */
  source: string;
  /** The translation, its segments joined; null: no translation in it (or not in every segment). */
  target: string | null;
  /**
   * Why the file says the translation is not done yet, if it does: its state (`new`,
   * `needs-translation` in 1.2, `initial` in 2.0), or `not approved` (1.x `approved="no"`: a PO
   * file's fuzzy entry). A tool that copies the source into every target marks those so.
   */
  unfinished: string | null;
  /** The unit's notes, as written (translate-toolkit joins a unit's developer notes into one, by lines). */
  notes: string[];
  /** Why it cannot be read as plain text (markup a tool put in it), if so. */
  problem?: string;
}

export interface XliffIn {
  version: string;
  sourceLanguage: string | null;
  targetLanguage: string | null;
  units: UnitIn[];
}

/** A file that is not XLIFF, or not one that can be read. */
export class XliffError extends Error {
  override name = 'XliffError';
}
