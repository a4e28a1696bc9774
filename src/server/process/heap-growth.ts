/**
 * How far V8 lets the old generation grow past what the last full collection kept, before it
 * collects again. V8's own factor reaches 4× on a machine with a few GB of memory: a server whose
 * live heap is about 30 MB let the old generation fill to about 125 MB under the 100,000-item API
 * load (almost all of it garbage promoted from requests in flight), and the process peaked at
 * about 250 MB resident. At 1.25× it peaks at about 145 MB. A full collection of a 30 MB heap is
 * cheap and mostly concurrent, and with 25% headroom it comes after every 8 MB or so promoted.
 * Measured side by side on the cached page, it changes requests per second by less than the
 * machine's noise (docs/operations.md, "Memory").
 *
 * V8 reads the flag at every collection, so it can be set once the process runs (main.ts), where
 * it holds for `node dist/server/main.js` however that is started. The young generation's size
 * cannot be: that is set when the heap is made, by `npm start` (scripts/start.mjs).
 */
export const HEAP_GROWING_PERCENT = 25;

const GIVEN = /^--heap[-_]growing[-_]percent(?:=|$)/;

/**
 * The flag to set at start, or null when the operator chose a value (on node's command line or in
 * NODE_OPTIONS), which then stands.
 */
export function heapGrowingFlag(execArgv: readonly string[], nodeOptions: string | undefined): string | null {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((argument) => GIVEN.test(argument));
  return given ? null : `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}
