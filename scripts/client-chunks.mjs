/**
 * How the visitor's bundle is cut into files (decision 016: a guest downloads at most 75 KB of
 * gzip script by the first Show More, React included).
 *
 * - The bootstrap (entry-client.ts) and everything it imports stay in its own small file.
 * - The grid's island (grid-island.tsx) and all it imports that the bootstrap does not have (React,
 *   the JSX runtime, the data layer, the grid and its cards) are one file: the grid's code is
 *   fetched in one request and compressed as one, which costs about 1 KB less than the four files
 *   Rolldown would make by itself. The session code and the paginators stay files of their own.
 * - Dynamic imports are left as they are. Vite wraps each in a helper that preloads the chunks and
 *   styles the imported one depends on, so they come in parallel; with the grid's code in one file
 *   and no lazily loaded style, it would have nothing to preload, and it costs 0.6 KB in the
 *   bootstrap. The build fails if a lazily loaded chunk ever brings styles of its own.
 */

/** Vite's module holding the preload helper (`__vitePreload(load, deps, importerUrl)`). */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

export const CLIENT_CHUNKING = {
  groups: [
    { name: 'entry-client', tags: ['$initial'], priority: 2 },
    { name: 'grid-island', test: /[\\/]src[\\/]site[\\/]grid-island\.tsx$/, priority: 1 },
  ],
};

export function plainDynamicImports() {
  return {
    name: 'literature:plain-dynamic-imports',
    enforce: 'pre',
    load(id) {
      if (id === PRELOAD_HELPER_ID) return 'export const __vitePreload = (load) => load();';
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (!chunk.isEntry && (chunk.viteMetadata?.importedCss.size ?? 0) > 0) {
          this.error(`${chunk.fileName} imports styles, which nothing would load: import them from the entry (entry-client.ts) instead`);
        }
        // The helper's own event: a Vite that names its helper otherwise would bring it back unseen.
        if (chunk.code.includes('vite:preloadError')) this.error(`${chunk.fileName} holds Vite's preload helper: ${PRELOAD_HELPER_ID} is no longer its id`);
      }
    },
  };
}
