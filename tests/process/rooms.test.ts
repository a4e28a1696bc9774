/**
 * The rooms of src/ and their order (.dependency-cruiser.mjs, docs/architecture.md), as `npm run
 * lint` checks them: a tree of the project's own rooms with one import added that runs the wrong
 * way, or closes a circle with a type import, fails; the same tree without it passes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';
import rules from '../../.dependency-cruiser.mjs';

let tree: string;

afterEach(() => rmSync(tree, { recursive: true, force: true }));

/** Writes the files into a new tree and cruises its src/ with the project's rules. */
async function cruiseTree(files: Record<string, string>): Promise<string[]> {
  tree = mkdtempSync(join(tmpdir(), 'rooms-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  const cwd = process.cwd();
  process.chdir(tree);
  try {
    // The tree's own tsconfig.json is read by the command line only: the API is given none.
    const options = { ...rules.options, tsConfig: undefined, validate: true, ruleSet: { forbidden: rules.forbidden } };
    const { output } = await cruise(['src'], options);
    return (output as ICruiseResult).summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
  } finally {
    process.chdir(cwd);
  }
}

const ROOMS_IN_ORDER = {
  'src/shared/text.ts': 'export const trimmed = (text: string) => text.trim();\n',
  'src/cms/store.ts': "import { trimmed } from '../shared/text';\nexport const stored = (text: string) => trimmed(text);\n",
  'src/server/app.ts': "import { stored } from '../cms/store';\nexport const app = () => stored(' a ');\n",
};

describe('the rooms of src/', () => {
  it('pass when each imports only rooms below it', async () => {
    expect(await cruiseTree(ROOMS_IN_ORDER)).toEqual([]);
  });

  it('fail on an import that runs up, a type import too', async () => {
    const violations = await cruiseTree({
      ...ROOMS_IN_ORDER,
      'src/cms/store.ts': "import type { app } from '../server/app';\nexport type App = typeof app;\nexport const stored = (text: string) => text;\n",
    });
    expect(violations).toContain('cms-imports-only-its-list: src/cms/store.ts → src/server/app.ts');
    expect(violations).toContain('no-circular: src/cms/store.ts → src/server/app.ts');
  });

  it('fail on a Node.js module in a room that runs in the browser, and on a file in no room', async () => {
    const violations = await cruiseTree({
      ...ROOMS_IN_ORDER,
      'src/shared/text.ts': "import { EOL } from 'node:os';\nexport const trimmed = (text: string) => text.trim() + EOL;\n",
      'src/lost/thing.ts': "import { trimmed } from '../shared/text';\nexport const thing = trimmed('x');\n",
    });
    expect(violations).toEqual(
      expect.arrayContaining(['browser-rooms-without-node: src/shared/text.ts → os', 'every-file-in-a-room: src/lost/thing.ts → src/shared/text.ts']),
    );
  });

  it('fail on importing a file in no room, even one that imports nothing', async () => {
    const violations = await cruiseTree({
      ...ROOMS_IN_ORDER,
      'src/lost/leaf.ts': 'export const leaf = 1;\n',
      'src/server/app.ts': "import { leaf } from '../lost/leaf';\nexport const app = () => leaf;\n",
    });
    expect(violations).toContain('every-imported-file-in-a-room: src/server/app.ts → src/lost/leaf.ts');
  });
});

/** A studio in its folders as the rules want it: sections over common/, the entry over the sections. */
const STUDIO_IN_ORDER = {
  'src/studio/common/api.ts': 'export const call = (path: string) => path;\n',
  'src/studio/sheets/sheet-screen.tsx': "import { call } from '../common/api';\nexport const SheetScreen = () => call('/sheets');\n",
  'src/studio/imports/undo.tsx': "import { call } from '../common/api';\nexport const ImportUndo = () => call('/imports');\n",
  'src/studio/trash/trash-screen.tsx': "import { ImportUndo } from '../imports/undo';\nexport const TrashScreen = () => ImportUndo();\n",
  'src/studio/entry-studio.tsx':
    "import { SheetScreen } from './sheets/sheet-screen';\nimport { TrashScreen } from './trash/trash-screen';\nexport const screens = [SheetScreen, TrashScreen];\n",
};

describe('the folders of src/studio/', () => {
  it('pass when sections import common/, the entry imports the sections, and a section crosses only where allowed', async () => {
    expect(await cruiseTree(STUDIO_IN_ORDER)).toEqual([]);
  });

  it('fail on a section importing another section or the entry, and on common/ importing a section', async () => {
    const violations = await cruiseTree({
      ...STUDIO_IN_ORDER,
      'src/studio/pages/page-screen.tsx':
        "import { SheetScreen } from '../sheets/sheet-screen';\nimport { screens } from '../entry-studio';\nexport const PageScreen = () => [SheetScreen, screens];\n",
      'src/studio/common/api.ts':
        "import type { ImportUndo } from '../imports/undo';\nexport type Undo = typeof ImportUndo;\nexport const call = (path: string) => path;\n",
    });
    expect(violations).toEqual(
      expect.arrayContaining([
        'studio-pages-imports-only-common: src/studio/pages/page-screen.tsx → src/studio/sheets/sheet-screen.tsx',
        'studio-pages-imports-only-common: src/studio/pages/page-screen.tsx → src/studio/entry-studio.tsx',
        'studio-common-imports-no-section: src/studio/common/api.ts → src/studio/imports/undo.tsx',
      ]),
    );
  });

  it('fail on a crossing no section is allowed, and on a folder that is no section', async () => {
    const violations = await cruiseTree({
      ...STUDIO_IN_ORDER,
      'src/studio/imports/undo.tsx': "import { TrashScreen } from '../trash/trash-screen';\nexport const ImportUndo = () => TrashScreen;\n",
      'src/studio/trash/trash-screen.tsx': "import { call } from '../common/api';\nexport const TrashScreen = () => call('/trash');\n",
      'src/studio/misc/thing.ts': "import { call } from '../common/api';\nexport const thing = call('/x');\n",
    });
    expect(violations).toEqual(
      expect.arrayContaining([
        'studio-imports-imports-only-common: src/studio/imports/undo.tsx → src/studio/trash/trash-screen.tsx',
        'every-studio-folder-named: src/studio/misc/thing.ts → src/studio/common/api.ts',
      ]),
    );
  });
});
