/**
 * The questions the delivery API's content calls ask of the read model (docs/decisions/040), one
 * function each: one content of a site by key or id, a site's contents with some keys, and a
 * filtered page of a site's contents, newest first, with their count. Every content type (sheets,
 * images, any other), each as a reader of one of the site's languages sees it.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ContentStore } from '../cms/database';
import { contentIn, type PublishedContent } from './published-content';

/** Where contents are read: a site, the language (one the site has on) and the site's default language. */
export interface ReadingPlace {
  siteId: string;
  language: string;
  defaultLanguage: string;
}

/** What a page of contents may be narrowed by: every part given must hold. */
export interface ContentFilter {
  contentKeys?: string[];
  ids?: string[];
  types?: string[];
  urlNames?: string[];
  /** Only contents of the site's collection with this URL name or title. */
  collectionName?: string;
  /** Only contents whose ids this subquery answers (a search's, search/search-query.ts). */
  matching?: RawBuilder<{ content_id: string }>;
  /** The primary translation published on or after, on or before (ISO dates). */
  publishedFrom?: string;
  publishedTo?: string;
}

/** Rows of a site's contents in the place's language or its default one, for contentIn to choose from. */
function rowsIn(db: ContentStore, { siteId, language, defaultLanguage }: ReadingPlace) {
  return db
    .selectFrom('published_contents')
    .select(['content_id', 'language', 'facts'])
    .where('site_id', '=', siteId)
    .where('language', 'in', [language, defaultLanguage]);
}

/** Each content among the rows, as the place's reader sees it, in the order of `ids`. */
function contentsOf(
  place: ReadingPlace,
  ids: readonly string[],
  rows: ReadonlyArray<{ content_id: string; language: string; facts: string }>,
): PublishedContent[] {
  const byContent = new Map<string, Array<{ language: string; facts: string }>>();
  for (const row of rows) byContent.set(row.content_id, [...(byContent.get(row.content_id) ?? []), row]);
  return ids.flatMap((id) => contentIn(place.language, byContent.get(id) ?? []) ?? []);
}

/** One content of the site by its content key or its managed content id (the first by id if both name one). */
export async function contentByKeyOrId(db: ContentStore, place: ReadingPlace, keyOrId: string): Promise<PublishedContent | undefined> {
  const rows = await rowsIn(db, place)
    .where((eb) => eb.or([eb('content_key', '=', keyOrId), eb('content_id', '=', keyOrId)]))
    .orderBy('content_id')
    .execute();
  const first = rows[0]?.content_id;
  return first === undefined ? undefined : contentsOf(place, [first], rows)[0];
}

/** The site's contents with these keys, by key. */
export async function contentsByKeys(db: ContentStore, place: ReadingPlace, keys: readonly string[]): Promise<PublishedContent[]> {
  if (keys.length === 0) return [];
  const rows = await rowsIn(db, place)
    .where('content_key', 'in', [...keys])
    .orderBy('content_key')
    .orderBy('content_id')
    .execute();
  return contentsOf(place, [...new Set(rows.map((row) => row.content_id))], rows);
}

/**
 * The site's contents a filter keeps, one row each (its default language's: every content has
 * one), among those with a primary translation: what the content calls list and count.
 */
function filtered(db: ContentStore, place: ReadingPlace, filter: ContentFilter) {
  let query = db
    .selectFrom('published_contents')
    .where('published_contents.site_id', '=', place.siteId)
    .where('published_contents.language', '=', place.defaultLanguage)
    .where('published_contents.primary_published_at', 'is not', null);
  if (filter.contentKeys) query = query.where('published_contents.content_key', 'in', filter.contentKeys);
  if (filter.ids) query = query.where('published_contents.content_id', 'in', filter.ids);
  if (filter.types) query = query.where('published_contents.content_type', 'in', filter.types);
  if (filter.urlNames) query = query.where('published_contents.url_name', 'in', filter.urlNames);
  if (filter.publishedFrom) query = query.where('published_contents.primary_published_at', '>=', filter.publishedFrom);
  if (filter.publishedTo) query = query.where('published_contents.primary_published_at', '<=', filter.publishedTo);
  if (filter.matching) query = query.where(sql<boolean>`${sql.ref('published_contents.content_id')} in (${filter.matching})`);
  const collectionName = filter.collectionName;
  if (collectionName !== undefined)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('collection_items')
          .innerJoin('collections', 'collections.id', 'collection_items.collection_id')
          .select('collection_items.content_id')
          .whereRef('collection_items.content_id', '=', 'published_contents.content_id')
          .where('collections.site_id', '=', place.siteId)
          .where((inner) => inner.or([inner('collections.url_name', '=', collectionName), inner('collections.title', '=', collectionName)])),
      ),
    );
  return query;
}

/** The contents a filter keeps at [offset, offset + limit), last changed first (ties by id). */
export async function contentsPage(db: ContentStore, place: ReadingPlace, filter: ContentFilter, offset: number, limit: number): Promise<PublishedContent[]> {
  const page = await filtered(db, place, filter)
    .select('published_contents.content_id')
    .orderBy('published_contents.updated_at', 'desc')
    .orderBy('published_contents.content_id')
    .limit(limit)
    .offset(offset)
    .execute();
  const ids = page.map((row) => row.content_id);
  if (ids.length === 0) return [];
  return contentsOf(place, ids, await rowsIn(db, place).where('content_id', 'in', ids).execute());
}

/** How many contents a filter keeps. */
export async function countContents(db: ContentStore, place: ReadingPlace, filter: ContentFilter): Promise<number> {
  const row = await filtered(db, place, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
