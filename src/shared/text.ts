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
