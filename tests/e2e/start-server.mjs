#!/usr/bin/env node
/** Starts the built server on a fresh SQLite file in a temporary folder, removed on exit. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const directory = mkdtempSync(join(tmpdir(), 'literature-e2e-'));
process.env.DATABASE_URL = `sqlite:${join(directory, 'site.db')}`;
process.on('exit', () => rmSync(directory, { recursive: true, force: true }));
await import('../../dist/server/main.js');
