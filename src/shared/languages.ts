/** Platform language codes ('en_US') as HTML's lang and hreflang attributes take them ('en-US', BCP 47). */
export const languageTag = (language: string): string => language.replace('_', '-');
