/**
 * The questions a page asks of the read model about sheets, one function each (docs/decisions/040):
 * which sheet an address shows, which sheets a list of ids names, which the sitemap lists, where an
 * old address went, a sheet's topics and its related sheets. They read what the journal's reader wrote (published-reader.ts) and nothing
 * of the write side.
 */
import { sql } from 'kysely';
import type { ContentStore } from '../cms/database';
import { findOldAddressOwner } from '../cms/repositories/old-addresses';
import { contentIn, type PublishedContent } from './published-content';

/** Shown sheets' rows in `language` or their site's default language, for contentIn to choose from. */
function inOrByDefault(db: ContentStore, language: string) {
  return db
    .selectFrom('published_contents')
    .select(['content_id', 'language', 'facts'])
    .where('shown', '=', 1)
    .where((eb) =>
      eb.or([
        eb('language', '=', language),
        eb('language', '=', eb.selectFrom('sites').select('sites.default_language').whereRef('sites.id', '=', 'published_contents.site_id')),
      ]),
    );
}

/** The published sheet of a site at a URL name, in a page language. */
export async function sheetAt(db: ContentStore, siteId: string, language: string, urlName: string): Promise<PublishedContent | undefined> {
  const rows = await inOrByDefault(db, language).where('site_id', '=', siteId).where('url_name', '=', urlName).orderBy('content_id').execute();
  return contentIn(
    language,
    rows.filter((row) => row.content_id === rows[0]?.content_id),
  );
}

/** The published sheets among `ids`, in a page language, in the order of `ids`. */
export async function sheetsOf(db: ContentStore, language: string, ids: readonly string[]): Promise<PublishedContent[]> {
  if (ids.length === 0) return [];
  const rows = await inOrByDefault(db, language)
    .where('content_id', 'in', [...ids])
    .execute();
  return ids.flatMap(
    (id) =>
      contentIn(
        language,
        rows.filter((row) => row.content_id === id),
      ) ?? [],
  );
}

/** The URL names of a site's published sheets that search engines may index (the sitemap's), by URL name. */
export async function indexedSheetNames(db: ContentStore, siteId: string, language: string): Promise<string[]> {
  const rows = await db
    .selectFrom('published_contents')
    .select('url_name')
    .where('site_id', '=', siteId)
    .where('language', '=', language)
    .where('shown', '=', 1)
    .where('indexed', '=', 1)
    .orderBy('url_name')
    .orderBy('content_id')
    .execute();
  return rows.map((row) => row.url_name);
}

/** The URL name of the published sheet an old address of the site leads to, if it leads elsewhere. */
export async function movedFrom(db: ContentStore, siteId: string, oldName: string): Promise<string | undefined> {
  const owner = await findOldAddressOwner(db, siteId, oldName);
  if (owner === undefined) return undefined;
  const row = await db.selectFrom('published_contents').select('url_name').where('content_id', '=', owner).where('shown', '=', 1).limit(1).executeTakeFirst();
  return row === undefined || row.url_name === oldName ? undefined : row.url_name;
}

/** A sheet's topics on its site, by slug (its primary text's). */
export async function topicsOfSheet(db: ContentStore, contentId: string): Promise<string[]> {
  const rows = await db.selectFrom('published_topics').select('topic').where('content_id', '=', contentId).orderBy('topic').execute();
  return rows.map((row) => row.topic);
}

/** Sheets of a topic weighed for a sheet's related sheets, at most (the first by id). */
const RELATED_CANDIDATES = 500;

/**
 * Up to `limit` other sheets of the site sharing the most of `topics` with a sheet, as ids: ties in
 * collection order, then by id. Of a topic of more than RELATED_CANDIDATES sheets, only its first
 * (by id) are weighed.
 */
export async function relatedSheetIds(db: ContentStore, siteId: string, contentId: string, topics: readonly string[], limit: number): Promise<string[]> {
  if (topics.length === 0) return [];
  const weighed = sql.join(
    topics.map(
      (topic) =>
        sql`SELECT * FROM (SELECT content_id FROM published_topics WHERE site_id = ${siteId} AND topic = ${topic} AND content_id <> ${contentId} ORDER BY content_id LIMIT ${RELATED_CANDIDATES}) AS c`,
    ),
    sql` UNION ALL `,
  );
  const { rows } = await sql<{ content_id: string }>`
    SELECT t.content_id FROM (${weighed}) AS t
    GROUP BY t.content_id
    ORDER BY count(*) DESC, (SELECT min(ci.position) FROM collection_items ci WHERE ci.content_id = t.content_id), t.content_id
    LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.content_id);
}
