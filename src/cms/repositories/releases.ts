/**
 * Releases and their drafts (migration 030). editing/releases.ts says what a release does; this
 * module only reads and writes them.
 */
import type { Insertable, Selectable } from 'kysely';
import type { ContentStore } from '../database';
import type { EditableKind, ReleaseItemsTable, ReleasesTable, ReleaseState } from '../schema';

export type ReleaseRow = Selectable<ReleasesTable>;
export type ReleaseItemRow = Selectable<ReleaseItemsTable>;

export async function insertRelease(db: ContentStore, release: Insertable<ReleasesTable>): Promise<void> {
  await db.insertInto('releases').values(release).execute();
}

export const findRelease = (db: ContentStore, id: string) => db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirst();

/** The releases, the open ones first, newest first within each state. */
export async function listReleases(db: ContentStore): Promise<ReleaseRow[]> {
  const rows = await db.selectFrom('releases').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
  const rank = (state: ReleaseState) => ['open', 'published', 'undone'].indexOf(state);
  return rows.sort((a, b) => rank(a.state) - rank(b.state));
}

export async function updateRelease(db: ContentStore, id: string, change: Partial<Omit<ReleaseRow, 'id'>>): Promise<void> {
  await db.updateTable('releases').set(change).where('id', '=', id).execute();
}

export async function deleteRelease(db: ContentStore, id: string): Promise<void> {
  await db.deleteFrom('release_items').where('release_id', '=', id).execute();
  await db.deleteFrom('releases').where('id', '=', id).execute();
}

export const listReleaseItems = (db: ContentStore, releaseId: string) =>
  db.selectFrom('release_items').selectAll().where('release_id', '=', releaseId).orderBy('added_at').orderBy('kind').orderBy('target_id').execute();

export async function insertReleaseItem(db: ContentStore, item: Insertable<ReleaseItemsTable>): Promise<void> {
  await db.insertInto('release_items').values(item).execute();
}

export async function deleteReleaseItem(db: ContentStore, releaseId: string, kind: EditableKind, targetId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('release_items')
    .where('release_id', '=', releaseId)
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The open release a draft is in, if any. */
export async function findOpenReleaseOf(db: ContentStore, kind: EditableKind, targetId: string): Promise<ReleaseRow | undefined> {
  return db
    .selectFrom('release_items as i')
    .innerJoin('releases as r', 'r.id', 'i.release_id')
    .selectAll('r')
    .where('i.kind', '=', kind)
    .where('i.target_id', '=', targetId)
    .where('r.state', '=', 'open')
    .executeTakeFirst();
}

/** The open releases due at `now`, the earliest first. */
export const listDueReleases = (db: ContentStore, now: string) =>
  db.selectFrom('releases').selectAll().where('state', '=', 'open').where('due_at', 'is not', null).where('due_at', '<=', now).orderBy('due_at').execute();

/** Whether the release's publish changed this target: a version of it names the release. */
export async function wasPublishedByRelease(db: ContentStore, kind: EditableKind, targetId: string, releaseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('versions')
    .select('id')
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('event', '=', 'publish')
    .where('import_id', '=', releaseId)
    .executeTakeFirst();
  return row !== undefined;
}
