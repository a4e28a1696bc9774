/**
 * Molar masses computed from formulas, so the demo's numbers cannot drift from its formulas.
 * Standard atomic weights (IUPAC, abridged to the precision chemists quote).
 */
const ATOMIC_WEIGHTS: Record<string, number> = {
  H: 1.008,
  C: 12.011,
  N: 14.007,
  O: 15.999,
  F: 18.998,
  Mg: 24.305,
  Al: 26.982,
  Si: 28.085,
  Cl: 35.45,
  Ti: 47.867,
  Zn: 65.38,
  Ga: 69.723,
  Zr: 91.224,
  In: 114.818,
  Hf: 178.49,
  Ta: 180.948,
  W: 183.84,
};

/** Counts atoms in a formula such as 'C12H32HfN4' (no brackets). */
export function countAtoms(formula: string): Map<string, number> {
  const counts = new Map<string, number>();
  const pattern = /([A-Z][a-z]?)(\d*)/g;
  let consumed = 0;
  for (const match of formula.matchAll(pattern)) {
    const [text, element = '', digits = ''] = match;
    if (match.index !== consumed) break;
    consumed += text.length;
    if (!(element in ATOMIC_WEIGHTS)) throw new Error(`Unknown element ${element} in ${formula}`);
    counts.set(element, (counts.get(element) ?? 0) + (digits === '' ? 1 : Number(digits)));
  }
  if (consumed !== formula.length || formula === '') throw new Error(`Cannot read the formula "${formula}"`);
  return counts;
}

/** Molar mass in g/mol, rounded to two decimals. */
export function molarMass(formula: string): number {
  let total = 0;
  for (const [element, count] of countAtoms(formula)) total += (ATOMIC_WEIGHTS[element] ?? 0) * count;
  return Math.round(total * 100) / 100;
}
