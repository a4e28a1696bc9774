/**
 * Literature sheets in the editing model: the adapter that tells the editing engine how a sheet is
 * read from and written to the site (sheet-state.ts), the checks a saved sheet must pass beyond its
 * schema, and making a new sheet.
 */
import { randomBytes } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { listContents, listContentsByUrlNames, listStoredTranslations } from '../cms/repositories/contents';
import { hasBlob, listDrafts } from '../cms/repositories/editing';
import { MANAGED_CONTENT_ID_PREFIX } from '../shared/constants';
import { contentKeyFromBytes, idFromBytes } from '../shared/ids';
import { linkProblem } from '../shared/links';
import { urlNameOf } from '../shared/text';
import { createEditor, type EditableView, type KindAdapter } from './editable';
import { keepSheetFiles, publishedSheet, putOnSite, SheetStateSchema, takeOffSite, type SheetState, type SheetTexts } from './sheet-state';

async function sheetProblems(db: ContentStore, state: SheetState): Promise<string[]> {
  const problems: string[] = [];
  if (state.translations[state.primaryLanguage] === undefined) problems.push(`translations: must hold the primary language, ${state.primaryLanguage}`);
  for (const [language, texts] of Object.entries(state.translations)) {
    if (texts.title.trim() === '') problems.push(`translations.${language}.title: must not be empty`);
    const link = texts.url === '' ? null : linkProblem(texts.url);
    if (link !== null) problems.push(`translations.${language}.url: ${link}`);
  }
  if (state.image !== null && !(await hasBlob(db, state.image.sha256))) problems.push('image: its file was never uploaded');
  if (state.document !== null && !(await hasBlob(db, state.document.sha256))) problems.push('document: its file was never uploaded');
  const sameName = (await listContentsByUrlNames(db, state.siteId, [state.urlName])).filter((content) => content.id !== state.id);
  if (sameName.length > 0) problems.push(`urlName: "${state.urlName}" is taken by another content of the site`);
  return problems;
}

export const SHEET_ADAPTER: KindAdapter<SheetState> = {
  kind: 'sheet',
  auditType: 'sheet',
  schema: SheetStateSchema,
  published: publishedSheet,
  putOnSite: (trx, state, previous, at) => putOnSite(trx, state, previous, at),
  takeOffSite,
  fixed: ['id', 'contentKey', 'siteId', 'createdAt'],
  keepFiles: keepSheetFiles,
  problems: sheetProblems,
  labelOf: (state) => state.translations[state.primaryLanguage]?.title ?? state.urlName,
  siteOf: (state) => state.siteId,
};

export const sheets = createEditor(SHEET_ADAPTER);

export interface NewSheet {
  siteId: string;
  collectionId: string | null;
  primaryLanguage: string;
  texts: Pick<SheetTexts, 'title'> & Partial<SheetTexts>;
  urlName?: string;
}

/** The state of a sheet that does not exist yet: new ids, one language, no image or document. */
export function newSheetState(request: NewSheet, now = new Date()): SheetState {
  return {
    id: idFromBytes(MANAGED_CONTENT_ID_PREFIX, randomBytes(16)),
    contentKey: contentKeyFromBytes(randomBytes(16)),
    siteId: request.siteId,
    urlName: request.urlName ?? `${urlNameOf(request.texts.title, 'sheet')}-${randomBytes(3).toString('hex')}`,
    primaryLanguage: request.primaryLanguage,
    createdAt: now.toISOString(),
    collectionId: request.collectionId,
    translations: { [request.primaryLanguage]: { description: '', url: '', imageAlt: '', ...request.texts } },
    image: null,
    document: null,
    seo: null,
  };
}

export interface SheetSummary {
  id: string;
  title: string;
  status: EditableView<SheetState>['status'];
  languages: string[];
  revision: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/**
 * Every sheet of a site an editor can open: those on the site and those only drafted, most recently
 * changed first. Sheets with no draft are as published; only drafted ones are compared.
 */
export async function listSheets(db: ContentStore, siteId: string): Promise<SheetSummary[]> {
  const drafts = await listDrafts(db, 'sheet', siteId);
  const drafted = new Set(drafts.map((draft) => draft.target_id));
  const summaries: SheetSummary[] = [];
  for (const draft of drafts) {
    const found = await sheets.view(db, draft.target_id);
    if (found === null) continue;
    summaries.push(summaryOf(found));
  }
  const onSite = await listContents(db, { siteId, types: [LITERATURE_CONTENT_TYPE] }, 0, 1_000_000);
  const translations = new Map<string, Array<{ language: string; title: string }>>();
  for (const row of await listStoredTranslations(
    db,
    onSite.map((content) => content.id),
  ))
    translations.set(row.content_id, [...(translations.get(row.content_id) ?? []), row]);
  for (const content of onSite) {
    if (drafted.has(content.id)) continue;
    const texts = translations.get(content.id) ?? [];
    summaries.push({
      id: content.id,
      title: texts.find((row) => row.language === content.primary_language)?.title ?? content.url_name,
      status: 'published',
      languages: texts.map((row) => row.language).sort(),
      revision: 0,
      updatedAt: content.updated_at,
      updatedBy: null,
    });
  }
  return summaries.sort((a, b) => (b.updatedAt ?? '').localeCompare(a.updatedAt ?? '') || a.title.localeCompare(b.title));
}

const summaryOf = (found: EditableView<SheetState>): SheetSummary => ({
  id: found.targetId,
  title: found.label,
  status: found.status,
  languages: Object.keys(found.draft.translations).sort(),
  revision: found.revision,
  updatedAt: found.updatedAt,
  updatedBy: found.updatedBy,
});
