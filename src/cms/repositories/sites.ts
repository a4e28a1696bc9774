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

export interface SiteRecord {
  id: string;
  name: string;
  urlName: string;
  channelId: string;
  communityId: string;
  defaultLanguage: string;
  /** In menu order; the default language is added first when missing. */
  languages: Array<{ language: string; active: boolean }>;
  createdAt: string;
}

/** Creates or updates a site by id, with its languages (replaced as a whole). */
export async function saveSite(db: ContentStore, site: SiteRecord): Promise<void> {
  const row = {
    id: site.id,
    name: site.name,
    url_name: site.urlName,
    channel_id: site.channelId,
    community_id: site.communityId,
    default_language: site.defaultLanguage,
    created_at: site.createdAt,
  };
  await db
    .insertInto('sites')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: row.name, url_name: row.url_name, default_language: row.default_language }))
    .execute();
  await db.deleteFrom('site_languages').where('site_id', '=', site.id).execute();
  const languages = site.languages.some((entry) => entry.language === site.defaultLanguage)
    ? site.languages
    : [{ language: site.defaultLanguage, active: true }, ...site.languages];
  await db
    .insertInto('site_languages')
    .values(languages.map((entry, position) => ({ site_id: site.id, language: entry.language, is_active: entry.active ? 1 : 0, position })))
    .execute();
}

/** Every site with its languages, by id. */
export async function listSites(db: ContentStore): Promise<SiteRecord[]> {
  const [sites, languages] = await Promise.all([
    db.selectFrom('sites').selectAll().orderBy('id').execute(),
    db.selectFrom('site_languages').selectAll().orderBy('site_id').orderBy('position').orderBy('language').execute(),
  ]);
  return sites.map((site) => ({
    id: site.id,
    name: site.name,
    urlName: site.url_name,
    channelId: site.channel_id,
    communityId: site.community_id,
    defaultLanguage: site.default_language,
    languages: languages.filter((row) => row.site_id === site.id).map((row) => ({ language: row.language, active: Number(row.is_active) === 1 })),
    createdAt: site.created_at,
  }));
}
