/** `translations …`: texts out to translators as XLIFF, and their translations back in as drafts (docs/editing.md, "Translation round trip"). */
import { readFileSync, writeFileSync } from 'node:fs';
import { commandLineActor } from '../editing/audit';
import { exportTranslations } from '../transfer/translation-export';
import { applyTranslationImport, planTranslationImport, type ImportOptions, type TranslationPlan } from '../transfer/translation-import';
import { DEFAULT_XLIFF_VERSION, XLIFF_VERSIONS, type XliffVersion } from '../transfer/xliff';
import { confirm } from './confirm';
import { readOptions, withStore, type Command } from './command';

const USAGE = [
  'translations export --language <de_DE> <file.xlf> [--format 1.2|2.0] [--outdated] [--sheets <id,id,…> | --release <id>] [--no-pages]',
  'translations import <file.xlf> [--language <de_DE>] [--include-not-translated] [--theirs | --theirs-for <unit,unit,…>] [--dry-run] [--yes]',
  '',
  'export writes the texts to translate into a language: every sheet’s (or those --sheets names, or a',
  'release’s sheets and pages, or',
  'with --outdated only the texts whose primary text changed since they were translated) and the',
  'pages’ texts, each with its source, the translation so far and notes saying what it is. XLIFF',
  '1.2 by default, which most tools read (docs/translators.md); 2.0 for tools that read it.',
  'import compares a translated file with the drafts and prints what it would change; a unit',
  'whose source changed since the export is flagged and left out, and one the file marks as not',
  'translated yet too, unless --include-not-translated. A text changed both in the studio since the',
  'export and by the file is a conflict: the draft’s is kept, unless --theirs (every conflict) or',
  '--theirs-for names its unit. Applied (after asking, or with --yes), the texts go into the',
  'drafts, never onto the site: publish them as usual.',
].join('\n');

export const translationsCommand: Command = {
  summary: 'Export texts for translation as XLIFF, or import a translated XLIFF file as drafts.',
  usage: USAGE,
  run: async ([action, ...rest]) => {
    if (action === 'export') {
      const { options, flags, positional } = readOptions(rest, ['language', 'format', 'sheets', 'release'], ['outdated', 'no-pages']);
      const [path] = positional;
      if (path === undefined || options.language === undefined) throw new Error(`Usage: npm run cli -- ${USAGE.split('\n')[0]}`);
      const version = (options.format ?? DEFAULT_XLIFF_VERSION) as XliffVersion;
      if (!XLIFF_VERSIONS.includes(version)) throw new Error(`--format is 1.2 or 2.0, not ${options.format}`);
      return withStore(async (store) => {
        const exported = await exportTranslations(
          store.db,
          {
            language: options.language!,
            version,
            outdated: flags.has('outdated'),
            withPages: !flags.has('no-pages'),
            ...(options.sheets === undefined ? {} : { sheetIds: options.sheets.split(',').filter(Boolean) }),
            ...(options.release === undefined ? {} : { releaseId: options.release }),
          },
          { actor: commandLineActor() },
        );
        writeFileSync(path, exported.xml);
        console.log(
          `Wrote ${exported.units} text${exported.units === 1 ? '' : 's'} to translate into ${options.language} to ${path} (XLIFF ${version}, export ${exported.id}).`,
        );
        for (const skipped of exported.skipped) console.log(`Left out ${skipped}.`);
      });
    }
    if (action === 'import') {
      const { options, flags, positional } = readOptions(rest, ['language', 'theirs-for'], ['dry-run', 'yes', 'include-not-translated', 'theirs']);
      const [path] = positional;
      if (path === undefined) throw new Error(`Usage: npm run cli -- ${USAGE.split('\n')[1]}`);
      const xml = readFileSync(path, 'utf8');
      return withStore(async (store) => {
        const importOptions: ImportOptions = { includeNotTranslated: flags.has('include-not-translated') };
        if (options.language !== undefined) importOptions.language = options.language;
        const plan = await planTranslationImport(store.db, xml, importOptions);
        const choices = choicesOf(plan, flags.has('theirs'), options['theirs-for']);
        const taken = plan.changes.length + Object.keys(choices).length;
        console.log(describePlan(plan, choices));
        if (flags.has('dry-run') || taken === 0) return console.log('Nothing was changed.');
        if (!flags.has('yes')) {
          if (!process.stdin.isTTY) throw new Error('Confirm with --yes (or see the comparison with --dry-run); nothing was changed.');
          if (!(await confirm(`Save these ${taken} texts into the drafts?`))) return console.log('Nothing was changed.');
        }
        const applied = await applyTranslationImport(
          store.db,
          xml,
          { ...importOptions, language: plan.language, digest: plan.digest, choices },
          commandLineActor(),
        );
        console.log(
          `Saved ${applied.texts} text${applied.texts === 1 ? '' : 's'} into the drafts of ${applied.saved.join(', ')}. Publish them to put them on the site.`,
        );
      });
    }
    throw new Error(`Usage:\n${USAGE}`);
  },
};

/** The file's text for the conflicts named (all, with --theirs); the draft's for the rest. A unit that is no conflict is refused. */
function choicesOf(plan: TranslationPlan, allTheirs: boolean, named: string | undefined): Record<string, 'theirs'> {
  const units = new Set(plan.conflicts.map((conflict) => conflict.unit));
  const chosen = allTheirs ? [...units] : (named ?? '').split(',').filter(Boolean);
  for (const unit of chosen) if (!units.has(unit)) throw new Error(`--theirs-for: ${unit} is not one of the conflicts; nothing was changed.`);
  return Object.fromEntries(chosen.map((unit) => [unit, 'theirs' as const]));
}

/** The comparison in words: each change, each conflict and whose text is kept, each unit left out, and what was left alone. */
function describePlan(plan: TranslationPlan, choices: Record<string, 'theirs'>): string {
  const lines = [`Translations into ${plan.language}:`];
  const text = (value: string | null) => JSON.stringify(value ?? '');
  for (const change of plan.changes) lines.push(`  change   ${change.label} · ${change.field}: ${text(change.before)} → ${text(change.after)}`);
  for (const conflict of plan.conflicts) {
    const taken = choices[conflict.unit] === 'theirs' ? 'the file’s is taken' : 'the draft’s is kept (--theirs-for to take the file’s)';
    lines.push(`  conflict ${conflict.unit} (${conflict.label} · ${conflict.field}): draft ${text(conflict.ours)}, file ${text(conflict.theirs)}: ${taken}`);
  }
  for (const unit of plan.notTranslated)
    lines.push(`  not translated yet ${unit.label} · ${unit.field} (${unit.state}): left out (--include-not-translated to take it)`);
  for (const flagged of plan.flagged)
    lines.push(
      `  flagged  ${flagged.label ?? flagged.unit} · ${flagged.field ?? ''}: ${flagged.reason}${flagged.current === undefined ? '' : ` (now ${text(flagged.current)})`}`,
    );
  if (plan.withoutExport > 0)
    lines.push(`${plan.withoutExport} unit(s) name no export this store knows: a text the draft has and the file changes is a conflict.`);
  lines.push(
    [
      `${plan.changes.length} to change`,
      `${plan.conflicts.length} in conflict`,
      `${plan.kept} changed in the studio since the export and kept`,
      `${plan.notTranslated.length} not translated yet`,
      `${plan.flagged.length} flagged and left out`,
      `${plan.unchanged} already so`,
      `${plan.untranslated} without a translation`,
      ...(plan.ignored > 0 ? [`${plan.ignored} not ours (left alone)`] : []),
    ].join(', ') + '.',
  );
  return lines.join('\n');
}
