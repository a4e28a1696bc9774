/** A sheet's old addresses (migration 023): URL names it had, each answering 301 to its current one. */
import type { ContentStore } from '../database';

/** Keeps a name the content leaves as its old address; a name it takes (back) is its current one, not an old one. */
export async function moveAddress(trx: ContentStore, change: { siteId: string; contentId: string; from: string; to: string; at: string }): Promise<void> {
  await trx.deleteFrom('old_addresses').where('site_id', '=', change.siteId).where('url_name', '=', change.to).execute();
  if (change.from === change.to) return;
  await trx
    .insertInto('old_addresses')
    .values({ site_id: change.siteId, url_name: change.from, content_id: change.contentId, created_at: change.at })
    .onConflict((oc) => oc.columns(['site_id', 'url_name']).doUpdateSet({ content_id: change.contentId, created_at: change.at }))
    .execute();
}

/** The content a name was the address of in a site, or undefined. */
export async function findOldAddressOwner(db: ContentStore, siteId: string, urlName: string): Promise<string | undefined> {
  const row = await db.selectFrom('old_addresses').select('content_id').where('site_id', '=', siteId).where('url_name', '=', urlName).executeTakeFirst();
  return row?.content_id;
}

/** A content's old addresses, newest first. */
export async function listOldAddresses(db: ContentStore, contentId: string): Promise<Array<{ urlName: string; since: string }>> {
  const rows = await db
    .selectFrom('old_addresses')
    .select(['url_name', 'created_at'])
    .where('content_id', '=', contentId)
    .orderBy('created_at', 'desc')
    .orderBy('url_name')
    .execute();
  return rows.map((row) => ({ urlName: row.url_name, since: row.created_at }));
}
