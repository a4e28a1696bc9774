/**
 * `npm start -- --help`: how to start the server and every setting it reads. The settings text is
 * .env.example itself, so the help and the example file cannot disagree.
 */
import { readFileSync } from 'node:fs';

export function serverHelp(envExamplePath: string): string {
  let settings: string;
  try {
    settings = readFileSync(envExamplePath, 'utf8');
  } catch {
    settings = `(The settings are listed in .env.example at the project root.)\n`;
  }
  return [
    'Usage: npm start            serve the site (builds first if the sources changed)',
    '       npm start -- --help  show this help',
    '',
    'Every setting comes from the environment. A bad value stops the start with a message naming it.',
    'Signals: SIGTERM/SIGINT drain and stop; with WORKERS > 1, SIGHUP restarts the workers one at a time.',
    'Health: {BASE_PATH}/healthz (process up), {BASE_PATH}/readyz (store reachable, not draining).',
    'Content: npm run cli -- --help',
    '',
    'Settings (defaults shown):',
    '',
    settings.trimEnd(),
    '',
  ].join('\n');
}
