/**
 * The studio's list of sheets: a page of them as the store lists it (cms/repositories/sheet-list.ts,
 * paged, filtered and sorted in SQL), each summarised for the list. Only the page asked for is
 * read further (languages, image, schedule).
 */
import type { ContentStore } from '../cms/database';
import { findContentsByKeys, listStoredTranslations } from '../cms/repositories/contents';
import { listMediaInfoByKeys } from '../cms/repositories/files';
import { readStoredBody } from '../cms/stored-json';
import type { ContentTranslationsTable } from '../cms/schema';
import {
  latestVersionNumbers,
  listDraftStates,
  listSheetRows,
  listUnsummarisedDrafts,
  nextSchedules,
  setDraftSummary,
  type ListedRow,
  type SheetListQuery,
} from '../cms/repositories/sheet-list';
import { statusOf, type EditableStatus } from '../shared/editing-status';
import { referencedImageKey } from '../sheet/body';
import type { SheetState } from '../sheet/shape';
import { listVersions } from '../cms/repositories/editing';
import { listOutdatedLanguages } from '../cms/repositories/translation-marks';
import { publishedSheet } from './sheet-state';
import { sheets } from './sheets';

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
  /** The languages with a text whose primary text changed since it was translated. */
  outdated: string[];
  image: { sha256: string; alt: string } | null;
  scheduled: { action: string; dueAt: string } | null;
}

/** What takes a sheet off the site it was on, as its history says. */
const OFF_SITE_EVENTS = new Set(['unpublish', 'undo-publish', 'undo-import']);

export async function listSheetPage(db: ContentStore, query: SheetListQuery): Promise<{ total: number; sheets: SheetSummary[] }> {
  await summariseOldDrafts(db);
  const { total, rows } = await listSheetRows(db, query);
  return { total, sheets: await summariesOf(db, query.siteId, rows) };
}

/** What the list shows of the page's sheets: their languages, card image and next schedule, in a few reads. */
async function summariesOf(db: ContentStore, siteId: string, rows: ListedRow[]): Promise<SheetSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const drafted = rows.filter((row) => Number(row.drafted) === 1).map((row) => row.id);
  const undrafted = rows.filter((row) => Number(row.drafted) === 0);
  const images = new Map<string, SheetSummary['image']>();
  if (drafted.length > 0) {
    for (const draft of await listDraftStates(db, drafted)) {
      const state = JSON.parse(draft.state) as SheetState;
      if (state.image !== null) images.set(draft.target_id, { sha256: state.image.sha256, alt: state.translations[state.primaryLanguage]?.imageAlt ?? '' });
    }
  }
  const translations = await listStoredTranslations(
    db,
    undrafted.map((row) => row.id),
  );
  for (const [id, image] of await publishedCardImages(db, siteId, undrafted, translations)) images.set(id, image);
  const revisions = await latestVersionNumbers(
    db,
    undrafted.map((row) => row.id),
  );
  const schedules = await nextSchedules(db, ids);
  const outdated = await listOutdatedLanguages(db, 'sheet', ids);
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
    outdated: outdated.get(row.id) ?? [],
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
  if ((await listUnsummarisedDrafts(db)).length === 0) return;
  await sheets.change(db, async (trx) => {
    for (const { target_id, state } of await listUnsummarisedDrafts(trx)) {
      const draft = JSON.parse(state) as SheetState;
      const published = await publishedSheet(trx, target_id);
      const wasOnSite = published === null && (await listVersions(trx, 'sheet', target_id)).some((version) => OFF_SITE_EVENTS.has(version.event));
      const languages = Object.keys(draft.translations).sort();
      await setDraftSummary(trx, target_id, statusOf(draft, published, wasOnSite), languages);
    }
  });
}
