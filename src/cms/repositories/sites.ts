import type { ContentStore } from '../database';
import type { SitesTable } from '../schema';

export type Site = SitesTable;

export async function findSiteById(db: ContentStore, siteId: string): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
}

export async function findSiteByChannelId(db: ContentStore, channelId: string): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
}

export async function findSiteByCommunityId(db: ContentStore, communityId: string): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().where('community_id', '=', communityId).executeTakeFirst();
}

/** The site the public pages show: the first one created (one process serves one site). */
export async function findPrimarySite(db: ContentStore): Promise<Site | undefined> {
  return db.selectFrom('sites').selectAll().orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

/** Active languages of a site, default first. */
export async function listActiveLanguages(db: ContentStore, siteId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('site_languages')
    .select('language')
    .where('site_id', '=', siteId)
    .where('is_active', '=', 1)
    .orderBy('position')
    .orderBy('language')
    .execute();
  return rows.map((row) => row.language);
}

export async function countSites(db: ContentStore): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
