/**
 * Intl's formatters, made once per language and options and then reused. Making one is costly:
 * 8–40 µs each, and a date format takes tens of KB outside V8's heap, which it frees only when a
 * collection finds the formatter gone, long after (20,000 made in a loop held 500 MB). A page made
 * them per value and per render (docs/operations.md, "Memory").
 */
const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>();
/** Formatters kept at most: the site's languages times the few kinds of value pages format. */
const KEPT_AT_MOST = 1_000;

function once<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.DisplayNames>(key: string, make: () => T): T {
  let formatter = made.get(key) as T | undefined;
  if (formatter === undefined) {
    // An unknown language tag throws here, as the constructor does, and nothing is kept.
    formatter = make();
    if (made.size < KEPT_AT_MOST) made.set(key, formatter);
  }
  return formatter;
}

export const dateFormat = (tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  once(`date ${tag} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(tag, options));

export const numberFormat = (tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  once(`number ${tag} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(tag, options));

export const displayNames = (tag: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames =>
  once(`names ${tag} ${JSON.stringify(options)}`, () => new Intl.DisplayNames([tag], options));
