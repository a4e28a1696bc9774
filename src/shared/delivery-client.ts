/**
 * A typed client for the delivery API, the same in the browser and on the server (spec §7 general
 * rules: GET without a body, same origin with credentials, JSON content type). A failed call
 * raises a FetchError carrying the url, status, status text and the error list (spec §8).
 */
import type { ApiErrorItem } from './errors';
import type { CollectionResponse } from './delivery-types';
import { withBasePath } from './links';
import { siteCollectionPath, withQuery } from './urls';

export class FetchError extends Error {
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly errors: ApiErrorItem[];

  constructor(url: string, status: number, statusText: string, errors: ApiErrorItem[]) {
    super(statusText || `Request failed with status ${status}`);
    this.name = 'FetchError';
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.errors = errors;
  }
}

export interface CollectionPageQuery {
  basePath: string;
  siteId: string;
  collectionKeyOrId: string;
  language?: string;
  pageSize: number;
  pageToken: number;
  signal?: AbortSignal;
}

export function fetchCollectionPage(query: CollectionPageQuery, fetchImpl: typeof fetch = fetch): Promise<CollectionResponse> {
  const path = withQuery(siteCollectionPath(query.siteId, query.collectionKeyOrId), {
    language: query.language,
    pageSize: query.pageSize,
    pageToken: query.pageToken,
  });
  return getJson<CollectionResponse>(withBasePath(query.basePath, path), query.signal, fetchImpl);
}

async function getJson<T>(url: string, signal: AbortSignal | undefined, fetchImpl: typeof fetch): Promise<T> {
  const response = await fetchImpl(url, {
    method: 'GET',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new FetchError(url, response.status, response.statusText, await readErrors(response));
  return (await response.json()) as T;
}

/** spec §7: an error response is read as a list of items, each with message and errorCode. */
async function readErrors(response: Response): Promise<ApiErrorItem[]> {
  try {
    const body: unknown = await response.json();
    if (!Array.isArray(body)) return [];
    return body.filter(
      (item): item is ApiErrorItem => item !== null && typeof item === 'object' && typeof item.errorCode === 'string' && typeof item.message === 'string',
    );
  } catch {
    return [];
  }
}
