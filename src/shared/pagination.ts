/**
 * Collection page tokens (spec §3.4, §4.2). A token is the zero-based index of a page.
 */

export interface PageTokens {
  pageToken: number;
  nextPageToken: number | null;
  previousPageToken: number | null;
}

export interface PageResult {
  /** The token of the page that was fetched. */
  pageToken: number;
  pageSize: number;
  /** How many items that page returned. */
  itemCount: number;
  /** How many items the whole collection holds. */
  total: number;
  /**
   * Whether the server said a next page exists (its nextPageUrl). It counts the collection's
   * positions, so a page one record short (a record left out: docs/content-format.md, "Limits")
   * does not end the paging.
   */
  serverHasNext?: boolean;
}

/**
 * spec §4.2: the next token is null when fewer than pageSize items came back (unless the server
 * said there is a next page), or when (pageToken + 1) × pageSize equals total; otherwise pageToken + 1.
 */
export function nextPageTokenOf({ pageToken, pageSize, itemCount, total, serverHasNext = false }: PageResult): number | null {
  if (itemCount < pageSize && !serverHasNext) return null;
  if ((pageToken + 1) * pageSize === total) return null;
  return pageToken + 1;
}

/** spec §4.2: the previous token is null at 0, otherwise pageToken − 1. */
export function previousPageTokenOf(pageToken: number): number | null {
  return pageToken === 0 ? null : pageToken - 1;
}

export function pageTokensOf(result: PageResult): PageTokens {
  return {
    pageToken: result.pageToken,
    nextPageToken: nextPageTokenOf(result),
    previousPageToken: previousPageTokenOf(result.pageToken),
  };
}

/** The items a page covers: [offset, offset + pageSize). */
export function pageOffset(pageToken: number, pageSize: number): number {
  return pageToken * pageSize;
}
