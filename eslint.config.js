// Lint rules, including the module boundaries of DESIGN.md: `site` and `shared` never import
// `server`, `cms` or `api`; `shared` imports nothing of ours and nothing from node:*; and no two
// modules import each other, directly or around a circle.
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map(([group, message]) => ({ group, message })) }],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'coverage/', '.scratch/', 'data/', 'bench/peers/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    // A cycle makes the order modules start in matter, and hides which of two rooms is the lower.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/site/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/site/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      ...restrict([
        [['**/server/**', '**/cms/**', '**/api/**'], 'The site runs in the browser: it reaches data through shared/ and page data only.'],
        [['node:*'], 'The site runs in the browser.'],
      ]),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    // Tests may reach across boundaries to build a real server; shipped code may not.
    ignores: ['**/*.test.ts'],
    rules: restrict([
      [['**/server/**', '**/cms/**', '**/api/**', '**/site/**'], 'shared/ imports nothing of ours.'],
      [['node:*'], 'shared/ runs in the browser and on the server alike.'],
    ]),
  },
  {
    files: ['src/sheet/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      [['**/server/**', '**/cms/**', '**/api/**', '**/site/**', '**/editing/**', '**/transfer/**'], 'sheet/ is the sheet itself: it imports only shared/.'],
      [['node:*'], 'sheet/ runs in the browser (the studio) and on the server alike.'],
    ]),
  },
  {
    files: ['src/cms/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([[['**/server/**', '**/api/**', '**/site/**'], 'The content store knows nothing of HTTP or pages.']]),
  },
  {
    files: ['src/demo/**/*.ts', 'src/transfer/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      [['**/server/**', '**/api/**', '**/site/**'], 'Demo content and transfer write through the store’s repositories; they know nothing of HTTP or pages.'],
    ]),
  },
  {
    files: ['src/api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([[['**/server/**', '**/site/**'], 'The delivery API does not depend on the server process or the pages.']]),
  },
);
