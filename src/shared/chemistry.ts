/**
 * Values a precursor's data sheet is looked up by (issue 35's field kinds): CAS Registry Numbers,
 * checked by their check digit, and chemical formulas, written one way however they were typed.
 */

/** What a CAS number is read as: the number in its hyphenated form, or why it is not one. */
export type CasReading = { cas: string } | { problem: string };

/**
 * A CAS Registry Number, with or without its hyphens ("7732-18-5", "7732185"): 2 to 7 digits, 2
 * digits and a check digit, the last digit of the sum of the other digits each times its place
 * counted from the right (CAS's own rule). Spaces around it are dropped.
 */
/** The CAS numbers a text names (their check digits right), in the order it names them, each once. */
export function casNumbersIn(text: string): string[] {
  const found = [...text.matchAll(/(?<![\d-])\d{2,7}-\d{2}-\d(?![\d-])/g)].flatMap((match) => {
    const read = readCasNumber(match[0]);
    return 'cas' in read ? [read.cas] : [];
  });
  return [...new Set(found)];
}

export function readCasNumber(input: string): CasReading {
  const text = input.trim();
  const parts = /^(\d{2,7})-(\d{2})-(\d)$/.exec(text) ?? /^(\d{2,7})(\d{2})(\d)$/.exec(text);
  if (parts === null) return { problem: `"${input}" is not a CAS number: write it as 2 to 7 digits, 2 digits and a check digit, e.g. 7732-18-5` };
  const [, first, second, check] = parts as unknown as [string, string, string, string];
  const digits = [...(first + second)].reverse();
  const sum = digits.reduce((total, digit, index) => total + Number(digit) * (index + 1), 0);
  const cas = `${Number(first)}-${second}-${check}`;
  if (sum % 10 !== Number(check)) return { problem: `${cas} is not a CAS number: its check digit would be ${sum % 10}, not ${check}` };
  return { cas };
}

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * A chemical formula written one way: subscript and superscript digits as digits, superscript
 * signs as + and -, the separators of a hydrate or adduct (·, •, ∙, *, a full stop between
 * parts) as "·", and no spaces. Element symbols keep their case: "CO" and "Co" are not one
 * formula. So `Al(CH3)3` and `Al(CH₃)₃` are one value, as are `CuSO4 · 5H2O` and `CuSO₄•5H₂O`.
 */
export function normalizeFormula(input: string): string {
  return [...input.normalize('NFC')]
    .map((character) => {
      const sub = SUBSCRIPTS.indexOf(character);
      if (sub >= 0) return String(sub);
      const sup = SUPERSCRIPTS.indexOf(character);
      if (sup >= 0) return String(sup);
      if (character === '⁺') return '+';
      if (character === '⁻' || character === '−') return '-';
      if ('•∙*'.includes(character)) return '·';
      return character;
    })
    .join('')
    .replace(/\s+/g, '')
    .replace(/(?<=[A-Za-z0-9)\]])\.(?=\d*[A-Z(])/g, '·');
}

/** Whether two formulas are one, however each was typed. */
export const sameFormula = (a: string, b: string): boolean => normalizeFormula(a) === normalizeFormula(b);

/**
 * A formula as a person reads it: the count after an element or a group as a subscript
 * (`Al(CH3)3` → `Al(CH₃)₃`); a hydrate's leading count (`CuSO4·5H2O`'s 5) stays as it is.
 */
export function formulaForReading(formula: string): string {
  return formula.replace(/(?<=[A-Za-z)\]])\d+/g, (digits) => [...digits].map((digit) => SUBSCRIPTS[Number(digit)]).join(''));
}
