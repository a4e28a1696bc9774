#!/usr/bin/env node
/** `npm start`: build if the sources changed, then run the server in this process. */
import { ensureBuild } from './build.mjs';

await ensureBuild();
await import('../dist/server/main.js');
