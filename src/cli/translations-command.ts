/** `translations …`: texts out to translators as XLIFF, and their translations back in as drafts (docs/editing.md, "Translation round trip"). */
import { readFileSync, writeFileSync } from 'node:fs';
import { commandLineActor } from '../editing/audit';
import { exportTranslations } from '../transfer/translation-export';
import { applyTranslationImport, planTranslationImport, type TranslationPlan } from '../transfer/translation-import';
import { XLIFF_VERSIONS, type XliffVersion } from '../transfer/xliff';
import { confirm } from './confirm';
import { readOptions, withStore, type Command } from './command';

const USAGE = [
  'translations export --language <de_DE> <file.xlf> [--format 2.0|1.2] [--outdated] [--sheets <id,id,…> | --release <id>] [--no-pages]',
  'translations import <file.xlf> [--language <de_DE>] [--dry-run] [--yes]',
  '',
  'export writes the texts to translate into a language: every sheet’s (or those --sheets names, or a',
  'release’s sheets and pages, or',
  'with --outdated only the texts whose primary text changed since they were translated) and the',
  'pages’ texts, each with its source, the translation so far and notes saying what it is. XLIFF',
  '2.0 by default; 1.2 for tools that read only that.',
  'import compares a translated file with the drafts and prints what it would change; a unit',
  'whose source changed since the export is flagged and left out. Applied (after asking, or with',
  '--yes), the texts go into the drafts, never onto the site: publish them as usual.',
].join('\n');

export const translationsCommand: Command = {
  summary: 'Export texts for translation as XLIFF, or import a translated XLIFF file as drafts.',
  usage: USAGE,
  run: async ([action, ...rest]) => {
    if (action === 'export') {
      const { options, flags, positional } = readOptions(rest, ['language', 'format', 'sheets', 'release'], ['outdated', 'no-pages']);
      const [path] = positional;
      if (path === undefined || options.language === undefined) throw new Error(`Usage: npm run cli -- ${USAGE.split('\n')[0]}`);
      const version = (options.format ?? '2.0') as XliffVersion;
      if (!XLIFF_VERSIONS.includes(version)) throw new Error(`--format is 2.0 or 1.2, not ${options.format}`);
      return withStore(async (store) => {
        const exported = await exportTranslations(store.db, {
          language: options.language!,
          version,
          outdated: flags.has('outdated'),
          withPages: !flags.has('no-pages'),
          ...(options.sheets === undefined ? {} : { sheetIds: options.sheets.split(',').filter(Boolean) }),
          ...(options.release === undefined ? {} : { releaseId: options.release }),
        });
        writeFileSync(path, exported.xml);
        console.log(`Wrote ${exported.units} text${exported.units === 1 ? '' : 's'} to translate into ${options.language} to ${path} (XLIFF ${version}).`);
        for (const skipped of exported.skipped) console.log(`Left out ${skipped}.`);
      });
    }
    if (action === 'import') {
      const { options, flags, positional } = readOptions(rest, ['language'], ['dry-run', 'yes']);
      const [path] = positional;
      if (path === undefined) throw new Error(`Usage: npm run cli -- ${USAGE.split('\n')[1]}`);
      const xml = readFileSync(path, 'utf8');
      return withStore(async (store) => {
        const plan = await planTranslationImport(store.db, xml, options.language);
        console.log(describePlan(plan));
        if (flags.has('dry-run') || plan.changes.length === 0) return console.log('Nothing was changed.');
        if (!flags.has('yes')) {
          if (!process.stdin.isTTY) throw new Error('Confirm with --yes (or see the comparison with --dry-run); nothing was changed.');
          if (!(await confirm(`Save these ${plan.changes.length} texts into the drafts?`))) return console.log('Nothing was changed.');
        }
        const applied = await applyTranslationImport(store.db, xml, { language: plan.language, digest: plan.digest }, commandLineActor());
        console.log(
          `Saved ${plan.changes.length} text${plan.changes.length === 1 ? '' : 's'} into the drafts of ${applied.saved.join(', ')}. Publish them to put them on the site.`,
        );
      });
    }
    throw new Error(`Usage:\n${USAGE}`);
  },
};

/** The comparison in words: each change, each flagged unit, and what was left alone. */
function describePlan(plan: TranslationPlan): string {
  const lines = [`Translations into ${plan.language}:`];
  for (const change of plan.changes)
    lines.push(`  change  ${change.label} · ${change.field}: ${JSON.stringify(change.before ?? '')} → ${JSON.stringify(change.after)}`);
  for (const flagged of plan.flagged)
    lines.push(
      `  flagged ${flagged.label ?? flagged.unit} · ${flagged.field ?? ''}: ${flagged.reason}${flagged.current === undefined ? '' : ` (now ${JSON.stringify(flagged.current)})`}`,
    );
  lines.push(
    `${plan.changes.length} to change, ${plan.flagged.length} flagged and left out, ${plan.unchanged} already so, ${plan.untranslated} without a translation${plan.ignored > 0 ? `, ${plan.ignored} not ours (left alone)` : ''}.`,
  );
  return lines.join('\n');
}
