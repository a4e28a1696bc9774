/**
 * The browser bundle's files, read from Vite's manifest once at start. Without a build (unit and
 * integration tests) the page is served without scripts and styles: it still works, as it does
 * for a visitor without JavaScript.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CLIENT_ENTRY = 'src/site/entry-client.ts';

export interface ClientAssets {
  scripts: string[];
  styles: string[];
  /** Chunks the entry imports, preloaded so the browser fetches them in parallel. */
  preloads: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export const NO_CLIENT_ASSETS: ClientAssets = { scripts: [], styles: [], preloads: [] };

/**
 * Reads `{clientDir}/.vite/manifest.json` for an entry (the public page's by default); paths come
 * back relative to the bundle's folder as served (`{basePath}/assets/…` for the public page).
 */
export function readClientAssets(clientDir: string | null, entryName = CLIENT_ENTRY): ClientAssets {
  if (clientDir === null) return NO_CLIENT_ASSETS;
  const manifestPath = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`The browser bundle is missing (${manifestPath}); run npm run build`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[entryName];
  if (entry === undefined) throw new Error(`The browser bundle has no entry for ${entryName}; run npm run build`);
  const preloads: string[] = [];
  const styles = new Set(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || preloads.includes(chunk.file)) return;
    preloads.push(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of entry.imports ?? []) visit(key);
  return { scripts: [entry.file], styles: [...styles], preloads };
}
