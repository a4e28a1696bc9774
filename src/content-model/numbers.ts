/**
 * Numbers as people write and read them (issue 60): "1.234,5" in German, "1 234,5" in French,
 * "1,234.5" in English, each language's signs learned from Intl (formatToParts), never from a
 * table of ours. A value is kept as a number; this is only how it is read from what someone wrote
 * and written for someone to read.
 *
 * What a text was written in decides how it is read: a language (the studio form's), a file's way
 * (a `;`-separated CSV writes a decimal comma, a `,`-separated one a decimal point), or nothing
 * known (`null`: a tab-separated file, a text cell of a spreadsheet, the editing API). A text that
 * does not read in its own way is still read when only one way reads it ("0,752" is no English
 * number, so it is a decimal comma); it is refused only when two ways read it as two numbers
 * ("1,726" where nothing says whether the comma groups thousands or is a decimal comma).
 */
import { numberFormat } from '../shared/intl-formats';
import { languageTag } from '../shared/languages';

/** How a text writes its numbers. */
export interface NumberStyle {
  /** The decimal separator. */
  decimal: string;
  /** The signs that may group thousands. */
  groups: readonly string[];
  /** One thousand two hundred thirty-four and a half as this style writes it, for messages: "1.234,5". */
  example: string;
}

export type NumberReading = { value: number } | { problem: string };

/** A space, a no-break space and a narrow no-break space group thousands in every language (SI), and never stand for a decimal sign. */
const SPACES = [' ', '\u00a0', '\u202f'];
/** Minus signs: the hyphen-minus people type, and the minus sign Intl writes for some languages. */
const MINUS_SIGNS = ['-', '\u2212'];
/** A number as JSON and programs write it: a decimal point, no grouping. */
const CANONICAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** Every language's digits are read as the Latin ones people type. */
const LATIN = { numberingSystem: 'latn' } as const;

/** Each language's style once learned: the site's languages and the editors', a few; at most this many are kept. */
const learned = new Map<string, NumberStyle | null>();
const KEPT_AT_MOST = 200;

/** Writes an example in a style: the example number's digits, with the style's group and decimal signs. */
const exampleIn = (decimal: string, group: string): string => `1${group}234${decimal}5`;

/** Apostrophes people type for one another (Swiss German groups with one; CLDR versions differ on which). */
const APOSTROPHES = ["'", '\u2019'];

/** A style with every space besides its own group sign. */
const styleWith = (decimal: string, group: string): NumberStyle => ({
  decimal,
  groups: [...new Set([group, ...SPACES, ...(APOSTROPHES.includes(group) ? APOSTROPHES : [])])],
  example: exampleIn(decimal, group),
});

/**
 * How `language` (`de_DE` or `de-DE`) writes numbers, as Intl formats them; null for a language
 * Intl cannot name, which is then read as unknown.
 */
export function numberStyleOf(language: string): NumberStyle | null {
  const known = learned.get(language);
  if (known !== undefined) return known;
  const style = learnStyle(language);
  if (learned.size < KEPT_AT_MOST) learned.set(language, style);
  return style;
}

function learnStyle(language: string): NumberStyle | null {
  try {
    const parts = numberFormat(languageTag(language), LATIN).formatToParts(1234.5);
    const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    const group = parts.find((part) => part.type === 'group')?.value ?? ',';
    return styleWith(decimal, group);
  } catch {
    return null;
  }
}

/** A `;`-separated CSV: spreadsheets write `;` where the comma is the decimal sign, and group thousands with points or spaces. */
export const DECIMAL_COMMA: NumberStyle = styleWith(',', '.');
/** A `,`-separated CSV: the comma separates cells, so a number's decimal sign is the point, and a quoted comma groups thousands. */
export const DECIMAL_POINT: NumberStyle = styleWith('.', ',');

/** The ways a text of unknown style may be written: with a decimal point, or with a decimal comma. */
const EITHER_WAY = [DECIMAL_POINT, DECIMAL_COMMA];

const escaped = (sign: string) => sign.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = new WeakMap<NumberStyle, RegExp>();

/**
 * The pattern of a number in a style, after its sign: whole digits (grouped by threes with one
 * group sign throughout, the first group not 0, or not grouped), the decimal sign and its digits,
 * an exponent.
 */
function patternOf(style: NumberStyle): RegExp {
  let pattern = patterns.get(style);
  if (pattern === undefined) {
    const group = `[${style.groups.map(escaped).join('')}]`;
    const decimal = escaped(style.decimal);
    pattern = new RegExp(
      `^(?<whole>[1-9]\\d{0,2}(?<group>${group})\\d{3}(?:\\k<group>\\d{3})*|\\d*)(?:${decimal}(?<fraction>\\d+))?(?<exponent>[eE][-+]?\\d+)?$`,
    );
    patterns.set(style, pattern);
  }
  return pattern;
}

/** The number `text` is in `style`, or null when it is not written that way. */
function readIn(text: string, style: NumberStyle): number | null {
  const sign = /^[-+\u2212]/.exec(text)?.[0] ?? '';
  const parts = patternOf(style).exec(text.slice(sign.length))?.groups;
  if (parts === undefined) return null;
  const whole = (parts.whole ?? '').replace(/\D/g, '');
  const fraction = parts.fraction ?? '';
  if (whole === '' && fraction === '') return null;
  const value = Number(`${MINUS_SIGNS.includes(sign) ? '-' : ''}${whole || '0'}.${fraction || '0'}${parts.exponent ?? ''}`);
  return Number.isFinite(value) ? value : null;
}

/** The plain form of a number, as a message suggests writing it: `1234.5`. */
const plain = (value: number) => String(value);

/**
 * Reads what someone wrote as a number: in `style` first (a language's, a file's), else in the
 * one way that reads it; null as the style when nothing says how the text writes numbers.
 */
export function readNumber(input: string, style: NumberStyle | null): NumberReading {
  const text = input.trim().replace(/^\u200e|\u200e$/g, '');
  const own = style === null ? null : readIn(text, style);
  if (own !== null) return { value: own };
  if (CANONICAL.test(text)) {
    const value = Number(text);
    if (Number.isFinite(value)) return { value };
  }
  const readings = [...new Set(EITHER_WAY.map((way) => readIn(text, way)).filter((value) => value !== null))];
  if (readings.length === 1) return { value: readings[0]! };
  const quoted = JSON.stringify(input);
  if (readings.length > 1)
    return {
      problem: `${quoted} could be ${readings.map(plain).join(' or ')}: write it as ${readings.map(plain).join(' or as ')}, without a thousands separator`,
    };
  return { problem: `${quoted} is not a number: write it like ${style === null ? plain(1234.5) : style.example}` };
}

/**
 * A number as a reader of `language` reads it, with every digit it is kept with: 1.726 is "1,726"
 * in German and French, never rounded to "1,73". `grouping: false` leaves thousands ungrouped, as
 * an input field shows a value to edit.
 */
export function formatNumber(value: number, language: string, { grouping = true }: { grouping?: boolean } = {}): string {
  try {
    // 21 significant digits at most: Intl then writes the shortest digits that read back as the same number.
    return numberFormat(languageTag(language), { maximumSignificantDigits: 21, useGrouping: grouping, ...LATIN }).format(value);
  } catch {
    return String(value);
  }
}
