/** Shared preview links (migration 011): kept by the digest of their token, until they expire. */
import type { ContentStore } from '../database';
import type { PreviewLinksTable } from '../schema';

export type PreviewLinkRow = PreviewLinksTable;

export async function insertPreviewLink(db: ContentStore, link: PreviewLinkRow): Promise<void> {
  await db.insertInto('preview_links').values(link).execute();
}

export async function findPreviewLink(db: ContentStore, tokenHash: string): Promise<PreviewLinkRow | undefined> {
  return db.selectFrom('preview_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Forgets links that expired before `before`. */
export async function deleteExpiredPreviewLinks(db: ContentStore, before: string): Promise<void> {
  await db.deleteFrom('preview_links').where('expires_at', '<', before).execute();
}
