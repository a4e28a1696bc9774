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
}

/**
 * spec §4.2: the next token is null when fewer than pageSize items came back, or when
 * (pageToken + 1) × pageSize equals total; otherwise pageToken + 1.
 */
export function nextPageTokenOf({ pageToken, pageSize, itemCount, total }: PageResult): number | null {
  if (itemCount < pageSize) return null;
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
