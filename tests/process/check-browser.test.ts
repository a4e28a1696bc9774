/**
 * `npm test` checks for the browser before anything else (scripts/check-browser.mjs): without one,
 * and with no way to install it, it stops within seconds, saying how to get one.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const CHECK = join(import.meta.dirname, '..', '..', 'scripts', 'check-browser.mjs');
const directory = mkdtempSync(join(tmpdir(), 'check-browser-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The check in a process of its own with only the environment given: no PATH, so no apt-get. */
function runCheck(env: Record<string, string>) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [CHECK], { env, encoding: 'utf8', timeout: 10_000 });
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
    const browser = join(directory, 'chromium');
    writeFileSync(browser, '#!/bin/sh\n');
    chmodSync(browser, 0o755);
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
