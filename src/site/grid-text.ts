/**
 * The words a grid says itself, in the page's language, as the page's boot data brings them to the
 * browser (ui-text.ts holds every language's, on the server); {name} marks a number put in.
 */
export interface GridText {
  /** A card's accessible name: {position}, counted from 1 (spec §2.3). */
  item: string;
  loading: string;
  previousPage: string;
  nextPage: string;
  /** The standard paginator's status: {page} of {pages}. */
  pageStatus: string;
  pages: string;
}

/** A text of GridText with its numbers put in. */
export const fillIn = (template: string, numbers: Record<string, number>): string =>
  template.replace(/\{(\w+)\}/g, (slot, name: string) => String(numbers[name] ?? slot));
