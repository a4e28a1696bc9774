/**
 * The passage of a sheet's text that shows why it was found: the stretch of about PASSAGE_WORDS
 * words holding the most query words, cut at word boundaries, with the matching words marked.
 * Words match as the index matches them: stemmed in the text's language or the page's, or
 * starting with the word a visitor is still typing.
 */
import type { PassagePart } from '../shared/passage';
import type { QueryPlan } from './query-plan';
import { normalize, stemmerFor, WORD } from './terms';

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
const head = (word: string) => fold(word.slice(0, 3)).slice(0, 2);
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');

/** Characters before the densest marks and after them that are read again as words: enough for the passage's words either side. */
const LEAD_CHARACTERS = LEAD_WORDS * 20;
const SHOWN_CHARACTERS = PASSAGE_WORDS * 20;
/** The stretch of text in which the most marks make the passage: about its words' length. */
const DENSE_CHARACTERS = PASSAGE_WORDS * 6;

export function passageOf(text: string, plan: QueryPlan, languages: string[]): PassagePart[] {
  const { matches, patterns, firstLetters } = matcherOf(plan, languages);
  const marked = (word: string) => firstLetters.has(word[0]!.toLowerCase()) && matches(word);
  // Only the words starting with a wanted first letter are looked at in the whole text (a
  // document may be long); the words of the passage are read around the densest of their marks.
  const marks: number[] = [];
  for (const pattern of patterns) for (const found of text.matchAll(pattern)) if (matches(found[0])) marks.push(found.index);
  // Each letter's pattern finds its words in order; with more than one letter they are put in order.
  if (patterns.length > 1) marks.sort((a, b) => a - b);
  const densest = densestAt(marks);
  const from = densest <= LEAD_CHARACTERS ? 0 : wordStartBefore(text, densest - LEAD_CHARACTERS);
  const region = text.slice(from, densest + SHOWN_CHARACTERS);
  const words = [...region.matchAll(WORD)].map((found) => ({ start: from + found.index, end: from + found.index + found[0].length, mark: marked(found[0]) }));
  if (words.length === 0) return [];
  // The passage starts a few words before its first match, so the match is read in its sentence.
  const firstMark = words.findIndex((word) => word.mark && word.start >= densest);
  const first = firstMark === -1 ? 0 : Math.max(0, Math.min(firstMark - LEAD_WORDS, words.length - PASSAGE_WORDS));
  const shown = words.slice(first, first + PASSAGE_WORDS);
  const parts: PassagePart[] = [];
  const push = (part: PassagePart) => {
    const previous = parts.at(-1);
    if (previous !== undefined && previous.mark === part.mark && !part.mark) previous.text += part.text;
    else if (part.text !== '') parts.push(part);
  };
  if (shown[0]!.start > firstWordStart(text)) push({ text: '… ', mark: false });
  let at = shown[0]!.start;
  for (const word of shown) {
    push({ text: text.slice(at, word.start).replace(/\s+/g, ' '), mark: false });
    push({ text: text.slice(word.start, word.end), mark: word.mark });
    at = word.end;
  }
  push({ text: hasWordAfter(text, at) ? ' …' : text.slice(at).replace(/\s+/g, ' ').trimEnd(), mark: false });
  return parts;
}

interface Matcher extends Candidates {
  /** Whether a word of the text is one the query matched. */
  matches(word: string): boolean;
}

/** The matcher of a query's words in texts of these languages: one per search, shared by its hits' passages. */
function matcherOf(plan: QueryPlan, languages: string[]): Matcher {
  const key = [...new Set(languages)].join(' ');
  const known = matchers.get(plan) ?? new Map<string, Matcher>();
  matchers.set(plan, known);
  let matcher = known.get(key);
  if (matcher === undefined) {
    matcher = newMatcher(plan, key.split(' '));
    known.set(key, matcher);
  }
  return matcher;
}
const matchers = new WeakMap<QueryPlan, Map<string, Matcher>>();

function newMatcher(plan: QueryPlan, languages: string[]): Matcher {
  const stemmers = languages.map(stemmerFor);
  const wanted = new Set(plan.words.flat(2).flatMap((word) => stemmers.map((stem) => stem(word))));
  // Stemming is what a passage costs: a word is stemmed only when it starts as a wanted stem (or
  // the word being typed) does, and once however often the texts say it. Stemmers change a
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
  return { matches, ...startingWith(heads) };
}

/** Where the stretch of DENSE_CHARACTERS holding the most marks starts (the first such); 0 with none. */
function densestAt(marks: number[]): number {
  let best = 0;
  let most = 0;
  let first = 0;
  for (let last = 0; last < marks.length; last++) {
    while (marks[last]! - marks[first]! > DENSE_CHARACTERS) first++;
    if (last - first + 1 > most) {
      most = last - first + 1;
      best = marks[first]!;
    }
  }
  return best;
}

/**
 * The words whose first letter may begin one of these heads, an accented form of it too: a
 * pattern per letter finding them, and their first letters (lower case).
 */
function startingWith(heads: Set<string>): Candidates {
  const letters = [...new Set([...heads].map((start) => start.slice(0, 1)).filter((letter) => letter !== ''))];
  const forms = letters.map(formsOf);
  return { patterns: letters.map(patternOf), firstLetters: new Set(forms.flat().map((letter) => letter.toLowerCase())) };
}

interface Candidates {
  /** One per first letter: each finds the words starting with it, in order. */
  patterns: RegExp[];
  firstLetters: Set<string>;
}

/** A letter and the accented letters that fold to it. */
const formsOf = (letter: string) => [letter, ...ACCENTED.filter(([, folded]) => folded === letter).map(([accented]) => accented)];

/**
 * The pattern of the words starting with this letter (or an accented form of it), kept for the
 * process. One per letter rather than per query's set of letters: a pattern compiled for texts
 * beyond Latin-1 takes some 15 KB (the \p{L} tables, case folded), and the sets of letters visitors'
 * queries begin with are many (over 200 in 5,000 requests of the benchmark's soak; keeping 500 of
 * them held about 8 MB). First letters are few, and the bound only guards against a flood of
 * letters from other scripts.
 */
function patternOf(letter: string): RegExp {
  let pattern = patterns.get(letter);
  if (pattern === undefined) {
    const escaped = formsOf(letter)
      .map((form) => form.replace(/[\\\]^-]/g, '\\$&'))
      .join('');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])[${escaped}][\\p{L}\\p{N}]*`, 'giu');
    if (patterns.size >= 200) patterns.clear();
    patterns.set(letter, pattern);
  }
  return pattern;
}
const patterns = new Map<string, RegExp>();

/** Latin letters with accents (and ß), each with the letter it folds to: a word starting with one is a candidate as that letter is. */
const ACCENTED = Array.from({ length: 0x250 - 0xc0 }, (_, index) => String.fromCodePoint(0xc0 + index))
  .filter((letter) => /\p{L}/u.test(letter))
  .map((letter) => [letter, fold(letter.toLowerCase()).slice(0, 1)] as const);

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The start of the word at or after `at`, not one cut in its middle. */
function wordStartBefore(text: string, at: number): number {
  let start = at;
  while (start < text.length && WORD_CHARACTER.test(text[start - 1] ?? '') && WORD_CHARACTER.test(text[start]!)) start++;
  return start;
}

const A_WORD = new RegExp(WORD.source, 'gu');

function firstWordStart(text: string): number {
  A_WORD.lastIndex = 0;
  return A_WORD.exec(text)?.index ?? 0;
}

function hasWordAfter(text: string, at: number): boolean {
  A_WORD.lastIndex = at;
  return A_WORD.test(text);
}
