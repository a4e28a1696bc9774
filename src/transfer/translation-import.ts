/**
 * Translations back from translators (docs/editing.md, "Translation round trip"): an XLIFF file is
 * compared with the drafts first, unit by unit, and nothing changes until the editor applies the
 * comparison. Applying saves the new texts into the drafts, never onto the site, in one
 * transaction: all of them or none.
 *
 * A unit whose source is no longer the primary text (it changed since the file was exported) is
 * flagged and left out: its translation was made for a text the sheet no longer has.
 */
import { createHash } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { findPrimarySite, listActiveLanguages } from '../cms/repositories/sites';
import type { Actor } from '../editing/audit';
import { pages, pageTextsOf, withTranslation } from '../editing/pages';
import { sheets, sheetTextsOf } from '../editing/sheets';
import type { TranslatedTexts } from '../editing/translation-marks';
import type { PageDefinition } from '../page-model/page-definition';
import { canonicalJson } from '../shared/merge';
import type { SheetState, SheetTexts } from '../sheet/shape';
import { parseUnitId, type UnitPlace } from './translation-units';
import { readXliff, type UnitIn } from './xliff';

export interface TranslationChange extends UnitPlace {
  unit: string;
  /** The sheet's title, the page's path. */
  label: string;
  before: string | null;
  after: string;
}

export interface FlaggedUnit {
  unit: string;
  label: string | null;
  field: string | null;
  reason: string;
  /** The source as exported, and the primary text now, when the source changed. */
  exported?: string;
  current?: string;
}

export interface TranslationPlan {
  /** The language the texts are in, as the store names it (de_DE). */
  language: string;
  /** Names this comparison: applying it is refused when the drafts changed since. */
  digest: string;
  changes: TranslationChange[];
  /** Units whose translation the draft already has. */
  unchanged: number;
  /** Units with no translation in them, or one the file marks as not approved (a PO file's fuzzy entry). */
  untranslated: number;
  flagged: FlaggedUnit[];
  /** Units that are not ours (a PO header a tool added): left alone. */
  ignored: number;
}

export type TranslationImportFailure = 'invalid' | 'conflict';

export class TranslationImportError extends Error {
  override name = 'TranslationImportError';
  constructor(
    message: string,
    readonly reason: TranslationImportFailure,
  ) {
    super(message);
  }
}

interface Target {
  label: string;
  texts: TranslatedTexts;
  /** Whether it has texts in the language yet (a sheet's new language needs a title first). */
  hasLanguage: boolean;
}

const storeLanguage = (tag: string) => tag.replace('-', '_');
// Tools may trim a text or write its line ends as CRLF: neither is a change of the source.
const sameText = (a: string, b: string) => a.replace(/\r\n?/g, '\n').trim() === b.replace(/\r\n?/g, '\n').trim();

/** Compares an XLIFF file with the drafts: what applying it would change, and what it leaves out and why. */
export async function planTranslationImport(db: ContentStore, xml: string, chosenLanguage?: string): Promise<TranslationPlan> {
  const file = await readXliff(xml);
  const language = await languageOf(db, file.targetLanguage, chosenLanguage);
  const targets = new Map<string, Target | null>();
  const plan: Omit<TranslationPlan, 'digest'> = { language, changes: [], unchanged: 0, untranslated: 0, flagged: [], ignored: 0 };
  for (const unit of file.units) {
    const place = unit.id === null ? null : parseUnitId(unit.id);
    if (place === null) {
      plan.ignored += 1;
      continue;
    }
    const key = `${place.kind}.${place.target}`;
    if (!targets.has(key)) targets.set(key, await targetOf(db, place, language));
    judge(plan, unit, place, targets.get(key) ?? null);
  }
  needTitles(plan, targets);
  return {
    ...plan,
    digest: createHash('sha256')
      .update(canonicalJson({ language, changes: plan.changes }))
      .digest('hex'),
  };
}

function judge(plan: Omit<TranslationPlan, 'digest'>, unit: UnitIn, place: UnitPlace, target: Target | null): void {
  const flag = (reason: string, more: Partial<FlaggedUnit> = {}) => {
    plan.flagged.push({ unit: unit.name, label: target?.label ?? null, field: place.field, reason, ...more });
  };
  if (target === null) return flag(`there is no ${place.kind} ${place.target} (deleted, or in the trash)`);
  if (unit.problem !== undefined) return flag(unit.problem);
  if (unit.target === null || !unit.approved) {
    plan.untranslated += 1;
    return;
  }
  const current = target.texts.source[place.field];
  if (current === undefined) return flag(`the ${place.kind} no longer has this text`);
  if (!sameText(unit.source, current)) return flag('its source text changed since the file was exported', { exported: unit.source, current });
  const before = target.texts.translations[plan.language]?.[place.field] ?? null;
  if (before !== null && before === unit.target) plan.unchanged += 1;
  else plan.changes.push({ ...place, unit: unit.name, label: target.label, before, after: unit.target });
}

/** A sheet without texts in the language gets them only with a title: its other units wait for one. */
function needTitles(plan: Omit<TranslationPlan, 'digest'>, targets: Map<string, Target | null>): void {
  const titled = new Set(plan.changes.filter((change) => change.kind === 'sheet' && change.field === 'title').map((change) => change.target));
  plan.changes = plan.changes.filter((change) => {
    const untitled = change.kind === 'sheet' && targets.get(`sheet.${change.target}`)?.hasLanguage === false && !titled.has(change.target);
    if (untitled)
      plan.flagged.push({
        unit: change.unit,
        label: change.label,
        field: change.field,
        reason: `the sheet has no ${plan.language} text yet, and the file gives it no title`,
      });
    return !untitled;
  });
}

async function targetOf(db: ContentStore, place: UnitPlace, language: string): Promise<Target | null> {
  if (place.kind === 'sheet') {
    const view = await sheets.view(db, place.target);
    return view === null ? null : { label: view.label, texts: sheetTextsOf(view.draft), hasLanguage: view.draft.translations[language] !== undefined };
  }
  const view = await pages.view(db, place.target);
  return view === null ? null : { label: view.draft.path, texts: pageTextsOf(view.draft), hasLanguage: true };
}

/** The language to import into: the one chosen, else the file's; one of the site's, not its own. */
async function languageOf(db: ContentStore, fileLanguage: string | null, chosen: string | undefined): Promise<string> {
  const site = await findPrimarySite(db);
  if (site === undefined) throw new TranslationImportError('The store has no site yet', 'invalid');
  const language = chosen ?? (fileLanguage === null ? undefined : storeLanguage(fileLanguage));
  if (language === undefined) throw new TranslationImportError('The file does not say which language its translations are in: choose the language', 'invalid');
  if (chosen !== undefined && fileLanguage !== null && storeLanguage(fileLanguage) !== chosen)
    throw new TranslationImportError(`The file’s translations are in ${fileLanguage}, not ${chosen}`, 'invalid');
  if (language === site.default_language)
    throw new TranslationImportError(`${language} is the site’s own language: a translation cannot be imported into it`, 'invalid');
  if (!(await listActiveLanguages(db, site.id)).includes(language))
    throw new TranslationImportError(`${language} is not one of the site’s languages`, 'invalid');
  return language;
}

export interface AppliedTranslation {
  plan: TranslationPlan;
  /** The sheets and pages whose drafts changed, by label. */
  saved: string[];
}

/**
 * Applies the comparison `digest` names: each sheet's and page's new texts saved into its draft
 * (one version each, `import-translation`), in one transaction. Refused, changing nothing, when
 * the drafts changed since the comparison.
 */
export async function applyTranslationImport(
  db: ContentStore,
  xml: string,
  request: { language?: string; digest: string },
  actor: Actor,
  now = new Date(),
): Promise<AppliedTranslation> {
  return sheets.change(db, async (trx) => {
    const plan = await planTranslationImport(trx, xml, request.language);
    if (plan.digest !== request.digest)
      throw new TranslationImportError('The drafts changed since this file was compared with them: compare it again, then apply', 'conflict');
    // (Map.groupBy needs Node.js 21.)
    const byTarget = new Map<string, TranslationChange[]>();
    for (const change of plan.changes) byTarget.set(`${change.kind}.${change.target}`, [...(byTarget.get(`${change.kind}.${change.target}`) ?? []), change]);
    const saved: string[] = [];
    for (const changes of byTarget.values()) {
      const { kind, target, label } = changes[0]!;
      const texts = Object.fromEntries(changes.map((change) => [change.field, change.after]));
      const options = { now, event: 'import-translation' };
      if (kind === 'sheet') {
        const view = (await sheets.view(trx, target))!;
        await sheets.saveIn(trx, target, withSheetTexts(view.draft, plan.language, texts), view.revision, actor, options);
      } else {
        const view = (await pages.view(trx, target))!;
        await pages.saveIn(trx, target, withPageTexts(view.draft, plan.language, texts), view.revision, actor, options);
      }
      saved.push(label);
    }
    return { plan, saved };
  });
}

/** The sheet with texts of a language set by field (title, extra.purity); a new language links where the primary one does. */
function withSheetTexts(state: SheetState, language: string, texts: Record<string, string>): SheetState {
  const primary = state.translations[state.primaryLanguage];
  const translation: SheetTexts = structuredClone(state.translations[language] ?? { title: '', description: '', url: primary?.url ?? '', imageAlt: '' });
  for (const [field, text] of Object.entries(texts)) {
    if (field.startsWith('extra.')) translation.extra = { ...translation.extra, [field.slice('extra.'.length)]: text };
    else (translation as unknown as Record<string, string>)[field] = text;
  }
  return { ...state, translations: { ...state.translations, [language]: translation } };
}

function withPageTexts(page: PageDefinition, language: string, texts: Record<string, string>): PageDefinition {
  return withTranslation(page, language, { ...page.translations?.[language], ...texts });
}
