/**
 * Shared preview links (migration 011): kept by the digest of their token, until they expire or
 * are revoked (a revoked link's row is deleted). `created_by` is the email of the account that made
 * it, which never changes (accounts.ts has no way to change an email).
 */
import type { EditableKind, PreviewLinksTable } from '../schema';
import type { ContentStore } from '../database';

export type PreviewLinkRow = PreviewLinksTable;

export async function insertPreviewLink(db: ContentStore, link: PreviewLinkRow): Promise<void> {
  await db.insertInto('preview_links').values(link).execute();
}

export async function findPreviewLink(db: ContentStore, tokenHash: string): Promise<PreviewLinkRow | undefined> {
  return db.selectFrom('preview_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * The links of one draft that still work at `now`: not expired, and made by an account that exists
 * and is not disabled. Newest first, the digest breaking ties, so both stores list them alike.
 */
export async function listLivePreviewLinks(db: ContentStore, kind: EditableKind, targetId: string, now: string): Promise<PreviewLinkRow[]> {
  return db
    .selectFrom('preview_links')
    .innerJoin('users', 'users.email', 'preview_links.created_by')
    .selectAll('preview_links')
    .where('preview_links.kind', '=', kind)
    .where('preview_links.target_id', '=', targetId)
    .where('preview_links.expires_at', '>', now)
    .where('users.disabled_at', 'is', null)
    .orderBy('preview_links.created_at', 'desc')
    .orderBy('preview_links.token_hash')
    .execute();
}

/** Revokes one link of one draft; answers whether there was such a link. */
export async function deletePreviewLink(db: ContentStore, link: { kind: EditableKind; targetId: string; tokenHash: string }): Promise<boolean> {
  const result = await db
    .deleteFrom('preview_links')
    .where('token_hash', '=', link.tokenHash)
    .where('kind', '=', link.kind)
    .where('target_id', '=', link.targetId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Revokes every link an account made (by its email); answers how many there were. */
export async function deletePreviewLinksBy(db: ContentStore, email: string): Promise<number> {
  const result = await db.deleteFrom('preview_links').where('created_by', '=', email).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets links that expired before `before`. */
export async function deleteExpiredPreviewLinks(db: ContentStore, before: string): Promise<void> {
  await db.deleteFrom('preview_links').where('expires_at', '<', before).execute();
}
