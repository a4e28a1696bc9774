/**
 * The translations and settings commands as operators run them (the built CLI, a real store): a German export
 * as XLIFF 1.2, translated and imported back with a dry run first, then for real, as drafts; a
 * second agency's file of the same export changing the same text is a conflict, the draft's kept
 * unless --theirs-for names it; a file that is not XLIFF refused with its reason, nothing changed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { useCliStore } from '../helpers/server-store';

const folder = mkdtempSync(join(tmpdir(), 'translations-cli-'));
const run = useCliStore('seed');
afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

it('exports German texts, and imports a translation as drafts after showing what it changes', () => {
  const file = join(folder, 'de.xlf');
  // 1.2 when no format is asked for: the version most tools read.
  const exported = run(['translations', 'export', '--language', 'de_DE', file]);
  expect(exported.stderr).toBe('');
  expect(exported.stdout).toMatch(/^Wrote \d+ texts to translate into de_DE to .*de\.xlf \(XLIFF 1\.2, export tex-\d{8}-[0-9a-f]{8}\)\.$/m);
  const xml = readFileSync(file, 'utf8');
  expect(xml).toContain('urn:oasis:names:tc:xliff:document:1.2');

  writeFileSync(file, xml.replace('<target>Silan (SiH₄)</target>', '<target>Monosilan (SiH₄)</target>'));
  const dryRun = run(['translations', 'import', file, '--dry-run']);
  expect(dryRun.stdout).toContain('change   Silane (SiH₄) · title: "Silan (SiH₄)" → "Monosilan (SiH₄)"');
  expect(dryRun.stdout).toMatch(
    /1 to change, 0 in conflict, 0 changed in the studio since the export and kept, 0 not translated yet, 0 flagged and left out, \d+ already so/,
  );
  expect(dryRun.stdout).toContain('Nothing was changed.');
  expect(run(['translations', 'import', file])).toMatchObject({ status: 1, stderr: expect.stringContaining('Confirm with --yes') });

  const applied = run(['translations', 'import', file, '--yes']);
  expect(applied.stdout).toContain('Saved 1 text into the drafts of Silane (SiH₄). Publish them to put them on the site.');
  expect(run(['translations', 'import', file, '--dry-run']).stdout).toContain('0 to change');
  expect(run(['audit', '--limit', '1']).stdout).toContain('sheet.import-translation');

  // Another agency's file of the same export changes the same title: a conflict, the draft's kept unless chosen.
  const second = join(folder, 'de-second.xlf');
  writeFileSync(second, xml.replace('<target>Silan (SiH₄)</target>', '<target>Reinstsilan (SiH₄)</target>'));
  const unit = /id="(sheet\.\w+\.title)"[^>]*>\s*<source>Silane \(SiH₄\)</.exec(xml)![1]!;
  const compared = run(['translations', 'import', second, '--dry-run']);
  expect(compared.stdout).toContain(
    `conflict ${unit} (Silane (SiH₄) · title): draft "Monosilan (SiH₄)", file "Reinstsilan (SiH₄)": the draft’s is kept (--theirs-for to take the file’s)`,
  );
  expect(compared.stdout).toContain('0 to change, 1 in conflict');
  expect(run(['translations', 'import', second, '--yes']).stdout).toContain('Nothing was changed.');
  expect(run(['translations', 'import', second, '--theirs-for', 'sheet.nothing.title', '--yes'])).toMatchObject({
    status: 1,
    stderr: expect.stringContaining('--theirs-for: sheet.nothing.title is not one of the conflicts'),
  });
  expect(run(['translations', 'import', second, '--theirs-for', unit, '--yes']).stdout).toContain('Saved 1 text into the drafts of Silane (SiH₄).');
  expect(run(['translations', 'import', second, '--dry-run']).stdout).toContain('0 to change, 0 in conflict');
});

it('refuses a file that is not XLIFF, and the site’s own language', () => {
  const file = join(folder, 'not.xlf');
  writeFileSync(file, '<html></html>');
  expect(run(['translations', 'import', file])).toMatchObject({ status: 1, stderr: expect.stringContaining('This is not an XLIFF file') });
  expect(run(['translations', 'export', '--language', 'en_US', file])).toMatchObject({ status: 1, stderr: expect.stringContaining('the site’s own language') });
});

it('turns review before publish on and off, audited', () => {
  expect(run(['settings']).stdout).toBe('review\toff\n');
  expect(run(['settings', 'review', 'admins']).stdout).toContain('Publishing needs an approval by an admin from now on.');
  expect(run(['settings']).stdout).toBe('review\tadmins\n');
  expect(run(['settings', 'review', 'sometimes'])).toMatchObject({ status: 1, stderr: expect.stringContaining('settings review off|editors|admins') });
  expect(run(['audit', '--limit', '1']).stdout).toContain('settings.review');
});
