/**
 * Makes the read model's site rows from the write side (the site, its languages, topics and
 * collections, the sheet type): what the journal's reader writes (published-reader.ts) when any of
 * them changes, and what a rebuild compares it with.
 */
import type { ContentStore } from '../cms/database';
import { countCollectionItems, listAllCollections, localizeCollection } from '../cms/repositories/collections';
import { findSheetType } from '../cms/repositories/content-types';
import { findSiteById, listActiveLanguages, listSites } from '../cms/repositories/sites';
import { listTopics } from '../cms/repositories/topics';
import type { PublishedCollection, PublishedSite } from './site';

/** Subjects a site row is made from: an entry of one makes every site's row again (there are few). */
export const SITE_SUBJECTS = new Set(['site', 'content-type', 'taxonomy', 'collection', 'collection-item']);

/** Every site's row, by site id. */
export async function makePublishedSites(db: ContentStore): Promise<Map<string, PublishedSite>> {
  const made = new Map<string, PublishedSite>();
  const [sheetType, collections] = await Promise.all([findSheetType(db), listAllCollections(db)]);
  for (const { id } of await listSites(db)) {
    const site = await findSiteById(db, id);
    if (site === undefined) continue;
    const own = collections.filter((collection) => collection.site_id === id).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const languages = await listActiveLanguages(db, id);
    const published: PublishedCollection[] = [];
    for (const collection of own) {
      const texts: PublishedCollection['texts'] = {};
      // The delivery API's languages for a reader of each (delivery-context.ts).
      for (const language of new Set([site.default_language, ...languages]))
        texts[language] = await localizeCollection(db, collection, language === site.default_language ? [language] : [language, site.default_language]);
      // Its title and metadata are read in its texts only.
      const { title: _title, metadata: _metadata, ...fields } = collection;
      published.push({ ...fields, itemCount: await countCollectionItems(db, collection.id), texts });
    }
    made.set(id, { site, languages, topics: await listTopics(db, id), sheetType, collections: published });
  }
  return made;
}
