// The rooms of src/ and which may import which (docs/architecture.md draws the same map in words).
// `npm run lint` checks it with dependency-cruiser, type imports counted: an import a room's list
// does not name fails, and so does any circle of imports, inside a room or across rooms.
// Tests are left out of the room rules (they may reach across to build a real server), not of
// the circles.

/** Each room of src/, from the bottom up, with the rooms below it that it may import. */
export const ROOMS = {
  shared: [],
  sheet: ['shared'],
  'content-model': ['shared', 'sheet'],
  'page-model': ['shared', 'sheet', 'content-model'],
  files: ['shared'],
  cms: ['shared', 'sheet', 'content-model'],
  webhooks: ['shared', 'cms'],
  published: ['shared', 'sheet', 'content-model', 'cms'],
  search: ['shared', 'sheet', 'content-model', 'files', 'cms'],
  editing: ['shared', 'sheet', 'content-model', 'page-model', 'files', 'cms', 'webhooks', 'search'],
  transfer: ['shared', 'sheet', 'content-model', 'page-model', 'files', 'cms', 'webhooks', 'search', 'editing'],
  demo: ['shared', 'sheet', 'content-model', 'page-model', 'files', 'cms', 'search', 'editing'],
  http: ['shared', 'cms'],
  cdn: ['shared', 'cms'],
  api: ['shared', 'sheet', 'content-model', 'cms', 'published', 'search'],
  site: ['shared', 'sheet', 'content-model', 'page-model'],
  'editing-contract': ['shared', 'sheet', 'content-model', 'page-model'],
  studio: ['shared', 'sheet', 'content-model', 'page-model', 'site', 'editing-contract'],
  'editing-api': [
    'shared',
    'sheet',
    'content-model',
    'page-model',
    'files',
    'cms',
    'webhooks',
    'search',
    'editing',
    'transfer',
    'http',
    'cdn',
    'editing-contract',
  ],
  server: [
    'shared',
    'sheet',
    'content-model',
    'page-model',
    'files',
    'cms',
    'published',
    'webhooks',
    'search',
    'editing',
    'transfer',
    'demo',
    'http',
    'cdn',
    'api',
    'site',
    'editing-contract',
    'editing-api',
  ],
  cli: [
    'shared',
    'sheet',
    'content-model',
    'page-model',
    'files',
    'cms',
    'published',
    'webhooks',
    'search',
    'editing',
    'transfer',
    'demo',
    'http',
    'cdn',
    'api',
    'server',
  ],
};

/** Rooms whose code runs in the browser too: no Node.js module. */
export const BROWSER_ROOMS = ['shared', 'sheet', 'content-model', 'page-model', 'site', 'editing-contract', 'studio'];

const TEST_FILE = '\\.test\\.tsx?$';

/**
 * The studio one level down (docs/architecture.md, "Inside the studio"): a folder for each section
 * of its bar, and common/ for what several sections use. A section imports common/ and its own
 * folder, not another section's (but for the crossings below); common/ imports no section; nothing
 * in a folder imports the top, where the entry (entry-studio.tsx, with the bar) routes between the
 * sections. A piece a second section needs moves to common/, unless it is the first section's own.
 */
export const STUDIO_SECTIONS = [
  'sheets',
  'order',
  'pages',
  'imports',
  'translations',
  'releases',
  'trash',
  'searches',
  'fields',
  'accounts',
  'webhooks',
  'audit',
];

/** The files of another section a section may import, each for a reason its comment gives. */
export const STUDIO_CROSSINGS = {
  // The Trash and imports screen lists the last imports and undoes them with the Import screen's own
  // question (which sheets and fields it puts back, and what to do about later changes): one undo,
  // asked the same way from both screens, and it belongs to imports.
  trash: ['imports/undo.tsx'],
};

/**
 * The write side's own tables (drafts, versions, the trash, imports, reviews, releases, the audit
 * log): only the rooms that change the store reach their repositories. The editing API asks
 * editing/ (its one entrance to them); the server, the delivery API and what a visitor's page runs
 * read what is published, never these.
 */
export const WRITE_REPOSITORIES = ['editing', 'reviews', 'releases', 'audit-log'];
const WRITE_ROOMS = ['cms', 'editing', 'transfer', 'demo', 'cli'];

const writeSideRule = {
  name: 'write-repositories-behind-editing',
  comment: `Only ${WRITE_ROOMS.map((room) => `${room}/`).join(', ')} import the write side's repositories (${WRITE_REPOSITORIES.join(', ')}); the editing API goes through editing/.`,
  severity: 'error',
  from: { path: '^src/', pathNot: [`^src/(${WRITE_ROOMS.join('|')})/`, TEST_FILE] },
  to: { path: `^src/cms/repositories/(${WRITE_REPOSITORIES.join('|')})\\.ts$` },
};

const roomRules = Object.entries(ROOMS).map(([room, below]) => ({
  name: `${room}-imports-only-${below.length === 0 ? 'nothing' : 'its-list'}`,
  comment: `src/${room}/ may import ${below.length === 0 ? 'no other room' : below.map((name) => `${name}/`).join(', ')} (docs/architecture.md).`,
  severity: 'error',
  from: { path: `^src/${room}/`, pathNot: TEST_FILE },
  to: { path: '^src/([^/]+)/', pathNot: `^src/(${[room, ...below].join('|')})/` },
}));

const STUDIO_FOLDERS = ['common', ...STUDIO_SECTIONS];

const studioSectionRules = STUDIO_SECTIONS.map((section) => {
  const crossings = STUDIO_CROSSINGS[section] ?? [];
  return {
    name: `studio-${section}-imports-only-common`,
    comment: `src/studio/${section}/ may import src/studio/common/${crossings.map((path) => `, src/studio/${path}`).join('')} and its own folder: no other section, not the entry.`,
    severity: 'error',
    from: { path: `^src/studio/${section}/`, pathNot: TEST_FILE },
    to: { path: '^src/studio/', pathNot: [`^src/studio/(${section}|common)/`, ...crossings.map((path) => `^src/studio/${path.replaceAll('.', '\\.')}$`)] },
  };
});

const studioRules = [
  {
    name: 'studio-common-imports-no-section',
    comment: 'src/studio/common/ is what the sections share: it imports none of them, nor the entry.',
    severity: 'error',
    from: { path: '^src/studio/common/', pathNot: TEST_FILE },
    to: { path: '^src/studio/', pathNot: '^src/studio/common/' },
  },
  ...studioSectionRules,
  {
    name: 'every-studio-folder-named',
    comment: 'A folder of src/studio/ is common/ or a section STUDIO_SECTIONS names: a new section is added there.',
    severity: 'error',
    from: { path: '^src/studio/[^/]+/', pathNot: [`^src/studio/(${STUDIO_FOLDERS.join('|')})/`, TEST_FILE] },
    to: {},
  },
  {
    name: 'every-imported-studio-folder-named',
    comment: 'A file of src/studio/ that others import is at the top, in common/ or in a section STUDIO_SECTIONS names, even when it imports nothing itself.',
    severity: 'error',
    from: {},
    to: { path: '^src/studio/[^/]+/', pathNot: `^src/studio/(${STUDIO_FOLDERS.join('|')})/` },
  },
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    writeSideRule,
    {
      name: 'no-circular',
      comment: 'A circle makes the order modules start in matter, and hides which of two rooms is the lower.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'every-file-in-a-room',
      comment: 'Each file of src/ lives in one of the rooms ROOMS names: a new room is added there, with its place.',
      severity: 'error',
      from: { path: '^src/', pathNot: [`^src/(${Object.keys(ROOMS).join('|')})/`, TEST_FILE] },
      to: {},
    },
    {
      name: 'every-imported-file-in-a-room',
      comment: 'A file of src/ that others import lives in one of the rooms ROOMS names, even when it imports nothing itself.',
      severity: 'error',
      from: {},
      to: { path: '^src/', pathNot: `^src/(${Object.keys(ROOMS).join('|')})/` },
    },
    ...roomRules,
    ...studioRules,
    {
      name: 'browser-rooms-without-node',
      comment: `Code of ${BROWSER_ROOMS.join(', ')} runs in the browser too: no Node.js module.`,
      severity: 'error',
      from: { path: `^src/(${BROWSER_ROOMS.join('|')})/`, pathNot: TEST_FILE },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^node_modules', '\\.css$'] },
    // Type imports are imports: a circle closed by one is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
