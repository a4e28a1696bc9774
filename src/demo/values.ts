/**
 * The demo sheets' values of the literature sheet's fields beyond its texts (content-model/
 * literature-sheet.ts): a chemical's CAS number and formula come from the catalogue (published
 * values); its physical form from how it is supplied; its purity, package sizes and product code
 * are the demo supplier's own, made up as a supplier would write them (and every demo document
 * says it is demo data). Equipment has a product code only.
 */
import { normalizeFormula } from '../shared/chemistry';
import type { CatalogueEntry } from './catalogue';

type Language = 'en_US' | 'de_DE' | 'fr_FR';

/** How each kind of container supplies its precursor, in the demo's languages. */
const FORM: Record<string, Record<Language, string>> = {
  cylinder: { en_US: 'Liquid', de_DE: 'Flüssig', fr_FR: 'Liquide' },
  ampoule: { en_US: 'Solid', de_DE: 'Fest', fr_FR: 'Solide' },
  'gas-cylinder': { en_US: 'Gas', de_DE: 'Gas', fr_FR: 'Gaz' },
};

const PACKAGE_SIZES: Record<string, string[]> = {
  cylinder: ['50 g bubbler', '250 g bubbler', '1 kg bubbler'],
  ampoule: ['25 g ampoule', '100 g ampoule'],
  'gas-cylinder': ['10 L cylinder', '47 L cylinder'],
};

/** The product code: the abbreviation (or the slug's first letters) and the grade. */
function productCodeOf(entry: CatalogueEntry): string {
  const stem = (
    entry.chemical?.abbreviation ??
    entry.slug
      .split('-')
      .map((word) => word.slice(0, 3))
      .join('')
  )
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
  return entry.chemical === undefined ? `EQ-${stem}` : `LS-${stem}-5N`;
}

/** The values kept once for every language. */
export function demoSharedValues(entry: CatalogueEntry): Record<string, unknown> {
  const { chemical, illustration } = entry;
  if (chemical === undefined) return { productCode: productCodeOf(entry) };
  return {
    casNumbers: [chemical.cas],
    formula: normalizeFormula(chemical.formula),
    purity: '≥ 99.999 % (5N)',
    ...(PACKAGE_SIZES[illustration.kind] === undefined ? {} : { packageSizes: PACKAGE_SIZES[illustration.kind] }),
    productCode: productCodeOf(entry),
  };
}

/** The values of the fields each language has its own of. */
export function demoLanguageValues(entry: CatalogueEntry, language: Language): Record<string, unknown> {
  const form = entry.chemical === undefined ? undefined : FORM[entry.illustration.kind]?.[language];
  return form === undefined ? {} : { form };
}
