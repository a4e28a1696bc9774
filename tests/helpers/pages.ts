/** The page definitions the repository ships, read and validated as the server does. */
import { readFileSync } from 'node:fs';
import type { PageDefinition } from '../../src/page-model/page-definition';
import { validatePageDefinition } from '../../src/page-model/validate-page';

export function readPageDefinition(path: string): PageDefinition {
  return validatePageDefinition(JSON.parse(readFileSync(path, 'utf8')), path);
}

export const LITERATURE_PAGE = readPageDefinition('pages/literature-sheets.json');
