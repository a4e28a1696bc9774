/** URLs of neighbouring pages in responses (currentPageUrl, nextPageUrl, previousPageUrl). */
import { withBasePath } from '../shared/links';
import { withQuery } from '../shared/urls';

type QueryValues = Record<string, string | number | boolean | undefined>;

/**
 * Builds page URLs for a path: the same query, with `pageParam` set to the given page; undefined
 * (absent from the answer) for no page: the platform's own adapters read these as optional strings
 * and reject null. Paths carry the site's base path, so a client can follow them as they are.
 */
export function pageUrlBuilder(basePath: string, path: string, query: QueryValues, pageParam: string) {
  return (page: number | null): string | undefined => (page === null ? undefined : withBasePath(basePath, withQuery(path, { ...query, [pageParam]: page })));
}
