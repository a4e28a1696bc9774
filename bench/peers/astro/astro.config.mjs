/**
 * The Astro peer: server output on @astrojs/node's standalone server (rendered per request; Astro 5
 * has no response cache of its own), React for the Show More island, stylesheets as files.
 */
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  build: { inlineStylesheets: 'never' },
  security: { checkOrigin: false },
  telemetry: false,
  devToolbar: { enabled: false },
  vite: { ssr: { external: ['better-sqlite3'] } },
});
