/**
 * The questions a page asks of the read model about sheets, one function each (docs/decisions/040):
 * which sheet an address shows, which sheets a list of ids names, which the sitemap lists, where an
 * old address went. They read what the journal's reader wrote (published-reader.ts) and nothing
 * of the write side.
 */
import type { ContentStore } from '../cms/database';
import { findOldAddressOwner } from '../cms/repositories/old-addresses';
import { sheetIn, type PublishedSheet } from './published-sheet';

/** Rows in `language` or their site's default language, for sheetIn to choose from. */
function inOrByDefault(db: ContentStore, language: string) {
  return db
    .selectFrom('published_sheets')
    .select(['content_id', 'language', 'facts'])
    .where((eb) =>
      eb.or([
        eb('language', '=', language),
        eb('language', '=', eb.selectFrom('sites').select('sites.default_language').whereRef('sites.id', '=', 'published_sheets.site_id')),
      ]),
    );
}

/** The published sheet of a site at a URL name, in a page language. */
export async function sheetAt(db: ContentStore, siteId: string, language: string, urlName: string): Promise<PublishedSheet | undefined> {
  const rows = await inOrByDefault(db, language).where('site_id', '=', siteId).where('url_name', '=', urlName).orderBy('content_id').execute();
  return sheetIn(
    language,
    rows.filter((row) => row.content_id === rows[0]?.content_id),
  );
}

/** The published sheets among `ids`, in a page language, in the order of `ids`. */
export async function sheetsOf(db: ContentStore, language: string, ids: readonly string[]): Promise<PublishedSheet[]> {
  if (ids.length === 0) return [];
  const rows = await inOrByDefault(db, language)
    .where('content_id', 'in', [...ids])
    .execute();
  return ids.flatMap(
    (id) =>
      sheetIn(
        language,
        rows.filter((row) => row.content_id === id),
      ) ?? [],
  );
}

/** The URL names of a site's published sheets that search engines may index (the sitemap's), by URL name. */
export async function indexedSheetNames(db: ContentStore, siteId: string, language: string): Promise<string[]> {
  const rows = await db
    .selectFrom('published_sheets')
    .select('url_name')
    .where('site_id', '=', siteId)
    .where('language', '=', language)
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
  const row = await db.selectFrom('published_sheets').select('url_name').where('content_id', '=', owner).limit(1).executeTakeFirst();
  return row === undefined || row.url_name === oldName ? undefined : row.url_name;
}
