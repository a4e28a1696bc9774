/**
 * A question a page and the delivery API ask of the read model (docs/decisions/040): a page of a
 * collection's published contents (sheets, or any other type), in the collection's order, as a
 * site's grid and the collection items call list them. The order is the collection's own (its
 * items' positions); each content is its row in the read model.
 */
import type { ContentStore } from '../cms/database';
import { countCollectionItems, findCollection } from '../cms/repositories/collections';
import { findSiteByChannelId, findSiteById, listActiveLanguages } from '../cms/repositories/sites';
import type { ChannelOrSite } from '../shared/request-validation';
import { contentIn, type PublishedContent } from './published-content';

export interface Listing {
  /** The items the collection holds, whether or not each is published in the language. */
  total: number;
  /** The positions read: `limit`, or fewer at the collection's end (a page's tokens count them, not the sheets found). */
  read: number;
  contents: PublishedContent[];
}

/**
 * The sheets at positions [offset, offset + limit) of a site's collection (by key or id) in a
 * language (the site's default one when the site has not that language on); undefined when the
 * site or the collection is not there.
 */
export async function listingOf(
  db: ContentStore,
  target: ChannelOrSite,
  collectionKeyOrId: string,
  language: string,
  offset: number,
  limit: number,
): Promise<Listing | undefined> {
  const site = target.kind === 'site' ? await findSiteById(db, target.id) : await findSiteByChannelId(db, target.id);
  const collection = site === undefined ? undefined : await findCollection(db, site.id, collectionKeyOrId);
  if (site === undefined || collection === undefined) return undefined;
  const shown = (await listActiveLanguages(db, site.id)).includes(language) ? language : site.default_language;
  return listingIn(db, { collectionId: collection.id, language: shown, defaultLanguage: site.default_language }, offset, limit);
}

/** Where a listing is read: a collection, the language (one the site has on) and the site's default language. */
export interface ListingPlace {
  collectionId: string;
  language: string;
  defaultLanguage: string;
}

/** The contents at positions [offset, offset + limit) of a collection, read in a language of its site. */
export async function listingIn(db: ContentStore, { collectionId, language, defaultLanguage }: ListingPlace, offset: number, limit: number): Promise<Listing> {
  const [total, rows] = await Promise.all([
    countCollectionItems(db, collectionId),
    db
      .selectFrom('collection_items')
      .leftJoin('published_contents', (join) =>
        join.onRef('published_contents.content_id', '=', 'collection_items.content_id').on('published_contents.language', 'in', [language, defaultLanguage]),
      )
      .select(['collection_items.position', 'published_contents.language', 'published_contents.facts'])
      .where('collection_items.collection_id', '=', collectionId)
      .where('collection_items.position', '>=', offset)
      .where('collection_items.position', '<', offset + limit)
      .orderBy('collection_items.position')
      .execute(),
  ]);
  // Each position has its content's row in the language, its default language's, or none (not published yet).
  const positions = new Map<number, Array<{ language: string; facts: string }>>();
  for (const row of rows) {
    const found = positions.get(Number(row.position)) ?? [];
    if (row.language !== null && row.facts !== null) found.push({ language: row.language, facts: row.facts });
    positions.set(Number(row.position), found);
  }
  return { total, read: positions.size, contents: [...positions.values()].flatMap((found) => contentIn(language, found) ?? []) };
}
