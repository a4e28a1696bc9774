#!/usr/bin/env node
/**
 * Runs first in `npm test` (and before the browser tests on their own): the end-to-end tests need
 * the browser playwright.config.ts names, CHROME_PATH or Debian's /usr/bin/chromium. Without it,
 * the run would spend minutes on the other tests and then fail every browser test.
 *
 * When the browser is missing and this process may install packages (root, with apt-get on PATH),
 * it installs Debian's chromium package, saying so first. Otherwise it stops at once with exit
 * code 1 and one line saying how to get a browser. This is the one place that knows how Chromium
 * is installed; .ci/run calls it too.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The same choice as playwright.config.ts: an empty CHROME_PATH counts as unset. */
const BROWSER_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

const HOW_TO_GET_ONE = 'install it with `sudo apt-get install chromium`, or set CHROME_PATH to a Chromium or Chrome binary.';

function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** apt-get as this process's PATH finds it, or undefined. */
function findAptGet() {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((directory) => join(directory, 'apt-get'))
    .find(isExecutableFile);
}

/** Only root installs unasked, and only the package that gives /usr/bin/chromium. */
function canInstall() {
  return process.getuid?.() === 0 && !process.env.CHROME_PATH && findAptGet() !== undefined;
}

/** Debian's chromium package, as quietly as apt-get allows; true if apt-get succeeded. */
function installChromium(aptGet) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync(aptGet, args, { env, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
  return run(['update', '-qq']) && run(['install', '-y', '-qq', 'chromium']);
}

function fail(reason) {
  console.error(`${reason}: ${HOW_TO_GET_ONE}`);
  process.exit(1);
}

if (!isExecutableFile(BROWSER_PATH)) {
  if (!canInstall()) {
    fail(
      process.env.CHROME_PATH
        ? `Chromium is needed for the end-to-end tests, and CHROME_PATH (${BROWSER_PATH}) is not an executable file`
        : 'Chromium is needed for the end-to-end tests',
    );
  }
  console.log(`Chromium is needed for the end-to-end tests and ${BROWSER_PATH} is missing: installing Debian's chromium package with apt-get.`);
  if (!installChromium(findAptGet()) || !isExecutableFile(BROWSER_PATH)) fail('Chromium could not be installed with apt-get');
}
