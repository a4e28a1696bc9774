#!/usr/bin/env node
/**
 * Builds the browser bundle (dist/client) and the server and CLI (dist/server) with Vite.
 * `--if-needed` skips the build when the sources have not changed since the last one (a hash of
 * every input is kept in dist/.build-hash), so `npm start` is fast after the first time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { CLIENT_CHUNKING, plainDynamicImports } from './client-chunks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HASH_FILE = join(root, 'dist', '.build-hash');
const INPUTS = ['src', 'public', 'package.json', 'package-lock.json', 'vite.config.ts', 'scripts/build.mjs', 'scripts/client-chunks.mjs'];

function* filesUnder(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx')) continue;
    yield* filesUnder(join(path, entry.name));
  }
}

function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of filesUnder(join(root, input))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

export function isBuildCurrent() {
  return existsSync(HASH_FILE) && existsSync(join(root, 'dist', 'server', 'main.js')) && readFileSync(HASH_FILE, 'utf8') === sourceHash();
}

export async function buildAll({ quiet = false } = {}) {
  // A production build whatever the caller runs under (a test runner sets NODE_ENV=test, which
  // would make Vite compile JSX for React's development runtime).
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const logLevel = quiet ? 'warn' : 'info';
  await build({
    root,
    logLevel,
    plugins: [plainDynamicImports()],
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      manifest: true,
      // Dynamic imports preload nothing (client-chunks.mjs).
      modulePreload: false,
      rollupOptions: { input: 'src/site/entry-client.ts', output: { codeSplitting: CLIENT_CHUNKING } },
    },
  });
  // The studio is a bundle of its own: none of its modules can end up in a visitor's download.
  await build({
    root,
    logLevel,
    publicDir: false,
    build: {
      outDir: 'dist/studio',
      emptyOutDir: true,
      manifest: true,
      rollupOptions: { input: 'src/studio/entry-studio.tsx' },
    },
  });
  await build({
    root,
    logLevel,
    publicDir: false,
    // Bundled, not loaded from node_modules: as ~940 modules of their own they held about 10 MB of
    // a server's memory (docs/operations.md, "Memory").
    ssr: { noExternal: ['kysely', 'typebox'] },
    build: {
      ssr: true,
      outDir: 'dist/server',
      emptyOutDir: true,
      target: 'node20',
      // Chunks sit beside the entries, so every module finds dist/client and the project root at
      // the same relative place.
      rollupOptions: {
        input: {
          main: 'src/server/main.ts',
          cli: 'src/cli/main.ts',
          'sqlite-worker': 'src/cms/sqlite/sqlite-worker.ts',
          // PDFs are read in workers of their own (src/files/pdf-reader.ts).
          'pdf-worker': 'src/files/pdf-worker.ts',
        },
        // Without doc comments: V8 keeps each module's source text in memory (docs/operations.md, "Memory").
        output: { chunkFileNames: '[name]-[hash].js', comments: { legal: true, annotation: false, jsdoc: false } },
      },
    },
  });
  for (const bundle of ['client', 'studio']) precompress(join(root, 'dist', bundle, 'assets'));
  writeFileSync(HASH_FILE, sourceHash());
}

/** Text a browser fetches, compressed once at the best settings, for the server to send as it is. */
const PRECOMPRESSED = /\.(?:js|css|svg|json|html|txt|xml|map)$/;

function precompress(folder) {
  for (const file of filesUnder(folder)) {
    if (!PRECOMPRESSED.test(file)) continue;
    const bytes = readFileSync(file);
    if (bytes.length < 1024) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }));
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

export async function ensureBuild() {
  if (isBuildCurrent()) return;
  console.log('Building Literature Sheets (first start or changed sources)…');
  await buildAll({ quiet: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-needed')) await ensureBuild();
  else await buildAll();
}
