/**
 * The CDN's purges as a reader of the change journal (docs/decisions/037, 038): each entry names
 * the surrogate keys of the answers that show what it changed, which go into the purge outbox
 * (outbox.ts) in the transaction that moves the reader's cursor; the sender purges them.
 *
 * What each subject purges (the keys, src/shared/cdn-keys.ts):
 *   content, seo     s-{id}, list, and c- of every collection listing the sheet
 *   address          s-{id}
 *   collection(-item) c-{collection}
 *   image            m-{content id};  document  d-{asset id}
 *   page             p-{name};        topic     t-{slug} (which sheets have a topic: a topic page, related sheets)
 *   site, content-type, taxonomy     all
 * A sheet taken out of a collection in the same change names that collection itself (its
 * collection-item entry), so the collections a sheet is in are read as they are now.
 */
import type { ContentStore } from '../cms/database';
import type { JournalReader } from '../cms/journal-readers';
import type { JournalEntry } from '../cms/repositories/journal';
import { ALL, cdnKeys, CONTENT_LISTS } from '../shared/cdn-keys';
import { listCollectionsListing, queueKeys } from './outbox';

/** The keys a journal's entries purge. */
export async function keysOfEntries(db: ContentStore, entries: readonly JournalEntry[]): Promise<string[]> {
  const keys = new Set<string>();
  const sheets = new Set<string>();
  for (const { subject, target } of entries) {
    switch (subject) {
      case 'content':
      case 'seo':
        sheets.add(target);
        keys.add(cdnKeys.sheet(target)).add(CONTENT_LISTS);
        break;
      case 'address':
        keys.add(cdnKeys.sheet(target));
        break;
      case 'collection':
      case 'collection-item':
        keys.add(cdnKeys.collection(target));
        break;
      case 'image':
        keys.add(cdnKeys.image(target));
        break;
      case 'document':
        keys.add(cdnKeys.document(target));
        break;
      case 'page':
        keys.add(cdnKeys.page(target));
        break;
      case 'topic':
        keys.add(cdnKeys.topic(target));
        break;
      case 'site':
      case 'content-type':
      case 'taxonomy':
        keys.add(ALL);
        break;
      default:
      // Events, the index's own entries, synonyms (searches are never kept by a CDN): no answer to purge.
    }
  }
  for (const collectionId of await listCollectionsListing(db, [...sheets])) keys.add(cdnKeys.collection(collectionId));
  return [...keys].sort();
}

export const purgeReader: JournalReader = {
  name: 'cdn',
  batch: 2000,
  // A listing shows its facet counts from the search index, and its cards and a sheet's page from
  // the read model, which the index follows: purged before both have the change, a page could be
  // fetched again without it and kept so.
  follows: 'search',
  async apply(trx, entries) {
    await queueKeys(trx, await keysOfEntries(trx, entries), new Date());
  },
};
