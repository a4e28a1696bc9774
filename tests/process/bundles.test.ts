/**
 * The studio is a bundle of its own (decision 015): Vite's manifest of the public page's build
 * names no module of the studio, so none can reach a visitor's download, and the studio's own
 * manifest has its entry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIfNeeded } from '../helpers/server-process';

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const manifestOf = (build: string) => JSON.parse(readFileSync(join('dist', build, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

beforeAll(() => {
  buildIfNeeded();
}, 120_000);

describe('the bundles', () => {
  it('keeps every studio module out of the public page’s module graph', () => {
    const modules = Object.entries(manifestOf('client')).flatMap(([key, chunk]) => [
      key,
      chunk.src ?? '',
      ...(chunk.imports ?? []),
      ...(chunk.dynamicImports ?? []),
    ]);
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((name) => name.includes('src/studio/'))).toEqual([]);
  });

  it('ships none of the studio’s code to visitors', () => {
    const scripts = readdirSync(join('dist', 'client', 'assets'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // Words only the studio says.
    for (const name of scripts)
      expect(readFileSync(join('dist', 'client', 'assets', name), 'utf8')).not.toMatch(/Keep these and save|Leave with unsaved changes/);
  });

  it('builds the studio from its own entry', () => {
    expect(manifestOf('studio')['src/studio/entry-studio.tsx']?.file).toMatch(/\.js$/);
  });
});
