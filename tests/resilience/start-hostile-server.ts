/**
 * The built server on a fresh SQLite file holding the demo content plus the hostile corpus,
 * imported with the operator's `content import` command, and a test page that shows it all.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_COLLECTION_KEY, writeHostileCorpus } from './hostile-corpus';
import { openDatabase } from '../../src/cms/database';
import { importManifest } from '../../src/transfer/import-content';
import { ManifestSchema, type Manifest } from '../../src/transfer/manifest';
import { checkValue } from '../../src/shared/schema/check';

const directory = mkdtempSync(join(tmpdir(), 'literature-hostile-'));
process.on('exit', () => rmSync(directory, { recursive: true, force: true }));
const pages = join(directory, 'pages');
mkdirSync(pages);
cpSync('pages', pages, { recursive: true });
const corpusPage = readFileSync(join(import.meta.dirname, 'pages', 'hostile-corpus.json'), 'utf8').replaceAll(
  '__CORPUS_COLLECTION_KEY__',
  CORPUS_COLLECTION_KEY,
);
writeFileSync(join(pages, 'hostile-corpus.json'), corpusPage);
process.env.DATABASE_URL = `sqlite:${join(directory, 'site.db')}`;
process.env.PAGES_DIR = pages;

function cli(...args: string[]): void {
  const result = spawnSync(process.execPath, ['dist/server/cli.js', ...args], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

cli('seed');
writeHostileCorpus(join(directory, 'corpus'));
await writeAroundTheChecks(join(directory, 'corpus'));
// The built server, as operators run it (a path the type checker does not follow).
const serverEntry = new URL('../../dist/server/main.js', import.meta.url).href;
await import(serverEntry);

/**
 * Writes the corpus through the store's repositories, around the import's checks: the import
 * refuses its links (javascript:, //host, …), and what is tested here is what the pages make of
 * such content when it is stored anyway (by an older version, or by hand).
 */
async function writeAroundTheChecks(folder: string): Promise<void> {
  // The schema's defaults filled in, and nothing refused: its problems are what is being tested.
  const manifest = checkValue<Manifest>(ManifestSchema, JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')), '(manifest)').value;
  const files = new Map([['files/image.svg', readFileSync(join(folder, 'files', 'image.svg'))]]);
  const store = openDatabase({ dialect: 'sqlite', path: join(directory, 'site.db') });
  try {
    await importManifest(store.db, manifest, files);
  } finally {
    await store.close();
  }
}
