/**
 * Plain text from authored text (spec §5.3: displayed titles, button labels and alt text have all
 * HTML tags removed). A small scanner that follows the HTML tokenizer's rules for where a tag,
 * comment or declaration starts and ends (quoted attribute values may hold '>'); the result is
 * text, which React escapes on output, so this decides what is shown, never what is executed.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

const isAsciiLetter = (char: string) => (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z');

export function stripTags(input: string): string {
  let out = '';
  let i = 0;
  while (i < input.length) {
    const char = input.charAt(i);
    if (char === '<') {
      const end = endOfMarkup(input, i);
      if (end !== -1) {
        i = end;
        continue;
      }
    }
    out += char;
    i++;
  }
  return decodeEntities(out);
}

/** Index just past the tag/comment starting at `start`, or -1 when '<' starts no markup. */
function endOfMarkup(input: string, start: number): number {
  const next = input.charAt(start + 1);
  if (input.startsWith('<!--', start)) {
    const close = input.indexOf('-->', start + 4);
    return close === -1 ? input.length : close + 3;
  }
  if (next === '!' || next === '?') {
    const close = input.indexOf('>', start + 2);
    return close === -1 ? input.length : close + 1;
  }
  const nameStart = next === '/' ? start + 2 : start + 1;
  if (!isAsciiLetter(input.charAt(nameStart))) return -1;
  let quote: string | null = null;
  for (let i = nameStart; i < input.length; i++) {
    const char = input.charAt(i);
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if ((char === '"' || char === "'") && /[=\s]/.test(input.charAt(i - 1))) {
      quote = char;
    } else if (char === '>') {
      return i + 1;
    }
  }
  // An unterminated tag swallows the rest, as the HTML tokenizer does at end of input.
  return input.length;
}

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    }
    return NAMED_ENTITIES[body] ?? entity;
  });
}

/**
 * A URL name from a title: lower-case ASCII letters and digits joined by hyphens, accents dropped
 * ("Précurseur Ta(OEt)₅" → "precurseur-ta-oet-5"); `fallback` when nothing is left.
 */
export function urlNameOf(title: string, fallback: string): string {
  const name = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return name || fallback;
}

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
