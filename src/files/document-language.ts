/**
 * The language a document is written in, told from its text (franc's trigram profiles) among the
 * site's languages: a German PDF dropped on an English site proposes a German sheet, and the site
 * labels its PDF German. Null when the text is too short or too mixed to tell. franc and its
 * profiles are loaded when first asked: a process that only serves pages never needs them.
 */

/** The site's language (ISO 639-1, as in en_US) as franc names it (ISO 639-3). */
const FRANC_CODE: Record<string, string> = {
  en: 'eng',
  de: 'deu',
  fr: 'fra',
  es: 'spa',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
  pl: 'pol',
  sv: 'swe',
  da: 'dan',
  fi: 'fin',
  nb: 'nob',
  cs: 'ces',
  sk: 'slk',
  hu: 'hun',
  ro: 'ron',
  ru: 'rus',
  uk: 'ukr',
  tr: 'tur',
  ja: 'jpn',
  zh: 'cmn',
  ko: 'kor',
};

/** The text read to tell: the first pages say it as well as the whole. */
const SAMPLE_CHARACTERS = 4000;

export async function languageOfText(text: string, languages: string[]): Promise<string | null> {
  const candidates = new Map(
    languages.flatMap((language) => {
      const code = FRANC_CODE[language.slice(0, 2).toLowerCase()];
      return code === undefined ? [] : [[code, language] as const];
    }),
  );
  if (candidates.size === 0) return null;
  // Numbers, formulas and CAS numbers say nothing of a language.
  const words = text.slice(0, SAMPLE_CHARACTERS).replace(/[^\p{L}\s]+/gu, ' ');
  const { franc } = await import('franc-min');
  const found = franc(words, { only: [...candidates.keys()], minLength: 40 });
  return candidates.get(found) ?? null;
}
