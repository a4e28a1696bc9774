/**
 * Completes a peer's package-lock.json after `npm install` on a machine whose registry lacks some
 * platform builds (e.g. @next/swc-darwin-arm64, @rollup/rollup-win32-x64-msvc): npm leaves those
 * optional packages out of the lockfile, and `npm ci` then refuses it ("Missing: … from lock
 * file"). Each missing one gets an entry with the version its dependant asks for and the os/cpu/
 * libc its name says, so `npm ci` skips it on other platforms and fetches it where it fits.
 * Usage (in bench/peers/<peer>): node ../complete-lockfile.mjs
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'sunos', 'aix', 'netbsd', 'win32'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

function missing() {
  const result = spawnSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund'], { encoding: 'utf8' });
  return [...`${result.stderr}${result.stdout}`.matchAll(/Missing: (.+?)@(\S*) from lock file/g)].map((match) => match[1]);
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
for (let round = 0; round < 5; round++) {
  const names = missing();
  if (names.length === 0) break;
  for (const name of names) {
    const dependant = Object.values(lock.packages).find((entry) => entry.optionalDependencies?.[name] !== undefined);
    if (dependant === undefined) throw new Error(`No package in the lockfile asks for ${name}`);
    const version = dependant.optionalDependencies[name].replace(/^[\^~=]/, '');
    const tokens = name.split('/').pop().split('-');
    const os = tokens.find((token) => OS.includes(token));
    const cpu = tokens.find((token) => CPU.includes(token)) ?? (tokens.includes('arm') ? 'arm' : undefined);
    const libc = tokens.some((token) => token.startsWith('musl')) ? 'musl' : os === 'linux' ? 'glibc' : undefined;
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    console.log(`added ${name}@${version} (${[os, cpu, libc].filter(Boolean).join(', ')})`);
  }
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
  writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
}
const left = missing();
if (left.length > 0) throw new Error(`Still missing: ${left.join(', ')}`);
console.log('npm ci accepts package-lock.json');
