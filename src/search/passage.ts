/**
 * The passage of a sheet's text that shows why it was found: the stretch of about PASSAGE_WORDS
 * words holding the most query words, cut at word boundaries, with the matching words marked.
 * Words match as the index matches them: stemmed in the text's language or the page's, or
 * starting with the word a visitor is still typing.
 */
import type { QueryPlan } from './search-query';
import { normalize, stemmerFor, WORD } from './terms';

export interface PassagePart {
  text: string;
  /** A word the query matched, to highlight. */
  mark: boolean;
}

export const PASSAGE_WORDS = 30;
/** Words shown before the first match. */
const LEAD_WORDS = 8;

/** The passage of the first text with a matched word in it (the document, then the description). */
export function passageIn(texts: string[], plan: QueryPlan, languages: string[]): PassagePart[] {
  let last: PassagePart[] = [];
  for (const text of texts.filter((candidate) => candidate !== '')) {
    last = passageOf(text, plan, languages);
    if (last.some((part) => part.mark)) return last;
  }
  return last;
}

/** A word's first two letters without accents (ß as ss): what stemming leaves as it is. */
const head = (word: string) => word.slice(0, 3).normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').slice(0, 2);

export function passageOf(text: string, plan: QueryPlan, languages: string[]): PassagePart[] {
  const stemmers = [...new Set(languages)].map(stemmerFor);
  const wanted = new Set(plan.words.flat(2).flatMap((word) => stemmers.map((stem) => stem(word))));
  // Stemming is what a passage costs: a word is stemmed only when it starts as a wanted stem (or
  // the word being typed) does, and once however often the text says it. Stemmers change a
  // word's ending, never its first letters but for accents and ß, which `head` folds away.
  const heads = new Set([...wanted, ...(plan.prefix === null ? [] : [plan.prefix])].map(head));
  const seen = new Map<string, boolean>();
  const matches = (word: string) => {
    let found = seen.get(word);
    if (found === undefined) {
      const normal = normalize(word);
      const start = head(normal);
      found =
        (heads.has(start) || heads.has(start.slice(0, 1))) &&
        (stemmers.some((stem) => wanted.has(stem(normal))) || (plan.prefix !== null && normal.startsWith(plan.prefix)));
      seen.set(word, found);
    }
    return found;
  };
  const words = [...text.matchAll(WORD)].map((found) => ({ start: found.index, end: found.index + found[0].length, mark: matches(found[0]) }));
  if (words.length === 0) return [];
  // The window of PASSAGE_WORDS words with the most marks (the first such).
  let best = 0;
  let bestCount = -1;
  let count = 0;
  for (let index = 0; index < words.length; index++) {
    if (words[index]!.mark) count++;
    if (index >= PASSAGE_WORDS && words[index - PASSAGE_WORDS]!.mark) count--;
    const start = Math.max(0, index - PASSAGE_WORDS + 1);
    if (count > bestCount) {
      bestCount = count;
      best = start;
    }
  }
  // The window starts a few words before its first match, so the match is read in its sentence.
  const firstMark = words.findIndex((word, index) => index >= best && word.mark);
  if (firstMark !== -1) best = Math.max(0, Math.min(firstMark - LEAD_WORDS, words.length - PASSAGE_WORDS));
  const shown = words.slice(best, best + PASSAGE_WORDS);
  const parts: PassagePart[] = [];
  const push = (part: PassagePart) => {
    const previous = parts.at(-1);
    if (previous !== undefined && previous.mark === part.mark && !part.mark) previous.text += part.text;
    else if (part.text !== '') parts.push(part);
  };
  if (best > 0) push({ text: '… ', mark: false });
  let at = shown[0]!.start;
  for (const word of shown) {
    push({ text: text.slice(at, word.start).replace(/\s+/g, ' '), mark: false });
    push({ text: text.slice(word.start, word.end), mark: word.mark });
    at = word.end;
  }
  const end = best + PASSAGE_WORDS < words.length ? ' …' : text.slice(at).replace(/\s+/g, ' ').trimEnd();
  push({ text: end, mark: false });
  return parts;
}
