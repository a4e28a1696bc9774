/**
 * Translations back from translators (docs/editing.md, "Translation round trip"): an XLIFF file is
 * compared with the drafts first, unit by unit, and nothing changes until the editor applies the
 * comparison. Applying saves the new texts into the drafts, never onto the site, in one
 * transaction: all of them or none.
 *
 * Each text is merged three ways against what its export sent (translation-merge.ts): what the
 * studio changed since stays, unless the file changed it too; then the editor chooses, per text.
 * Left out, with why: a unit whose source is no longer the primary text (its translation was made
 * for a text the sheet no longer has), one the file marks as not translated yet (unless asked
 * for), markup a tool put in a text.
 */
import { createHash } from 'node:crypto';
import type { ContentStore } from '../cms/database';
import { findSheetType } from '../cms/repositories/content-types';
import { findPrimarySite, listActiveLanguages } from '../cms/repositories/sites';
import { findTranslationExports } from '../cms/repositories/translation-exports';
import type { Actor } from '../editing/audit';
import { pages, pageTextsOf, withTranslation } from '../editing/pages';
import { sheets, sheetTextsOf } from '../editing/sheets';
import type { TranslatedTexts } from '../editing/translation-marks';
import type { PageDefinition } from '../page-model/page-definition';
import { canonicalJson } from '../shared/merge';
import type { SheetState, SheetTexts } from '../sheet/shape';
import { exportIdOf } from './translation-export-id';
import { chooseImportLanguage } from './translation-language';
import { mergeTranslations, sameText, type MergeCandidate, type TranslationChange, type TranslationConflict } from './translation-merge';
import { parseUnitId, unitId, type UnitPlace } from './translation-units';
import type { UnitIn } from './xliff';
import { readXliff } from './xliff-read';

export interface FlaggedUnit {
  unit: string;
  label: string | null;
  field: string | null;
  reason: string;
  /** The source as exported, and the primary text now, when the source changed. */
  exported?: string;
  current?: string;
}

/** A unit whose translation the file says is not done yet: left out unless the importer asks for it. */
export interface NotTranslatedUnit {
  unit: string;
  label: string;
  field: string;
  /** What the file says: its state (new, needs-translation, initial) or "not approved". */
  state: string;
  target: string;
}

export interface TranslationPlan {
  /** The language the texts are in, as the store names it (de_DE). */
  language: string;
  /** Names this comparison: applying it is refused when the drafts changed since. */
  digest: string;
  changes: TranslationChange[];
  /** Texts the file and the studio both changed since the export: the editor chooses, per text. */
  conflicts: TranslationConflict[];
  /** Units whose translation the draft already has. */
  unchanged: number;
  /** Texts changed in the studio since the export that the file leaves as they were sent: kept. */
  kept: number;
  /** Units with no translation in them. */
  untranslated: number;
  notTranslated: NotTranslatedUnit[];
  flagged: FlaggedUnit[];
  /** Units that are not ours (a PO header a tool added): left alone. */
  ignored: number;
  /** The exports the file's units came from, as the store knows them. */
  exports: string[];
  /** Units of ours that name no export the store knows: each text of theirs the draft has is a conflict. */
  withoutExport: number;
}

export interface ImportOptions {
  /** The language the translations are in; the file's when not given. */
  language?: string;
  /** Take the units the file marks as not translated yet too. */
  includeNotTranslated?: boolean;
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

type Planning = Omit<TranslationPlan, 'digest' | 'changes' | 'conflicts' | 'unchanged' | 'kept'>;

/** Compares an XLIFF file with the drafts: what applying it would change, and what it leaves out and why. */
export async function planTranslationImport(db: ContentStore, xml: string, options: ImportOptions = {}): Promise<TranslationPlan> {
  const file = await readXliff(xml);
  const language = await languageOf(db, file.targetLanguage, options.language);
  const bases = await basesOf(db, file.units, language);
  const retired = new Set((await findSheetType(db)).fields.filter((field) => field.retired).map((field) => `extra.${field.name}`));
  const targets = new Map<string, Target | null>();
  const plan: Planning = { language, untranslated: 0, notTranslated: [], flagged: [], ignored: 0, exports: [...bases.known], withoutExport: 0 };
  const candidates: MergeCandidate[] = [];
  const seen = new Set<string>();
  for (const unit of file.units) {
    const place = unit.id === null ? null : parseUnitId(unit.id);
    if (place === null) {
      plan.ignored += 1;
      continue;
    }
    const key = `${place.kind}.${place.target}`;
    if (!targets.has(key)) targets.set(key, await targetOf(db, place, language));
    const target = targets.get(key) ?? null;
    const flag = (reason: string, more: Partial<FlaggedUnit> = {}) => {
      plan.flagged.push({ unit: unit.name, label: target?.label ?? null, field: place.field, reason, ...more });
    };
    const id = unitId(place);
    if (seen.has(id)) flag('the file has this text twice: only its first unit is read');
    else if (target === null) flag(`there is no ${place.kind} ${place.target} (deleted, or in the trash)`);
    else if (place.kind === 'sheet' && retired.has(place.field)) flag('its field is retired: it is no longer translated');
    else {
      const base = bases.byUnit.get(unit)?.[id];
      const candidate = judge(plan, unit, place, target, { ...options, base }, flag);
      if (candidate !== null) {
        if (base === undefined) plan.withoutExport += 1;
        candidates.push({ ...candidate, base });
      }
    }
    seen.add(id);
  }
  const merged = mergeTranslations(candidates);
  const changes = needTitles(plan, merged.changes, targets);
  return {
    ...plan,
    ...merged,
    changes,
    digest: createHash('sha256')
      .update(canonicalJson({ language, changes, conflicts: merged.conflicts }))
      .digest('hex'),
  };
}

/** A unit that could be taken (its source is the primary text, it has a translation the file calls done), or null: counted or flagged. */
function judge(
  plan: Planning,
  unit: UnitIn,
  place: UnitPlace,
  target: Target,
  options: ImportOptions & { base: string | null | undefined },
  flag: (reason: string, more?: Partial<FlaggedUnit>) => void,
): Omit<MergeCandidate, 'base'> | null {
  if (unit.problem !== undefined) {
    flag(unit.problem);
    return null;
  }
  if (unit.target === null) {
    plan.untranslated += 1;
    return null;
  }
  const current = target.texts.source[place.field];
  if (current === undefined) {
    flag(`the ${place.kind} no longer has this text`);
    return null;
  }
  if (!sameText(unit.source, current)) {
    flag('its source text changed since the file was exported', { exported: unit.source, current });
    return null;
  }
  // Our export marks an outdated text approved="no"; a translator whose tool leaves that mark as it
  // was but changes the text has translated it. A state (new, needs-translation, initial) is the
  // tool's own word that the text is not done, whatever it holds (pomerge writes the source there).
  const edited = unit.unfinished === 'not approved' && typeof options.base === 'string' && !sameText(unit.target, options.base);
  if (unit.unfinished !== null && !edited && options.includeNotTranslated !== true) {
    plan.notTranslated.push({ unit: unit.name, label: target.label, field: place.field, state: unit.unfinished, target: unit.target });
    return null;
  }
  const ours = target.texts.translations[plan.language]?.[place.field];
  return { unit: unit.name, id: unitId(place), place, label: target.label, theirs: unit.target, ours: ours === undefined || ours === '' ? null : ours };
}

/**
 * What each unit's export sent, where the file names an export the store has in this language:
 * by unit, the export's texts. A unit without one has no base (translation-merge.ts).
 */
async function basesOf(db: ContentStore, units: UnitIn[], language: string) {
  const named = new Map(units.map((unit) => [unit, exportIdOf(unit.notes)]));
  const ids = [...new Set([...named.values()].filter((id): id is string => id !== null))];
  const exports = new Map((await findTranslationExports(db, ids)).filter((record) => record.language === language).map((record) => [record.id, record.texts]));
  const byUnit = new Map<UnitIn, Record<string, string | null>>();
  for (const [unit, id] of named) {
    const texts = id === null ? undefined : exports.get(id);
    if (texts !== undefined) byUnit.set(unit, texts);
  }
  return { known: [...exports.keys()], byUnit };
}

/** A sheet without texts in the language gets them only with a title: its other units wait for one. */
function needTitles(plan: Planning, changes: TranslationChange[], targets: Map<string, Target | null>): TranslationChange[] {
  const titled = new Set(changes.filter((change) => change.kind === 'sheet' && change.field === 'title').map((change) => change.target));
  return changes.filter((change) => {
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

/** The language to import into (translation-language.ts): one of the site's, not its own. */
async function languageOf(db: ContentStore, fileLanguage: string | null, chosen: string | undefined): Promise<string> {
  const site = await findPrimarySite(db);
  if (site === undefined) throw new TranslationImportError('The store has no site yet', 'invalid');
  const choice = chooseImportLanguage(fileLanguage, chosen, await listActiveLanguages(db, site.id));
  if ('problem' in choice) throw new TranslationImportError(choice.problem, 'invalid');
  if (choice.language === site.default_language)
    throw new TranslationImportError(`${choice.language} is the site’s own language: a translation cannot be imported into it`, 'invalid');
  return choice.language;
}

export interface ApplyRequest extends ImportOptions {
  /** The comparison's digest. */
  digest: string;
  /** For each conflict (by its unit), whose text to keep: the draft's (`ours`, when not said) or the file's (`theirs`). */
  choices?: Record<string, 'ours' | 'theirs'>;
}

export interface AppliedTranslation {
  plan: TranslationPlan;
  /** The sheets and pages whose drafts changed, by label. */
  saved: string[];
  /** How many texts were saved: the changes, and the conflicts settled for the file's. */
  texts: number;
}

/**
 * Applies the comparison `digest` names: each sheet's and page's new texts (its changes, and its
 * conflicts the editor settled for the file's text) saved into its draft (one version each,
 * `import-translation`), in one transaction. Refused, changing nothing, when the drafts changed
 * since the comparison.
 */
export async function applyTranslationImport(
  db: ContentStore,
  xml: string,
  request: ApplyRequest,
  actor: Actor,
  now = new Date(),
): Promise<AppliedTranslation> {
  return sheets.change(db, async (trx) => {
    const plan = await planTranslationImport(trx, xml, request);
    if (plan.digest !== request.digest)
      throw new TranslationImportError('The drafts changed since this file was compared with them: compare it again, then apply', 'conflict');
    const taken = [...plan.changes, ...chosenTexts(plan, request.choices ?? {})];
    // (Map.groupBy needs Node.js 21.)
    const byTarget = new Map<string, TranslationChange[]>();
    for (const change of taken) byTarget.set(`${change.kind}.${change.target}`, [...(byTarget.get(`${change.kind}.${change.target}`) ?? []), change]);
    const saved: string[] = [];
    for (const changes of byTarget.values()) {
      const { kind, target, label } = changes[0]!;
      const texts = Object.fromEntries(changes.map((change) => [change.field, change.after]));
      const options = { now, event: 'import-translation' };
      if (kind === 'sheet') {
        const view = (await sheets.view(trx, target))!;
        if (view.draft.translations[plan.language] === undefined && texts.title === undefined)
          throw new TranslationImportError(`${label} has no ${plan.language} text: take the file’s title too`, 'invalid');
        await sheets.saveIn(trx, target, withSheetTexts(view.draft, plan.language, texts), view.revision, actor, options);
      } else {
        const view = (await pages.view(trx, target))!;
        await pages.saveIn(trx, target, withPageTexts(view.draft, plan.language, texts), view.revision, actor, options);
      }
      saved.push(label);
    }
    return { plan, saved, texts: taken.length };
  });
}

/** The conflicts settled for the file's text, as changes; a choice for a text that is no conflict is refused. */
function chosenTexts(plan: TranslationPlan, choices: Record<string, 'ours' | 'theirs'>): TranslationChange[] {
  const conflicts = new Map(plan.conflicts.map((conflict) => [conflict.unit, conflict]));
  for (const unit of Object.keys(choices))
    if (!conflicts.has(unit)) throw new TranslationImportError(`${unit} is not one of the comparison’s conflicts`, 'invalid');
  return plan.conflicts
    .filter((conflict) => choices[conflict.unit] === 'theirs')
    .map((conflict) => ({
      kind: conflict.kind,
      target: conflict.target,
      field: conflict.field,
      unit: conflict.unit,
      label: conflict.label,
      before: conflict.ours,
      after: conflict.theirs,
    }));
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
