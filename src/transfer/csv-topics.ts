/**
 * The `topics` column of the sheets CSV (docs/content-format.md, "CSV"): a sheet's topic slugs
 * separated by `;`, in the order given, each once. A sheet's topics are the sheet's, not a
 * language's: any of its rows may give them, and rows that give them give the same.
 */
import { MAX_SHEET_TOPICS, MAX_TOPIC_SLUG, notTopics, TOPIC_SLUG } from '../shared/topics';

export interface CsvTopics {
  /** The line that gave them, for problems found later (a slug the site does not have). */
  line: number;
  slugs: string[];
}

/** The longest slug a sheet's state and body accept (shared/topics.ts, SheetTopicsSchema). */

/** A row's topics, or null when its cell gives none or gives some that cannot be topics (then said in `problems`). */
export function readTopicsCell(cell: string, line: number, problems: string[]): CsvTopics | null {
  // Spaces around a slug are a spreadsheet's habit, and `cvd;ald;` a harmless one: both read as meant.
  const slugs = [...new Set(cell.split(';').map((piece) => piece.trim()))].filter((slug) => slug !== '');
  if (slugs.length === 0) return null;
  const at = `line ${line}, topics`;
  const malformed = slugs.filter((slug) => slug.length > MAX_TOPIC_SLUG || !TOPIC_SLUG.test(slug));
  for (const slug of malformed)
    problems.push(`${at}: "${slug}" is not a topic slug (lower-case letters and digits joined by single hyphens, e.g. cvd or gas-cabinet)`);
  if (slugs.length > MAX_SHEET_TOPICS) problems.push(`${at}: a sheet has at most ${MAX_SHEET_TOPICS} topics; this row gives ${slugs.length}`);
  return malformed.length > 0 || slugs.length > MAX_SHEET_TOPICS ? null : { line, slugs };
}

/** Topics the site's taxonomy does not have, by the line that gives them (the editing model refuses them too, editing/sheets.ts). */
export function unknownTopicProblems(given: Array<CsvTopics | null>, taxonomy: ReadonlySet<string>): string[] {
  return given.flatMap((topics) => {
    const unknown = topics?.slugs.filter((slug) => !taxonomy.has(slug)) ?? [];
    if (topics === null || unknown.length === 0) return [];
    return [`line ${topics.line}, topics: ${notTopics(unknown)} of the site${taxonomy.size === 0 ? ' (it has no topics yet)' : ''}`];
  });
}
