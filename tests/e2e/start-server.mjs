#!/usr/bin/env node
/**
 * Starts the built server on a fresh SQLite file in a temporary folder, removed on exit. Its pages
 * are the repository's own plus the test pages in tests/fixtures/pages.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const directory = mkdtempSync(join(tmpdir(), 'literature-e2e-'));
const pages = join(directory, 'pages');
mkdirSync(pages);
cpSync('pages', pages, { recursive: true });
cpSync('tests/fixtures/pages', pages, { recursive: true });
process.env.DATABASE_URL = `sqlite:${join(directory, 'site.db')}`;
process.env.PAGES_DIR = pages;
process.on('exit', () => rmSync(directory, { recursive: true, force: true }));
await import('../../dist/server/main.js');
