/**
 * `node dist/server/main.js` (what `npm start` runs). React and other libraries pick their
 * production code from NODE_ENV when they are first loaded, so it is set before anything else is
 * imported; an operator can still choose otherwise by setting it.
 */
import { setFlagsFromString } from 'node:v8';
import { heapGrowingFlag } from './process/heap-growth';

// Before the first request: a smaller old generation between collections (heap-growth.ts).
const heapFlag = heapGrowingFlag(process.execArgv, process.env.NODE_OPTIONS);
if (heapFlag !== null) setFlagsFromString(heapFlag);

process.env.NODE_ENV ??= 'production';
await import('./serve');

export {};
