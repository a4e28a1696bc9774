/** Platform language codes ('en_US') as HTML's lang and hreflang attributes take them ('en-US', BCP 47). */
export const languageTag = (language: string): string => language.replace('_', '-');

/** A language's name in the language of `tag` ("Englisch" for en_US on a German page), without its region. */
export function languageNameIn(language: string, tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language', languageDisplay: 'standard' }).of(languageTag(language).split('-')[0] ?? language) ?? language;
  } catch {
    return language;
  }
}
