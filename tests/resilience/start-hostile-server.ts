/**
 * The built server on a fresh SQLite file holding the demo content plus the hostile corpus,
 * imported with the operator's `content import` command, and a test page that shows it all.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS_COLLECTION_KEY, writeHostileCorpus } from './hostile-corpus';

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
cli('content', 'import', join(directory, 'corpus'));
// The built server, as operators run it (a path the type checker does not follow).
const serverEntry = new URL('../../dist/server/main.js', import.meta.url).href;
await import(serverEntry);
