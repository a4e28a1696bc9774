/**
 * The studio's list of sheets, paged, filtered and sorted in SQL, so it stays quick with tens of
 * thousands of sheets: a sheet is either a draft row (its status and languages written with it,
 * editable.ts) or, never edited, a content of the site as published. Only the page asked for is
 * read further (languages, image, schedule).
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ContentStore } from '../cms/database';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { findContentsByKeys, listStoredTranslations } from '../cms/repositories/contents';
import { listMediaInfoByKeys } from '../cms/repositories/files';
import { readStoredBody } from '../cms/stored-json';
import type { ContentTranslationsTable, Database } from '../cms/schema';
import { statusOf, type EditableStatus, type StatusFilter } from '../shared/editing-status';
import { referencedImageKey } from '../sheet/body';
import type { SheetState } from '../sheet/shape';
import { listVersions } from '../cms/repositories/editing';
import { publishedSheet } from './sheet-state';
import { sheets } from './sheets';

export type SheetListStatus = StatusFilter;
export type SheetListSort = 'changed' | 'title' | 'status';

export interface SheetListQuery {
  siteId: string;
  /** Part of the title, any case. */
  q?: string;
  status?: SheetListStatus;
  /** Only sheets without texts in this language. */
  missing?: string;
  sort?: SheetListSort;
  offset?: number;
  limit?: number;
}

export interface SheetSummary {
  id: string;
  title: string;
  status: EditableStatus;
  languages: string[];
  revision: number;
  updatedAt: string | null;
  updatedBy: string | null;
  /** It needs the editor's choice between its draft and a change to the site. */
  attention: boolean;
  image: { sha256: string; alt: string } | null;
  scheduled: { action: string; dueAt: string } | null;
}

interface ListedRow {
  id: string;
  title: string;
  status: string;
  languages: string | null;
  updated_at: string;
  updated_by: string | null;
  revision: number;
  drafted: number;
  /** A never-edited sheet's primary language (its image's description is in it); null for a drafted one. */
  primary_language: string | null;
  attention: number;
}

/** What takes a sheet off the site it was on, as its history says. */
const OFF_SITE_EVENTS = new Set(['unpublish', 'undo-publish', 'undo-import']);

/** The order statuses sort in: what needs attention first. */
const STATUS_ORDER = ['changed', 'draft', 'unpublished', 'published'];

export async function listSheetPage(db: ContentStore, query: SheetListQuery): Promise<{ total: number; sheets: SheetSummary[] }> {
  await summariseOldDrafts(db);
  let listed = db.selectFrom(listedSheets(db, query.siteId).as('s'));
  if (query.q !== undefined && query.q.trim() !== '')
    listed = listed.where(sql<boolean>`lower(s.title) like ${`%${likeText(query.q.trim().toLowerCase())}%`} escape '\\'`);
  if (query.status === 'scheduled') listed = listed.where(({ exists }) => exists(pendingSchedules(db)));
  else if (query.status === 'attention') listed = listed.where('s.attention', '=', 1);
  else if (query.status !== undefined) listed = listed.where('s.status', '=', query.status);
  if (query.missing !== undefined) listed = lacking(db, listed, query.missing);

  const { total } = await listed.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const ordered =
    query.sort === 'title'
      ? listed.orderBy(sql`lower(s.title)`).orderBy('s.id')
      : query.sort === 'status'
        ? listed
            .orderBy(
              sql`case s.status ${sql.join(
                STATUS_ORDER.map((status, index) => sql`when ${status} then ${index}`),
                sql` `,
              )} else 9 end`,
            )
            .orderBy('s.updated_at', 'desc')
            .orderBy('s.id')
        : listed.orderBy('s.updated_at', 'desc').orderBy('s.id');
  const rows = (await ordered
    .selectAll('s')
    .offset(query.offset ?? 0)
    .limit(query.limit ?? 50)
    .execute()) as ListedRow[];
  return { total: Number(total), sheets: await summariesOf(db, query.siteId, rows) };
}

/** Drafted sheets from their draft rows, the others as the site has them. */
function listedSheets(db: ContentStore, siteId: string) {
  const drafted = db
    .selectFrom('drafts as d')
    .select([
      'd.target_id as id',
      'd.label as title',
      sql<string>`coalesce(d.status, 'changed')`.as('status'),
      'd.languages',
      'd.updated_at',
      sql<string | null>`d.updated_by`.as('updated_by'),
      'd.revision',
      sql<number>`1`.as('drafted'),
      sql<string | null>`null`.as('primary_language'),
      sql<number>`case when d.attention is null then 0 else 1 end`.as('attention'),
    ])
    .where('d.kind', '=', 'sheet')
    .where('d.site_id', '=', siteId);
  const published = db
    .selectFrom('contents as c')
    .leftJoin('content_translations as t', (join) => join.onRef('t.content_id', '=', 'c.id').onRef('t.language', '=', 'c.primary_language'))
    .select([
      'c.id',
      // A sheet without texts in its primary language (migrated content) is known by its name.
      sql<string>`coalesce(t.title, c.url_name)`.as('title'),
      sql<string>`'published'`.as('status'),
      sql<string | null>`null`.as('languages'),
      'c.updated_at',
      sql<string | null>`null`.as('updated_by'),
      sql<number>`0`.as('revision'),
      sql<number>`0`.as('drafted'),
      sql<string | null>`c.primary_language`.as('primary_language'),
      sql<number>`0`.as('attention'),
    ])
    .where('c.site_id', '=', siteId)
    .where('c.content_type', '=', LITERATURE_CONTENT_TYPE)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('drafts as o').select('o.target_id').where('o.kind', '=', 'sheet').whereRef('o.target_id', '=', 'c.id'))),
    );
  return drafted.unionAll(published);
}

type Listed = SelectQueryBuilder<Database & { s: ListedRow }, 's', object>;

function pendingSchedules(db: ContentStore) {
  return db
    .selectFrom('schedules as p')
    .select('p.id')
    .where('p.kind', '=', 'sheet')
    .where('p.state', '=', 'pending')
    .whereRef('p.target_id', '=', sql.ref('s.id'));
}

/** A draft names its languages; a sheet as published has a translation row per language. */
function lacking(db: ContentStore, listed: Listed, language: string): Listed {
  return listed.where((eb) =>
    eb.or([
      eb.and([eb('s.drafted', '=', 1), eb(sql<string>`coalesce(s.languages, '')`, 'not like', `% ${language} %`)]),
      eb.and([
        eb('s.drafted', '=', 0),
        eb.not(
          eb.exists(
            db.selectFrom('content_translations as m').select('m.content_id').whereRef('m.content_id', '=', sql.ref('s.id')).where('m.language', '=', language),
          ),
        ),
      ]),
    ]),
  );
}

function likeText(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** What the list shows of the page's sheets: their languages, card image and next schedule, in a few reads. */
async function summariesOf(db: ContentStore, siteId: string, rows: ListedRow[]): Promise<SheetSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const drafted = rows.filter((row) => Number(row.drafted) === 1).map((row) => row.id);
  const undrafted = rows.filter((row) => Number(row.drafted) === 0);
  const images = new Map<string, SheetSummary['image']>();
  if (drafted.length > 0) {
    for (const draft of await db.selectFrom('drafts').select(['target_id', 'state']).where('kind', '=', 'sheet').where('target_id', 'in', drafted).execute()) {
      const state = JSON.parse(draft.state) as SheetState;
      if (state.image !== null) images.set(draft.target_id, { sha256: state.image.sha256, alt: state.translations[state.primaryLanguage]?.imageAlt ?? '' });
    }
  }
  const translations = await listStoredTranslations(
    db,
    undrafted.map((row) => row.id),
  );
  for (const [id, image] of await publishedCardImages(db, siteId, undrafted, translations)) images.set(id, image);
  const revisions = new Map<string, number>();
  if (undrafted.length > 0) {
    for (const version of await db
      .selectFrom('versions')
      .select(['target_id', (eb) => eb.fn.max('number').as('number')])
      .where('kind', '=', 'sheet')
      .where(
        'target_id',
        'in',
        undrafted.map((row) => row.id),
      )
      .groupBy('target_id')
      .execute())
      revisions.set(version.target_id, Number(version.number));
  }
  const schedules = new Map<string, { action: string; dueAt: string }>();
  for (const schedule of await db
    .selectFrom('schedules')
    .select(['target_id', 'action', 'due_at'])
    .where('kind', '=', 'sheet')
    .where('state', '=', 'pending')
    .where('target_id', 'in', ids)
    .orderBy('due_at', 'desc')
    .execute())
    schedules.set(schedule.target_id, { action: schedule.action, dueAt: schedule.due_at });
  const languages = new Map<string, string[]>();
  for (const row of translations) languages.set(row.content_id, [...(languages.get(row.content_id) ?? []), row.language]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    status: row.status as EditableStatus,
    languages: (row.languages === null ? (languages.get(row.id) ?? []) : row.languages.trim().split(' ')).sort(),
    revision: Number(row.drafted) === 1 ? Number(row.revision) : (revisions.get(row.id) ?? 0),
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    attention: Number(row.attention) === 1,
    image: images.get(row.id) ?? null,
    scheduled: schedules.get(row.id) ?? null,
  }));
}

/**
 * The card images of sheets as the site has them, read together: each sheet's body names its
 * image content, whose file is in the media and whose description is in its texts (sheet-state.ts
 * reads one sheet the same way).
 */
async function publishedCardImages(db: ContentStore, siteId: string, rows: ListedRow[], translations: ContentTranslationsTable[]) {
  const imageKeyOf = new Map<string, string>();
  for (const row of translations) {
    if (imageKeyOf.has(row.content_id)) continue;
    const key = referencedImageKey(readStoredBody(row.body, `content ${row.content_id} (${row.language})`)?.image);
    if (key !== null) imageKeyOf.set(row.content_id, key);
  }
  const keys = [...new Set(imageKeyOf.values())];
  const media = new Map((await listMediaInfoByKeys(db, keys)).map((file) => [file.content_key, file]));
  const imageContents = await findContentsByKeys(db, siteId, keys);
  const alts = new Map<string, string>();
  for (const row of await listStoredTranslations(
    db,
    imageContents.map((content) => content.id),
  )) {
    const alt = readStoredBody(row.body, `content ${row.content_id} (${row.language})`)?.altText;
    if (typeof alt === 'string') alts.set(`${row.content_id} ${row.language}`, alt);
  }
  const idOfKey = new Map(imageContents.map((content) => [content.content_key, content.id]));
  const images = new Map<string, { sha256: string; alt: string }>();
  for (const row of rows) {
    const key = imageKeyOf.get(row.id);
    const file = key === undefined ? undefined : media.get(key);
    if (key === undefined || file === undefined) continue;
    images.set(row.id, { sha256: file.sha256, alt: alts.get(`${idOfKey.get(key)} ${row.primary_language}`) ?? '' });
  }
  return images;
}

/**
 * Drafts whose list status is not known (written before migration 011, or reset by migration 019,
 * which found statuses only a draft's first write had set) get it now, under the editing lock, so
 * a save in between is never overwritten with an older status. A draft off the site is
 * unpublished when its history has it taken off.
 */
async function summariseOldDrafts(db: ContentStore): Promise<void> {
  const unsummarised = () => db.selectFrom('drafts').select(['target_id', 'state']).where('kind', '=', 'sheet').where('status', 'is', null).execute();
  if ((await unsummarised()).length === 0) return;
  await sheets.change(db, async (trx) => {
    for (const { target_id, state } of await unsummarised()) {
      const draft = JSON.parse(state) as SheetState;
      const published = await publishedSheet(trx, target_id);
      const wasOnSite = published === null && (await listVersions(trx, 'sheet', target_id)).some((version) => OFF_SITE_EVENTS.has(version.event));
      const languages = Object.keys(draft.translations).sort();
      await trx
        .updateTable('drafts')
        .set({ status: statusOf(draft, published, wasOnSite), languages: ` ${languages.join(' ')} ` })
        .where('kind', '=', 'sheet')
        .where('target_id', '=', target_id)
        .execute();
    }
  });
}
