/** The editing model's tables (migration 009): drafts, versions, trash and the blobs they refer to. */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ContentStore } from '../database';
import type { BlobsTable, DraftsTable, EditableKind, ImportsTable, TrashTable, VersionsTable } from '../schema';

export type DraftRow = DraftsTable;
export type VersionRow = Omit<VersionsTable, 'id'> & { id: number };
export type TrashRow = TrashTable;

export async function findDraft(db: ContentStore, kind: EditableKind, targetId: string): Promise<DraftRow | undefined> {
  const row = await db.selectFrom('drafts').selectAll().where('kind', '=', kind).where('target_id', '=', targetId).executeTakeFirst();
  return row === undefined ? undefined : { ...row, revision: Number(row.revision) };
}

/** Creates or replaces a draft, every column of it (what the list shows is written with the state, always). */
export async function saveDraft(db: ContentStore, draft: DraftRow): Promise<void> {
  const { site_id, label, state, revision, updated_by, updated_at, status, languages, attention } = draft;
  await db
    .insertInto('drafts')
    .values(draft)
    .onConflict((oc) =>
      oc.columns(['kind', 'target_id']).doUpdateSet({ site_id, label, state, revision, updated_by, updated_at, status, languages, attention }),
    )
    .execute();
}

export async function deleteDraft(db: ContentStore, kind: EditableKind, targetId: string): Promise<void> {
  await db.deleteFrom('drafts').where('kind', '=', kind).where('target_id', '=', targetId).execute();
}

const versionOf = (row: Omit<VersionsTable, 'id'> & { id: number | string }): VersionRow => ({
  ...row,
  id: Number(row.id),
  number: Number(row.number),
  audit_id: row.audit_id === null ? null : Number(row.audit_id),
});

/** A target's newest version (of those that changed the site, with `siteChanges`). */
async function findNewestVersion(db: ContentStore, kind: EditableKind, targetId: string, siteChanges: boolean): Promise<VersionRow | undefined> {
  let query = db.selectFrom('versions').selectAll().where('kind', '=', kind).where('target_id', '=', targetId);
  if (siteChanges) query = query.where('site_before', 'is not', null);
  const row = await query.orderBy('number', 'desc').limit(1).executeTakeFirst();
  return row === undefined ? undefined : versionOf(row);
}

export const findLatestVersion = (db: ContentStore, kind: EditableKind, targetId: string) => findNewestVersion(db, kind, targetId, false);

export async function findVersion(db: ContentStore, kind: EditableKind, targetId: string, number: number): Promise<VersionRow | undefined> {
  const row = await db
    .selectFrom('versions')
    .selectAll()
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row === undefined ? undefined : versionOf(row);
}

/** A target's versions, newest first, without their states. */
export async function listVersions(db: ContentStore, kind: EditableKind, targetId: string): Promise<Array<Omit<VersionRow, 'state' | 'site_before'>>> {
  const rows = await db
    .selectFrom('versions')
    .select(['id', 'kind', 'target_id', 'number', 'event', 'actor_id', 'actor', 'created_at', 'updated_at', 'import_id', 'audit_id'])
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .orderBy('number', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), number: Number(row.number), audit_id: row.audit_id === null ? null : Number(row.audit_id) }));
}

/**
 * Who changed the target's draft since the site last changed (a publish, an import on the site, an
 * undo): the accounts whose work a review of the draft as it is passes on.
 */
export async function listDraftAuthors(db: ContentStore, kind: EditableKind, targetId: string): Promise<string[]> {
  const lastOnSite = db
    .selectFrom('versions')
    .select((eb) => eb.fn.coalesce(eb.fn.max('number'), eb.lit(0)).as('number'))
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('site_before', 'is not', null);
  const rows = await db
    .selectFrom('versions')
    .select('actor')
    .distinct()
    .where('kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('event', '!=', 'original')
    .where('number', '>', lastOnSite)
    .execute();
  return rows.map((row) => row.actor);
}

/** A target's newest version that changed the site (a publish, an unpublish, an import, an undo), with its state and what the site showed before it. */
export const findLastSiteChange = (db: ContentStore, kind: EditableKind, targetId: string) => findNewestVersion(db, kind, targetId, true);

/** The versions an import made, one per target it touched. */
export async function listVersionsOfImport(db: ContentStore, importId: string): Promise<VersionRow[]> {
  const rows = await db.selectFrom('versions').selectAll().where('import_id', '=', importId).orderBy('id').execute();
  return rows.map(versionOf);
}

export async function insertVersion(db: ContentStore, version: Omit<VersionRow, 'id'>): Promise<void> {
  await db.insertInto('versions').values(version).execute();
}

/** A save folded into a version: its state and time move on. */
export async function updateVersionState(db: ContentStore, id: number, state: string, updatedAt: string): Promise<void> {
  await db.updateTable('versions').set({ state, updated_at: updatedAt }).where('id', '=', id).execute();
}

export async function deleteVersions(db: ContentStore, kind: EditableKind, targetId: string): Promise<void> {
  await db.deleteFrom('versions').where('kind', '=', kind).where('target_id', '=', targetId).execute();
}

export async function findTrashed(db: ContentStore, kind: EditableKind, targetId: string): Promise<TrashRow | undefined> {
  return db.selectFrom('trash').selectAll().where('kind', '=', kind).where('target_id', '=', targetId).executeTakeFirst();
}

export async function insertTrashed(db: ContentStore, row: TrashRow): Promise<void> {
  await db.insertInto('trash').values(row).execute();
}

export async function deleteTrashed(db: ContentStore, kind: EditableKind, targetId: string): Promise<void> {
  await db.deleteFrom('trash').where('kind', '=', kind).where('target_id', '=', targetId).execute();
}

/** What is in the trash (of a site, when given), most recently deleted first. */
export async function listTrash(db: ContentStore, kind: EditableKind, siteId?: string): Promise<TrashRow[]> {
  let query = db.selectFrom('trash').selectAll().where('kind', '=', kind);
  if (siteId !== undefined) query = query.where('site_id', '=', siteId);
  return query.orderBy('deleted_at', 'desc').execute();
}

export type BlobRow = BlobsTable;

export async function findBlob(db: ContentStore, sha256: string): Promise<BlobRow | undefined> {
  return db.selectFrom('blobs').selectAll().where('sha256', '=', sha256).executeTakeFirst();
}

/** Keeps bytes by their digest; the same bytes are kept once (a text given later is added). */
export async function saveBlob(db: ContentStore, blob: BlobRow): Promise<void> {
  await db
    .insertInto('blobs')
    .values(blob)
    .onConflict((oc) => oc.column('sha256').doUpdateSet({ text: sql<string | null>`coalesce(excluded.text, blobs.text)` }))
    .execute();
}

/** Keeps a document's bytes with its text, found by the digest its file asset records (search reads it). */
export async function saveDocumentText(db: ContentStore, bytes: Buffer, mimeType: string, text: string | null, at: string): Promise<void> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await saveBlob(db, { sha256, mime_type: mimeType, byte_size: bytes.length, bytes, text, created_at: at });
}

/** The text kept for a document's bytes, or null. */
export async function findDocumentText(db: ContentStore, sha256: string): Promise<string | null> {
  return (await db.selectFrom('blobs').select('text').where('sha256', '=', sha256).executeTakeFirst())?.text ?? null;
}

/** Copies an image content's published file into the blobs, so versions keep it whatever happens to the media row. */
export async function keepMediaBytes(db: ContentStore, contentId: string): Promise<void> {
  await db
    .insertInto('blobs')
    .columns(['sha256', 'mime_type', 'byte_size', 'bytes', 'created_at'])
    .expression(db.selectFrom('media').select(['sha256', 'mime_type', 'byte_size', 'bytes', 'created_at']).where('content_id', '=', contentId))
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

/** The same for every version of a file asset. */
export async function keepFileAssetBytes(db: ContentStore, assetId: string): Promise<void> {
  await db
    .insertInto('blobs')
    .columns(['sha256', 'mime_type', 'byte_size', 'bytes', 'created_at'])
    .expression(db.selectFrom('file_assets').select(['sha256', 'mime_type', 'byte_size', 'bytes', 'created_at']).where('asset_id', '=', assetId))
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

/** A blob's type and size, without its bytes. */
export async function findBlobInfo(db: ContentStore, sha256: string): Promise<Omit<BlobRow, 'bytes' | 'text'> | undefined> {
  return db.selectFrom('blobs').select(['sha256', 'mime_type', 'byte_size', 'created_at']).where('sha256', '=', sha256).executeTakeFirst();
}

export async function hasBlob(db: ContentStore, sha256: string): Promise<boolean> {
  return (await db.selectFrom('blobs').select('sha256').where('sha256', '=', sha256).executeTakeFirst()) !== undefined;
}

export type ImportRow = ImportsTable;

export async function insertImport(db: ContentStore, row: ImportRow): Promise<void> {
  await db.insertInto('imports').values(row).execute();
}

export async function findImport(db: ContentStore, id: string): Promise<ImportRow | undefined> {
  return db.selectFrom('imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The latest imports, newest first, without what they changed. */
export async function listImports(db: ContentStore, limit: number): Promise<Array<Omit<ImportRow, 'before_state'>>> {
  return db
    .selectFrom('imports')
    .select(['id', 'actor', 'created_at', 'summary', 'undone_at', 'undo_step_at', 'apply_step_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** An undo that failed and was taken back: the import can be undone again. */
export async function markImportNotUndone(db: ContentStore, id: string): Promise<void> {
  await db.updateTable('imports').set({ undone_at: null, undo_step_at: null }).where('id', '=', id).execute();
}

/** Marks an import undone, its undo under way, if it was not; answers whether this call did. */
export async function markImportUndone(db: ContentStore, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ undone_at: at, undo_step_at: at })
    .where('id', '=', id)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes over an undo that was cut off after the step at `last`; answers whether this call did (no one else took it). */
export async function resumeImportUndo(db: ContentStore, id: string, last: string, at: string): Promise<boolean> {
  const result = await db.updateTable('imports').set({ undo_step_at: at }).where('id', '=', id).where('undo_step_at', '=', last).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An undo's step, done at `at` (or its end, with null). */
export async function markImportUndoStep(db: ContentStore, id: string, at: string | null): Promise<void> {
  await db.updateTable('imports').set({ undo_step_at: at }).where('id', '=', id).execute();
}

/** A step of applying an import, done at `at`. */
export async function markImportApplyStep(db: ContentStore, id: string, at: string): Promise<void> {
  await db.updateTable('imports').set({ apply_step_at: at }).where('id', '=', id).execute();
}

/** An import's last step: what it left each collection's order as it was before (for undo), and no step marker. */
export async function finishImport(db: ContentStore, id: string, beforeState: string): Promise<void> {
  await db.updateTable('imports').set({ before_state: beforeState, apply_step_at: null }).where('id', '=', id).execute();
}

/** An import taken back as a whole (it failed part-way): no record of it stays to be undone. */
export async function deleteImport(db: ContentStore, id: string): Promise<void> {
  await db.deleteFrom('imports').where('id', '=', id).execute();
}

/**
 * A file by its digest, wherever the store keeps it: the blobs (drafts, versions), the published
 * images, the published documents.
 */
export async function findStoredFile(db: ContentStore, sha256: string): Promise<{ mime_type: string; bytes: Buffer } | undefined> {
  return (
    (await db.selectFrom('blobs').select(['mime_type', 'bytes']).where('sha256', '=', sha256).executeTakeFirst()) ??
    (await db.selectFrom('media').select(['mime_type', 'bytes']).where('sha256', '=', sha256).limit(1).executeTakeFirst()) ??
    (await db.selectFrom('file_assets').select(['mime_type', 'bytes']).where('sha256', '=', sha256).limit(1).executeTakeFirst())
  );
}

export interface OffSiteSheet {
  targetId: string;
  label: string;
  /** In the trash, rather than a draft off the site (never published, or taken off). */
  inTrash: boolean;
}

/**
 * A sheet of the site that is not on it (a draft never published or taken off, or one in the
 * trash) whose state has this content key or URL name: an import naming it must not make a second
 * sheet of the same name. The states are found by their text, then compared as sheets (the key and
 * name of the sheet itself, not of its image), in any case on both engines.
 */
export async function findOffSiteSheet(db: ContentStore, siteId: string, match: { contentKey?: string; urlName?: string }): Promise<OffSiteSheet | undefined> {
  const patterns = [
    ...(match.contentKey === undefined ? [] : [`%${likeText(match.contentKey)}%`]),
    ...(match.urlName === undefined ? [] : [`%${likeText(match.urlName)}%`]),
  ];
  if (patterns.length === 0) return undefined;
  const named = (column: 'state' | 'draft') =>
    sql<boolean>`(${sql.join(
      patterns.map((pattern) => sql`${sql.ref(column)} like ${pattern} escape '\\'`),
      sql` or `,
    )})`;
  const isIt = (json: string) => {
    const state = JSON.parse(json) as { contentKey?: unknown; urlName?: unknown };
    return (match.contentKey !== undefined && state.contentKey === match.contentKey) || (match.urlName !== undefined && state.urlName === match.urlName);
  };
  const drafts = await db
    .selectFrom('drafts')
    .select(['target_id', 'label', 'state'])
    .where('kind', '=', 'sheet')
    .where('site_id', '=', siteId)
    .where(named('state'))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('contents').select('id').whereRef('contents.id', '=', 'drafts.target_id'))))
    .orderBy('target_id')
    .execute();
  const draft = drafts.find((row) => isIt(row.state));
  if (draft !== undefined) return { targetId: draft.target_id, label: draft.label, inTrash: false };
  const trashed = (
    await db
      .selectFrom('trash')
      .select(['target_id', 'label', 'draft'])
      .where('kind', '=', 'sheet')
      .where('site_id', '=', siteId)
      .where(named('draft'))
      .orderBy('target_id')
      .execute()
  ).find((row) => isIt(row.draft));
  return trashed === undefined ? undefined : { targetId: trashed.target_id, label: trashed.label, inTrash: true };
}

const likeText = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * A sheet whose document has these bytes: one with a draft that names them, else a published one
 * whose link goes to a document version with them. Undefined when no sheet has them.
 */
export async function findSheetWithDocument(db: ContentStore, sha256: string): Promise<{ id: string; label: string } | undefined> {
  const drafted = await db
    .selectFrom('drafts')
    .select(['target_id', 'label'])
    .where('kind', '=', 'sheet')
    .where('state', 'like', `%"sha256":"${sha256.replace(/[^0-9a-f]/g, '')}"%`)
    .orderBy('target_id')
    .limit(1)
    .executeTakeFirst();
  if (drafted !== undefined) return { id: drafted.target_id, label: drafted.label };
  const asset = await db.selectFrom('file_assets').select(['asset_id', 'version']).where('sha256', '=', sha256).orderBy('asset_id').limit(1).executeTakeFirst();
  if (asset === undefined) return undefined;
  // The link as a body keeps it: the version ends where the string does (?v=1 is not ?v=12).
  const link = `%/file-asset/${encodeURIComponent(asset.asset_id).replace(/[\\%_]/g, (char) => `\\${char}`)}?v=${asset.version}"%`;
  const linked = await db
    .selectFrom('content_translations')
    .select(['content_id', 'title'])
    .where(sql<boolean>`${sql.ref('body')} like ${link} escape '\\'`)
    .orderBy('content_id')
    .limit(1)
    .executeTakeFirst();
  return linked === undefined ? undefined : { id: linked.content_id, label: linked.title };
}
