/**
 * A question a page asks of the read model (docs/decisions/040): a page of a collection's
 * published sheets, in the collection's order, as a site's grid lists them. The order is the
 * collection's own (its items' positions); each sheet is its row in the read model.
 */
import type { ContentStore } from '../cms/database';
import { countCollectionItems, findCollection } from '../cms/repositories/collections';
import { findSiteByChannelId, findSiteById, listActiveLanguages } from '../cms/repositories/sites';
import type { ChannelOrSite } from '../shared/request-validation';
import { sheetIn, type PublishedSheet } from './published-sheet';

export interface Listing {
  /** The items the collection holds, whether or not each is published in the language. */
  total: number;
  /** The positions read: `limit`, or fewer at the collection's end (a page's tokens count them, not the sheets found). */
  read: number;
  sheets: PublishedSheet[];
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
  const [total, rows] = await Promise.all([
    countCollectionItems(db, collection.id),
    db
      .selectFrom('collection_items')
      .leftJoin('published_sheets', (join) =>
        join.onRef('published_sheets.content_id', '=', 'collection_items.content_id').on('published_sheets.language', 'in', [shown, site.default_language]),
      )
      .select(['collection_items.position', 'published_sheets.language', 'published_sheets.facts'])
      .where('collection_items.collection_id', '=', collection.id)
      .where('collection_items.position', '>=', offset)
      .where('collection_items.position', '<', offset + limit)
      .orderBy('collection_items.position')
      .execute(),
  ]);
  // Each position has its sheet's row in the language, its default language's, or none (not published yet).
  const positions = new Map<number, Array<{ language: string; facts: string }>>();
  for (const { position, language, facts } of rows) {
    const found = positions.get(Number(position)) ?? [];
    if (language !== null && facts !== null) found.push({ language, facts });
    positions.set(Number(position), found);
  }
  return { total, read: positions.size, sheets: [...positions.values()].flatMap((found) => sheetIn(shown, found) ?? []) };
}
