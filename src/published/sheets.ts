/**
 * The questions a page asks of the read model about sheets, one function each (docs/decisions/040):
 * which sheet an address shows, which sheets a list of ids names, which the sitemap lists, where an
 * old address went. They
 * read what the journal's reader wrote (published-reader.ts) and nothing of the write side.
 */
import type { ContentStore } from '../cms/database';
import { findOldAddressOwner } from '../cms/repositories/old-addresses';
import { sheetOfFacts, type PublishedSheet } from './published-sheet';

/** The published sheet of a site at a URL name, in a page language. */
export async function sheetAt(db: ContentStore, siteId: string, language: string, urlName: string): Promise<PublishedSheet | undefined> {
  const row = await db
    .selectFrom('published_sheets')
    .select('facts')
    .where('site_id', '=', siteId)
    .where('url_name', '=', urlName)
    .where('language', '=', language)
    .orderBy('content_id')
    .executeTakeFirst();
  return row === undefined ? undefined : sheetOfFacts(row.facts);
}

/** The published sheets among `ids`, in a page language, in the order of `ids`. */
export async function sheetsOf(db: ContentStore, language: string, ids: readonly string[]): Promise<PublishedSheet[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('published_sheets')
    .select(['content_id', 'facts'])
    .where('language', '=', language)
    .where('content_id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.content_id, row.facts]));
  return ids.flatMap((id) => {
    const facts = byId.get(id);
    return facts === undefined ? [] : [sheetOfFacts(facts)];
  });
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
