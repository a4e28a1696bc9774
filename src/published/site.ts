/**
 * A site's settings as the read model keeps them (docs/decisions/040): what every page and
 * delivery call reads before any content, in one row per site (`published_sites`), made by
 * site-facts.ts and read here, one function per question: the site the public pages show, the site
 * a call names, a collection of it.
 */
import type { ContentStore } from '../cms/database';
import type { Collection, LocalizedCollection } from '../cms/repositories/collections';
import type { Site } from '../cms/repositories/sites';
import type { ContentType } from '../content-model/definition';
import type { Topic } from '../shared/topics';

export interface PublishedCollection extends Omit<Collection, 'title' | 'metadata'> {
  /** How many items it holds (its positions run from 0 without gaps). */
  itemCount: number;
  /** Its title and metadata for a reader of each of the site's languages: that language's, else the default's, else its own. */
  texts: Record<string, LocalizedCollection>;
}

export interface PublishedSite {
  site: Site;
  /** The languages it has on, in the site's order. */
  languages: string[];
  /** Its topics, in their order. */
  topics: Topic[];
  /** The literature sheet's type as the store defines it (the shipped definition while it has none). */
  sheetType: ContentType;
  collections: PublishedCollection[];
}

/** How a call names a site: by its id, its channel's or its community's. */
export interface SiteName {
  kind: 'site' | 'channel' | 'community';
  id: string;
}

// The facts as the reader wrote them: JSON.stringify of a PublishedSite (published-reader.ts).
const read = (row: { facts: string } | undefined): PublishedSite | undefined => (row === undefined ? undefined : (JSON.parse(row.facts) as PublishedSite));

/** The site the public pages show: the first one created (one process serves one site). */
export async function primarySite(db: ContentStore): Promise<PublishedSite | undefined> {
  return read(await db.selectFrom('published_sites').select('facts').orderBy('created_at').orderBy('site_id').limit(1).executeTakeFirst());
}

const COLUMNS = { site: 'site_id', channel: 'channel_id', community: 'community_id' } as const;

/** The site a call names, if there is one. */
export async function siteOf(db: ContentStore, { kind, id }: SiteName): Promise<PublishedSite | undefined> {
  return read(await db.selectFrom('published_sites').select('facts').where(COLUMNS[kind], '=', id).orderBy('site_id').limit(1).executeTakeFirst());
}

/** A collection's title and metadata for a reader of one of its site's languages. */
export const collectionText = (collection: PublishedCollection, language: string): LocalizedCollection =>
  collection.texts[language] ?? Object.values(collection.texts)[0] ?? { title: '', metadata: {}, language };

/** A collection of the site by its key or id (the first by id if both name one). */
export function collectionOf({ collections }: Pick<PublishedSite, 'collections'>, keyOrId: string): PublishedCollection | undefined {
  return collections.find((collection) => collection.collection_key === keyOrId || collection.id === keyOrId);
}
