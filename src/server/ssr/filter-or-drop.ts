/**
 * Author markup that reaches a page (a record's custom head tags, a page's rich text) is read by
 * filters made to survive any input (src/shared/head-tags.ts, src/shared/sanitize-html.ts). Should
 * one throw all the same, only that field is lost: its markup is dropped and a line logged, and the
 * page renders without it rather than answering 500 to everyone (issue 34).
 */
import type { Logger } from './load-page-data';

/** `filter()`, or `dropped` with a warning naming `field` when the filter throws. */
export function filterOrDrop<T>(field: string, filter: () => T, dropped: T, log: Logger): T {
  try {
    return filter();
  } catch (error) {
    log.warn(`${field} left out of the page: its filter failed (${error instanceof Error ? error.message : String(error)})`);
    return dropped;
  }
}
