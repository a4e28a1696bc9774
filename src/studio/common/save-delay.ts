/** How long after the last change a draft is saved: a sheet's and the page's alike, so the studio keeps one pace. */
export const SAVE_DELAY_MS = 1000;
