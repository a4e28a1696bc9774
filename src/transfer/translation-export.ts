/**
 * Texts out for translation (docs/editing.md, "Translation round trip"): per target language, the
 * texts of the chosen sheets (or every sheet, or only what is outdated) and the pages' texts, each
 * with the primary language's text as its source, the translation so far as its target, and notes
 * saying what and where the text is, and which export it is (translation-export-id.ts). The
 * drafts are read, as an editor sees them; what was sent is kept (translation_exports), for the
 * import to tell the file's changes from the studio's since.
 */
import type { ContentStore } from '../cms/database';
import { insertTranslationExport } from '../cms/repositories/translation-exports';
import { listStoredPages } from '../cms/repositories/pages';
import { listSheetRows } from '../cms/repositories/sheet-list';
import { findPrimarySite } from '../cms/repositories/sites';
import { findSheetType } from '../cms/repositories/content-types';
import { listMarks } from '../cms/repositories/translation-marks';
import { findRelease, listReleaseItems } from '../cms/repositories/releases';
import { pages, pageTextsOf } from '../editing/pages';
import { sheets, sheetTextsOf } from '../editing/sheets';
import type { Actor } from '../editing/audit';
import type { TranslatedTexts } from '../editing/translation-marks';
import { pageTexts } from '../page-model/page-texts';
import { languageTag } from '../shared/languages';
import { exportNote, newExportId } from './translation-export-id';
import { unitId, type UnitPlace } from './translation-units';
import type { UnitOut, XliffVersion } from './xliff';
import { writeXliff } from './xliff-write';

export interface TranslationExport {
  /** The language to translate into, as the store names it (de_DE). */
  language: string;
  version: XliffVersion;
  /** These sheets only; every sheet of the site when not given. */
  sheetIds?: string[];
  /** The sheets and pages of this release only (its drafts: what it will publish). */
  releaseId?: string;
  /** Only the texts that are outdated in the language (with `sheetIds`, of those sheets). */
  outdated?: boolean;
  /** The pages' texts too (the default). */
  withPages?: boolean;
}

export interface ExportedTranslation {
  /** The export's id, in a note on every unit (tex-YYYYMMDD-xxxxxxxx). */
  id: string;
  xml: string;
  /** How many units the file holds. */
  units: number;
  /** Sheets left out, with why (their texts are in another language than the site's). */
  skipped: string[];
}

/** The sheet's own text fields for people; a type's field by its label. */
const SHEET_FIELD_LABELS: Record<string, string> = { title: 'Title', description: 'Description', imageAlt: 'Image description' };

export class TranslationExportError extends Error {
  override name = 'TranslationExportError';
}

/** Who exports, and when (the export's id and date). */
export interface ExportBy {
  actor: Actor;
  now?: Date;
}

export async function exportTranslations(db: ContentStore, request: TranslationExport, by: ExportBy): Promise<ExportedTranslation> {
  const site = await findPrimarySite(db);
  if (site === undefined) throw new TranslationExportError('The store has no site yet');
  const source = site.default_language;
  if (request.language === source) throw new TranslationExportError(`${request.language} is the site’s own language: there is nothing to translate into it`);
  const now = by.now ?? new Date();
  const id = newExportId(now);
  const type = await findSheetType(db);
  const fieldLabels = new Map(type.fields.map((field) => [`extra.${field.name}`, field.labels[source] ?? field.name]));
  // A field an admin retired is offered nowhere, so no translator is paid for it (docs/content-model.md).
  const retired = new Set(type.fields.filter((field) => field.retired).map((field) => `extra.${field.name}`));
  const context: UnitContext = { request, exportId: id };
  const groups: Array<{ id: string; units: UnitOut[] }> = [];
  const skipped: string[] = [];

  const release = request.releaseId === undefined ? undefined : await findRelease(db, request.releaseId);
  if (request.releaseId !== undefined && release === undefined) throw new TranslationExportError(`There is no release ${request.releaseId}`);
  const released = release === undefined ? undefined : await listReleaseItems(db, release.id);
  const sheetIds =
    released?.filter((item) => item.kind === 'sheet').map((item) => item.target_id) ??
    request.sheetIds ??
    (await listSheetRows(db, { siteId: site.id, sort: 'title', limit: 1_000_000, ...(request.outdated ? { outdated: request.language } : {}) })).rows.map(
      (row) => row.id,
    );
  for (const sheetId of sheetIds) {
    const view = await sheets.view(db, sheetId);
    if (view === null) throw new TranslationExportError(`There is no sheet ${sheetId}`);
    if (view.draft.primaryLanguage !== source) {
      skipped.push(`${view.label}: its texts are in ${view.draft.primaryLanguage}, not the site’s ${source}`);
      continue;
    }
    const units = await unitsOf(
      db,
      'sheet',
      sheetId,
      withoutFields(sheetTextsOf(view.draft), retired),
      context,
      (field) => SHEET_FIELD_LABELS[field] ?? fieldLabels.get(field) ?? field,
      `Sheet: ${view.label}`,
    );
    if (units.length > 0) groups.push({ id: `sheet.${sheetId}`, units });
  }

  if (request.withPages ?? true) {
    for (const row of await listStoredPages(db)) {
      if (released !== undefined && !released.some((item) => item.kind === 'page' && item.target_id === row.name)) continue;
      const view = await pages.view(db, row.name);
      if (view === null) continue;
      const labels = new Map(pageTexts(view.draft).map((text) => [text.key, text.label]));
      const units = await unitsOf(db, 'page', row.name, pageTextsOf(view.draft), context, (key) => labels.get(key) ?? key, `Page: ${view.draft.path}`);
      if (units.length > 0) groups.push({ id: `page.${row.name}`, units });
    }
  }

  const xml = await writeXliff({ sourceLanguage: languageTag(source), targetLanguage: languageTag(request.language), groups }, request.version);
  const units = groups.flatMap((group) => group.units);
  if (units.length > 0)
    await insertTranslationExport(db, {
      id,
      language: request.language,
      exportedBy: by.actor.label,
      exportedAt: now.toISOString(),
      texts: Object.fromEntries(units.map((unit) => [unit.id, unit.target ?? null])),
    });
  return { id, xml, units: units.length, skipped };
}

interface UnitContext {
  request: TranslationExport;
  exportId: string;
}

const withoutFields = (texts: TranslatedTexts, fields: Set<string>): TranslatedTexts => {
  const keep = (record: Record<string, string>) => Object.fromEntries(Object.entries(record).filter(([field]) => !fields.has(field)));
  return {
    source: keep(texts.source),
    translations: Object.fromEntries(Object.entries(texts.translations).map(([language, record]) => [language, keep(record)])),
  };
};

/** A target's units: each text it has in the primary language (only the outdated ones, when asked). */
async function unitsOf(
  db: ContentStore,
  kind: UnitPlace['kind'],
  target: string,
  texts: TranslatedTexts,
  { request, exportId }: UnitContext,
  labelOf: (field: string) => string,
  where: string,
): Promise<UnitOut[]> {
  const outdated = new Set(
    (await listMarks(db, kind, target)).filter((mark) => mark.language === request.language && mark.outdated === 1).map((mark) => mark.field),
  );
  const translations = texts.translations[request.language] ?? {};
  return Object.entries(texts.source).flatMap(([field, source]) => {
    if (source.trim() === '' || (request.outdated === true && !outdated.has(field))) return [];
    const translated = translations[field];
    const notes = [
      labelOf(field),
      where,
      ...(outdated.has(field) ? ['Outdated: the source text changed since this was translated'] : []),
      exportNote(exportId),
    ];
    const translation = translated === undefined || translated === '' ? {} : { target: translated, approved: !outdated.has(field) };
    return [{ id: unitId({ kind, target, field }), source, ...translation, notes }];
  });
}
