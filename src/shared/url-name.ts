import transliterate from '@sindresorhus/transliterate';

/**
 * A URL name from a title: lower-case ASCII letters and digits joined by hyphens, letters written
 * as their language spells them in ASCII (transliterate's tables: "Größe" → "groesse", "Søren" →
 * "soren"), other accents dropped and subscripts made digits ("Précurseur Ta(OEt)₅" →
 * "precurseur-ta-oet-5"); `fallback` when nothing is left.
 */
export function urlNameOf(title: string, fallback: string): string {
  // Subscript and superscript digits stay digits: transliterate would leave them for NFKD anyway.
  const name = transliterate(title.normalize('NFKC'))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return name || fallback;
}
