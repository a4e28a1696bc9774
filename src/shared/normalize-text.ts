/**
 * Text as every input stores it (decision 012): characters no text keeps are replaced by U+FFFD,
 * done once, on the way in. Apart from text.ts, whose stripping the browser needs: building these
 * expressions is work a browser bundle would do (and carry) for nothing.
 */

/** Supplementary-plane noncharacters: U+1FFFE, U+1FFFF, … U+10FFFF. */
const PLANE_NONCHARACTERS = Array.from({ length: 16 }, (_, plane) => `\\u{${(plane + 1).toString(16)}fffe}\\u{${(plane + 1).toString(16)}ffff}`).join('');
/**
 * What no text keeps: C0 controls other than TAB, LF and CR, lone surrogates (in unicode mode a
 * paired one is one code point and does not match) and noncharacters.
 */
const UNWANTED_CHARACTERS = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ud800-\\udfff\\ufdd0-\\ufdef\\ufffe\\uffff${PLANE_NONCHARACTERS}]`,
  'gu',
);

/**
 * Text as every input stores it: unwanted characters replaced by U+FFFD. Done once, on the way in,
 * so the server's HTML (which cannot carry them) and the page data (which could) always agree.
 */
export function normalizeText(text: string): string {
  return text.replace(UNWANTED_CHARACTERS, '\ufffd');
}

/**
 * A copy of a JSON value with every text value normalised. Field names are kept as they are: they
 * are never shown as text, and two names that normalise alike would overwrite each other.
 * Iterative, so any depth is fine; a field named `__proto__` stays an ordinary field.
 */
export function normalizeTexts<T>(value: T): T {
  if (typeof value === 'string') return normalizeText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  const containerOf = (source: object): object => (Array.isArray(source) ? [] : {});
  const root = containerOf(value);
  const stack: Array<[source: object, target: object]> = [[value, root]];
  while (stack.length > 0) {
    const [source, target] = stack.pop() as [object, object];
    for (const [key, entry] of Object.entries(source)) {
      let copy: unknown = entry;
      if (typeof entry === 'string') copy = normalizeText(entry);
      else if (entry !== null && typeof entry === 'object') {
        copy = containerOf(entry);
        stack.push([entry, copy as object]);
      }
      Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root as T;
}

/**
 * Whether JSON text may hold a text normalizeText would change: an escaped control or surrogate
 * (`\u0001`, `\b`, `\ud800`) or a raw noncharacter. A cheap look at the text before any walk;
 * a false alarm (an escaped backslash before such letters) only costs a copy.
 */
const MAY_HOLD_UNWANTED = new RegExp(`\\\\(?:[bf]|u(?:00[01]|d[89a-f]))|[\\ufdd0-\\ufdef\\ufffe\\uffff${PLANE_NONCHARACTERS}]`, 'iu');

export function mayHoldUnwantedText(json: string): boolean {
  return MAY_HOLD_UNWANTED.test(json);
}

const JSON_WHITESPACE = ' \t\n\r';

/**
 * JSON text with its text values normalised and everything else (field names, numbers, spacing,
 * order) kept character for character: stored JSON rewritten without parsing it into values, so
 * no depth is too deep and no number is rounded. Only a string that changes is written anew.
 * The text must be valid JSON (outside strings it then holds no quote).
 */
export function normalizeJsonText(json: string): string {
  let out = '';
  let index = 0;
  while (index < json.length) {
    const quote = json.indexOf('"', index);
    if (quote === -1) return out + json.slice(index);
    out += json.slice(index, quote);
    let end = quote + 1;
    while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
    const token = json.slice(quote, end + 1);
    let next = end + 1;
    while (next < json.length && JSON_WHITESPACE.includes(json.charAt(next))) next++;
    // A field name (followed by ':') stays as it is; a value is normalised.
    out += json[next] === ':' ? token : normalizedJsonString(token);
    index = end + 1;
  }
  return out;
}

function normalizedJsonString(token: string): string {
  const text = JSON.parse(token) as string;
  const normalized = normalizeText(text);
  return normalized === text ? token : JSON.stringify(normalized);
}
