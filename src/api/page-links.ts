/** URLs of neighbouring pages in responses (currentPageUrl, nextPageUrl, previousPageUrl). */
import { withBasePath } from '../shared/links';
import { withQuery } from '../shared/urls';

type QueryValues = Record<string, string | number | boolean | undefined>;

/**
 * Builds page URLs for a path: the same query, with `pageParam` set to the given page; null for no
 * page. Paths carry the site's base path, so a client can follow them as they are.
 */
export function pageUrlBuilder(basePath: string, path: string, query: QueryValues, pageParam: string) {
  return (page: number | null): string | null => (page === null ? null : withBasePath(basePath, withQuery(path, { ...query, [pageParam]: page })));
}
