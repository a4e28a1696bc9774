/**
 * Which of the site's languages a translated file is in (docs/translators.md, "Languages"): tools
 * write a language tag as they please (`de-DE`, `de-de`, `de_DE`, `de`), so tags are compared
 * without case and with `-` and `_` alike, and a tag of a language alone (`de`) is the site's one
 * language of it (German (Germany) on a site with one German). A language the importer chooses
 * wins over a file's tag that agrees with it (`de` chosen as German (Austria)), never over one that
 * does not (`fr-FR`).
 */

const normal = (tag: string) => tag.trim().toLowerCase().replace(/_/g, '-');
const languagePart = (tag: string) => normal(tag).split('-')[0]!;

/** Whether two tags can name one language: the same, or one names the language alone and the other a region of it. */
export function areCompatibleTags(a: string, b: string): boolean {
  const [x, y] = [normal(a), normal(b)];
  return x === y || ((!x.includes('-') || !y.includes('-')) && languagePart(x) === languagePart(y));
}

/** The site's languages a tag can name: the one it names exactly, else every one it is compatible with. */
export function languagesOfTag(tag: string, languages: string[]): string[] {
  const exact = languages.filter((language) => normal(language) === normal(tag));
  return exact.length > 0 ? exact : languages.filter((language) => areCompatibleTags(language, tag));
}

export type LanguageChoice = { language: string } | { problem: string };

/**
 * The language to import into, of the site's `languages`: the chosen one (which the file's tag,
 * when it has one, must agree with), else the one the file's tag names. A problem, in words, when
 * neither names one.
 */
export function chooseImportLanguage(fileTag: string | null, chosen: string | undefined, languages: string[]): LanguageChoice {
  if (chosen !== undefined) {
    const [language] = languages.filter((candidate) => normal(candidate) === normal(chosen));
    if (language === undefined) return { problem: `${chosen} is not one of the site’s languages` };
    if (fileTag !== null && !areCompatibleTags(fileTag, language)) return { problem: `The file’s translations are in ${fileTag}, not ${language}` };
    return { language };
  }
  if (fileTag === null) return { problem: 'The file does not say which language its translations are in: choose the language' };
  const candidates = languagesOfTag(fileTag, languages);
  if (candidates.length === 1) return { language: candidates[0]! };
  if (candidates.length === 0) return { problem: `${fileTag} is not one of the site’s languages` };
  return { problem: `The file’s translations are in ${fileTag}, which the site has as ${candidates.join(' and ')}: choose the language` };
}
