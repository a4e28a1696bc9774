#!/usr/bin/env node
/**
 * Starts the built server on a fresh SQLite file in a temporary folder, removed on exit. Its pages
 * are the repository's own plus the test pages in tests/fixtures/pages, and the store gets one
 * extra SEO record full of hostile strings for the security specs.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';

const directory = mkdtempSync(join(tmpdir(), 'literature-e2e-'));
const pages = join(directory, 'pages');
mkdirSync(pages);
cpSync('pages', pages, { recursive: true });
cpSync('tests/fixtures/pages', pages, { recursive: true });
process.env.DATABASE_URL = `sqlite:${join(directory, 'site.db')}`;
process.env.PAGES_DIR = pages;
process.on('exit', () => rmSync(directory, { recursive: true, force: true }));

// Seed with the operator command, then add the hostile record the way an operator's SQL could.
const seeded = spawnSync(process.execPath, ['dist/server/cli.js', 'seed'], { stdio: 'inherit', env: process.env });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
// An account for the session specs, created as an operator would, the password on standard input.
const account = spawnSync(process.execPath, ['dist/server/cli.js', 'users', 'add', 'e2e@example.com'], { input: 'e2e password 1234\n', env: process.env });
if (account.status !== 0) {
  process.stderr.write(account.stderr);
  process.exit(account.status ?? 1);
}
const db = new Database(join(directory, 'site.db'));
const site = db.prepare('SELECT id FROM sites ORDER BY created_at, id LIMIT 1').get();
const hostile = '"><img src=x onerror="window.__pwned=1"></title><script>window.__pwned=1</script>';
db.prepare(
  'INSERT INTO seo_records (site_id, record_id, url_alias, record_name, object_name, fields, href_lang_urls, canonical_url, is_seo_indexed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
).run(
  site.id,
  'hostile',
  'hostile',
  `</title><script>window.__pwned=1</script>`,
  hostile,
  JSON.stringify({
    Name: `${hostile}' onfocus='window.__pwned=1' autofocus x='</script><script>window.__pwned=1</script>`,
    Link: 'javascript:window.__pwned=1',
    'Body.sfdc_cms:seoProperties.headTags':
      '<script>window.__pwned=1</script><meta http-equiv="refresh" content="0;url=javascript:window.__pwned=1"><link rel="stylesheet" href="https://evil.example/x.css"><meta name="keywords" content="kept">',
  }),
  JSON.stringify({ de_DE: 'javascript:window.__pwned=1' }),
  'javascript:window.__pwned=1',
  0,
);
db.close();

await import('../../dist/server/main.js');
