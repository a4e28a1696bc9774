/**
 * The demo's taxonomy (docs/search.md, "Topics"): the process a sheet serves, whether it is a
 * precursor or equipment, and a precursor's element; and which demo sheet is about which.
 */
import type { CatalogueEntry } from './catalogue';
import type { Topic } from '../shared/topics';

type Names = [en: string, de: string, fr: string];
const labelsOf = ([en, de, fr]: Names) => ({ en_US: en, de_DE: de, fr_FR: fr });

const FACETS: Record<string, Array<[slug: string, names: Names]>> = {
  process: [
    ['cvd', ['CVD', 'CVD', 'CVD']],
    ['ald', ['ALD', 'ALD', 'ALD']],
  ],
  kind: [
    ['precursor', ['Precursor', 'Präkursor', 'Précurseur']],
    ['equipment', ['Equipment', 'Ausrüstung', 'Équipement']],
  ],
  element: [
    ['aluminum', ['Aluminum', 'Aluminium', 'Aluminium']],
    ['gallium', ['Gallium', 'Gallium', 'Gallium']],
    ['hafnium', ['Hafnium', 'Hafnium', 'Hafnium']],
    ['indium', ['Indium', 'Indium', 'Indium']],
    ['magnesium', ['Magnesium', 'Magnesium', 'Magnésium']],
    ['silicon', ['Silicon', 'Silizium', 'Silicium']],
    ['tantalum', ['Tantalum', 'Tantal', 'Tantale']],
    ['titanium', ['Titanium', 'Titan', 'Titane']],
    ['tungsten', ['Tungsten', 'Wolfram', 'Tungstène']],
    ['zinc', ['Zinc', 'Zink', 'Zinc']],
    ['zirconium', ['Zirconium', 'Zirkonium', 'Zirconium']],
  ],
};

export const DEMO_TOPICS: Topic[] = Object.entries(FACETS)
  .flatMap(([facet, topics]) => topics.map(([slug, names]) => ({ slug, facet, labels: labelsOf(names) })))
  .map((topic, position) => ({ ...topic, position }));

/** The element of each demo precursor, by the symbol its formula starts with. */
const ELEMENTS: Record<string, string> = {
  Al: 'aluminum',
  Ga: 'gallium',
  Hf: 'hafnium',
  In: 'indium',
  Mg: 'magnesium',
  Si: 'silicon',
  Ta: 'tantalum',
  Ti: 'titanium',
  W: 'tungsten',
  Zn: 'zinc',
  Zr: 'zirconium',
};

/** Sheets for one process only; every other demo sheet serves both. */
const ONE_PROCESS: Record<string, 'cvd' | 'ald'> = {
  trimethylgallium: 'cvd',
  triethylgallium: 'cvd',
  trimethylindium: 'cvd',
  'bis-cyclopentadienyl-magnesium': 'cvd',
  temah: 'ald',
  tdmah: 'ald',
  temaz: 'ald',
  pdmat: 'ald',
  teos: 'cvd',
  silane: 'cvd',
  dichlorosilane: 'cvd',
  'ald-diaphragm-valve': 'ald',
  'gas-cabinet': 'cvd',
};

/** A demo sheet's topics: its processes, its kind and, for a precursor, its element. */
export function demoTopicsOf(entry: CatalogueEntry): string[] {
  const only = ONE_PROCESS[entry.slug];
  const processes = only === undefined ? ['cvd', 'ald'] : [only];
  if (entry.chemical === undefined) return [...processes, 'equipment'];
  const symbol = /^[A-Z][a-z]?/.exec(entry.chemical.formula)?.[0] ?? '';
  const element = ELEMENTS[symbol];
  if (element === undefined) throw new Error(`The demo has no element topic for ${entry.slug} (${symbol})`);
  return [...processes, 'precursor', element];
}
