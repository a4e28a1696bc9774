#!/usr/bin/env node
/**
 * Runs first in `npm test` (and before the browser tests on their own): the tests need programs
 * npm does not install.
 * - Chromium, for the end-to-end tests: the browser playwright.config.ts names, CHROME_PATH or
 *   Debian's /usr/bin/chromium.
 * - translate-toolkit's xliff2po and po2xliff, for the XLIFF round trip with an independent tool
 *   (src/transfer/translation-round-trip.test.ts): on PATH, or in TRANSLATE_TOOLKIT_BIN.
 * - Varnish with vmod_xkey, the CDN the purges are tested against (tests/process/varnish.test.ts):
 *   Debian's varnish and varnish-modules, or the varnishd VARNISHD names (with xkey loadable).
 * Without them, the run would spend minutes on the other tests and then fail.
 *
 * When one is missing and this process may install packages (root, with apt-get on PATH), it
 * installs Debian's package, saying so first. Otherwise it stops at once with exit code 1 and one
 * line saying how to get what is missing. This is the one place that knows how they are
 * installed; .ci/run calls it too.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

function isExecutableFile(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A program as this process's PATH finds it, or undefined. */
function onPath(name) {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((directory) => join(directory, name))
    .find(isExecutableFile);
}

/** The same choice as playwright.config.ts: an empty CHROME_PATH counts as unset. */
const BROWSER_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const toolkitProgram = (name) => (process.env.TRANSLATE_TOOLKIT_BIN ? join(process.env.TRANSLATE_TOOLKIT_BIN, name) : (onPath(name) ?? join('/usr/bin', name)));

const VARNISHD = process.env.VARNISHD || '/usr/sbin/varnishd';
/** Debian keeps Varnish's modules under /usr/lib/{architecture}/varnish/vmods. */
const hasXkey = () => {
  try {
    return readdirSync('/usr/lib').some((folder) => existsSync(join('/usr/lib', folder, 'varnish', 'vmods', 'libvmod_xkey.so')));
  } catch {
    return false;
  }
};

const NEEDS = [
  {
    name: 'Chromium',
    why: 'the end-to-end tests',
    debianPackage: 'chromium',
    present: () => isExecutableFile(BROWSER_PATH),
    // Set by hand, it is not ours to install over.
    installable: !process.env.CHROME_PATH,
    howTo: 'install it with `sudo apt-get install chromium`, or set CHROME_PATH to a Chromium or Chrome binary.',
    problem: () =>
      process.env.CHROME_PATH
        ? `Chromium is needed for the end-to-end tests, and CHROME_PATH (${BROWSER_PATH}) is not an executable file`
        : 'Chromium is needed for the end-to-end tests',
  },
  {
    name: 'translate-toolkit',
    why: 'the XLIFF round trip',
    debianPackage: 'translate-toolkit',
    present: () => ['xliff2po', 'po2xliff'].every((name) => isExecutableFile(toolkitProgram(name))),
    installable: !process.env.TRANSLATE_TOOLKIT_BIN,
    howTo: 'install it with `sudo apt-get install translate-toolkit`, or set TRANSLATE_TOOLKIT_BIN to the folder of its xliff2po and po2xliff.',
    problem: () =>
      process.env.TRANSLATE_TOOLKIT_BIN
        ? `translate-toolkit is needed for the XLIFF round trip, and TRANSLATE_TOOLKIT_BIN (${process.env.TRANSLATE_TOOLKIT_BIN}) has no xliff2po and po2xliff`
        : 'translate-toolkit (xliff2po, po2xliff) is needed for the XLIFF round trip',
  },
  {
    name: 'Varnish',
    why: 'the CDN tests',
    debianPackage: 'varnish varnish-modules',
    // Named by hand, its modules are where its build put them.
    present: () => isExecutableFile(VARNISHD) && (Boolean(process.env.VARNISHD) || hasXkey()),
    installable: !process.env.VARNISHD,
    howTo: 'install it with `sudo apt-get install varnish varnish-modules`, or set VARNISHD to a varnishd that can load vmod_xkey.',
    problem: () =>
      process.env.VARNISHD
        ? `Varnish is needed for the CDN tests, and VARNISHD (${VARNISHD}) is not an executable file`
        : 'Varnish with vmod_xkey (varnish, varnish-modules) is needed for the CDN tests',
  },
];

/** Only root installs unasked, and only Debian's packages that give the programs. */
const canInstall = (need) => process.getuid?.() === 0 && need.installable && onPath('apt-get') !== undefined;

/** Debian's packages, as quietly as apt-get allows; true if apt-get succeeded. */
function install(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => spawnSync(onPath('apt-get'), args, { env, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
  return run(['update', '-qq']) && run(['install', '-y', '-qq', ...packages]);
}

/** One line for everything missing: each problem, and how to get it. */
function fail(needs) {
  console.error(needs.map((need) => `${need.problem()}: ${need.howTo}`).join(' Also: '));
  process.exit(1);
}

const missing = NEEDS.filter((need) => !need.present());
if (missing.length > 0) {
  if (!missing.every(canInstall)) fail(missing);
  console.log(
    `${missing.map((need) => `${need.name} (for ${need.why})`).join(' and ')} missing: installing Debian's ${missing.map((need) => need.debianPackage).join(' and ')} with apt-get.`,
  );
  if (!install(missing.flatMap((need) => need.debianPackage.split(' ')))) fail(missing);
  const still = missing.filter((need) => !need.present());
  if (still.length > 0) fail(still);
}
