/**
 * `node dist/server/main.js` (what `npm start` runs). React and other libraries pick their
 * production code from NODE_ENV when they are first loaded, so it is set before anything else is
 * imported; an operator can still choose otherwise by setting it.
 */
process.env.NODE_ENV ??= 'production';
await import('./serve');

export {};
