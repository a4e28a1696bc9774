/**
 * The studio's list of sheets as the store answers it (editing/sheet-list.ts makes summaries of
 * it): paged, filtered and sorted in SQL, so it stays quick with tens of thousands of sheets. A
 * sheet is either a draft row (its status and languages written with it) or, never edited, a
 * content of the site as published.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { ContentStore } from '../database';
import { LITERATURE_CONTENT_TYPE } from '../content-types';
import type { Database } from '../schema';
import type { StatusFilter } from '../../shared/editing-status';

export interface SheetListQuery {
  siteId: string;
  /** Part of the title, any case. */
  q?: string;
  status?: StatusFilter;
  /** Only sheets without texts in this language. */
  missing?: string;
  /** Only sheets with a text in this language whose primary text changed since it was translated. */
  outdated?: string;
  sort?: 'changed' | 'title' | 'status';
  offset?: number;
  limit?: number;
}

export interface ListedRow {
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

/** The order statuses sort in: what needs attention first. */
const STATUS_ORDER = ['changed', 'draft', 'unpublished', 'published'];

/** The sheets a query lists, counted, and the page of them it asks for. */
export async function listSheetRows(db: ContentStore, query: SheetListQuery): Promise<{ total: number; rows: ListedRow[] }> {
  let listed = db.selectFrom(listedSheets(db, query.siteId).as('s'));
  if (query.q !== undefined && query.q.trim() !== '')
    listed = listed.where(sql<boolean>`lower(s.title) like ${`%${likeText(query.q.trim().toLowerCase())}%`} escape '\\'`);
  if (query.status === 'scheduled') listed = listed.where(({ exists }) => exists(pendingSchedules(db)));
  else if (query.status === 'attention') listed = listed.where('s.attention', '=', 1);
  else if (query.status !== undefined) listed = listed.where('s.status', '=', query.status);
  if (query.missing !== undefined) listed = lacking(db, listed, query.missing);
  if (query.outdated !== undefined) listed = listed.where(({ exists }) => exists(outdatedTexts(db, query.outdated!)));

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
  // Counted in the same statement: the page and its count read the listed sheets once, not twice.
  const counted = (await ordered
    .selectAll('s')
    .select(sql<number | string>`count(*) over ()`.as('total'))
    .offset(query.offset ?? 0)
    .limit(query.limit ?? 50)
    .execute()) as Array<ListedRow & { total: number | string }>;
  const rows = counted.map(({ total: _total, ...row }) => row);
  if (counted.length > 0 || !query.offset) return { total: Number(counted[0]?.total ?? 0), rows };
  // A page past the last has no row to carry the count.
  const { total } = await listed.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  return { total: Number(total), rows };
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
    // The title from its own index on SQLite (migration 033), not from the translation's row. Both
    // that index and the primary key's start with (content_id, language), and with both columns
    // matched SQLite takes the unique one and reads the row; matched on content_id alone (the
    // language compared as an expression), it takes the index holding the title.
    .leftJoin('content_translations as t', (join) => join.onRef('t.content_id', '=', 'c.id').on(sql`t.language || ''`, '=', sql.ref('c.primary_language')))
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

/** The sheet's outdated texts in a language (migration 028). */
function outdatedTexts(db: ContentStore, language: string) {
  return db
    .selectFrom('translation_marks as t')
    .select('t.field')
    .where('t.kind', '=', 'sheet')
    .whereRef('t.target_id', '=', sql.ref('s.id'))
    .where('t.language', '=', language)
    .where('t.outdated', '=', 1);
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

/** The drafts of these sheets. */
export const listDraftStates = (db: ContentStore, ids: string[]) =>
  db.selectFrom('drafts').select(['target_id', 'state']).where('kind', '=', 'sheet').where('target_id', 'in', ids).execute();

/** Each of these sheets' latest version number. */
export async function latestVersionNumbers(db: ContentStore, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('versions')
    .select(['target_id', (eb) => eb.fn.max('number').as('number')])
    .where('kind', '=', 'sheet')
    .where('target_id', 'in', ids)
    .groupBy('target_id')
    .execute();
  return new Map(rows.map((row) => [row.target_id, Number(row.number)]));
}

/** Each of these sheets' next pending schedule. */
export async function nextSchedules(db: ContentStore, ids: string[]): Promise<Map<string, { action: string; dueAt: string }>> {
  const schedules = new Map<string, { action: string; dueAt: string }>();
  const rows = await db
    .selectFrom('schedules')
    .select(['target_id', 'action', 'due_at'])
    .where('kind', '=', 'sheet')
    .where('state', '=', 'pending')
    .where('target_id', 'in', ids)
    .orderBy('due_at', 'desc')
    .execute();
  for (const schedule of rows) schedules.set(schedule.target_id, { action: schedule.action, dueAt: schedule.due_at });
  return schedules;
}

/** Sheet drafts whose list status is not known yet. */
export const listUnsummarisedDrafts = (db: ContentStore) =>
  db.selectFrom('drafts').select(['target_id', 'state']).where('kind', '=', 'sheet').where('status', 'is', null).execute();

/** A sheet draft's list status and languages. */
export async function setDraftSummary(trx: ContentStore, targetId: string, status: string, languages: string[]): Promise<void> {
  await trx
    .updateTable('drafts')
    .set({ status, languages: ` ${languages.join(' ')} ` })
    .where('kind', '=', 'sheet')
    .where('target_id', '=', targetId)
    .execute();
}
