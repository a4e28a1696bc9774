#!/usr/bin/env node
/** `npm run cli -- <command>`: build if the sources changed, then run the operator command. */
import { ensureBuild } from './build.mjs';

await ensureBuild();
await import('../dist/server/cli.js');
