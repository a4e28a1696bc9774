/**
 * `npm test` checks for the programs npm does not install before anything else
 * (scripts/check-system.mjs): the browser, translate-toolkit and Varnish. Without one, and with no way to
 * install it, it stops within seconds, saying how to get it, in one line.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CHECK = join(import.meta.dirname, '..', '..', 'scripts', 'check-system.mjs');
const directory = mkdtempSync(join(tmpdir(), 'check-system-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A file that can be run, standing for a program. */
function program(folder: string, name: string): string {
  mkdirSync(folder, { recursive: true });
  const path = join(folder, name);
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}
const toolkit = join(directory, 'toolkit');
program(toolkit, 'xliff2po');
program(toolkit, 'po2xliff');
const varnishd = program(join(directory, 'varnish'), 'varnishd');

/** The check in a process of its own with only the environment given (translate-toolkit's programs and varnishd here, unless said): no PATH, so no apt-get. */
function runCheck(env: Record<string, string>) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [CHECK], {
    env: { TRANSLATE_TOOLKIT_BIN: toolkit, VARNISHD: varnishd, ...env },
    encoding: 'utf8',
    timeout: 10_000,
  });
  return { ...result, seconds: (performance.now() - started) / 1000 };
}

describe('the browser check', () => {
  it('without a browser and without apt-get, exits 1 within seconds with one line saying how to get one', () => {
    const result = runCheck({ PATH: '', CHROME_PATH: join(directory, 'no-such-browser') });
    expect(result.status).toBe(1);
    expect(result.seconds).toBeLessThan(5);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Chromium is needed for the end-to-end tests\b/);
    expect(lines[0]).toContain('install it with `sudo apt-get install chromium`, or set CHROME_PATH to a Chromium or Chrome binary.');
  });

  it('with the browser CHROME_PATH names, exits 0 at once and says nothing', () => {
    const browser = program(directory, 'chromium');
    const result = runCheck({ PATH: '', CHROME_PATH: browser });
    expect(result.status).toBe(0);
    expect(result.seconds).toBeLessThan(5);
    expect(result.stdout + result.stderr).toBe('');
  });

  it('takes a file that cannot be run for no browser', () => {
    const notRunnable = join(directory, 'not-runnable');
    writeFileSync(notRunnable, '');
    chmodSync(notRunnable, 0o644);
    const result = runCheck({ PATH: '', CHROME_PATH: notRunnable });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`CHROME_PATH (${notRunnable}) is not an executable file`);
  });
});

describe('the translate-toolkit check', () => {
  it('without xliff2po and po2xliff, exits 1 with one line saying how to get them', () => {
    const result = runCheck({ PATH: '', CHROME_PATH: program(directory, 'chromium'), TRANSLATE_TOOLKIT_BIN: join(directory, 'empty') });
    expect(result.status).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `translate-toolkit is needed for the XLIFF round trip, and TRANSLATE_TOOLKIT_BIN (${join(directory, 'empty')}) has no xliff2po and po2xliff: install it with \`sudo apt-get install translate-toolkit\`, or set TRANSLATE_TOOLKIT_BIN to the folder of its xliff2po and po2xliff.`,
    ]);
  });

  it('says both in one line when the browser is missing too', () => {
    const result = runCheck({ PATH: '', CHROME_PATH: join(directory, 'no-such-browser'), TRANSLATE_TOOLKIT_BIN: join(directory, 'empty') });
    expect(result.status).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Chromium is needed .* Also: translate-toolkit is needed/);
  });
});

describe('the Varnish check', () => {
  it('without the varnishd VARNISHD names, exits 1 with one line saying how to get it', () => {
    const missing = join(directory, 'no-such-varnishd');
    const result = runCheck({ PATH: '', CHROME_PATH: program(directory, 'chromium'), VARNISHD: missing });
    expect(result.status).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toEqual([
      `Varnish is needed for the CDN tests, and VARNISHD (${missing}) is not an executable file: install it with \`sudo apt-get install varnish varnish-modules\`, or set VARNISHD to a varnishd that can load vmod_xkey.`,
    ]);
  });
});
