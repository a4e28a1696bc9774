/**
 * A translated file's language tag matched to the site's languages: without case, `-` and `_`
 * alike; a language alone for the site's one language of it; a chosen language over a compatible
 * tag, never over another; words for each refusal.
 */
import { describe, expect, it } from 'vitest';
import { areCompatibleTags, chooseImportLanguage, languagesOfTag } from './translation-language';

const SITE = ['en_US', 'de_DE', 'fr_FR', 'pt_BR', 'pt_PT'];

describe('import languages', () => {
  it('matches a tag without case and with - or _', () => {
    for (const tag of ['de-DE', 'de-de', 'DE_de', 'de_DE', ' de-DE ']) expect(languagesOfTag(tag, SITE)).toEqual(['de_DE']);
    expect(chooseImportLanguage('de-de', undefined, SITE)).toEqual({ language: 'de_DE' });
  });

  it('takes a language alone as the site’s one language of it, and asks when the site has two', () => {
    expect(chooseImportLanguage('de', undefined, SITE)).toEqual({ language: 'de_DE' });
    expect(chooseImportLanguage('pt', undefined, SITE)).toEqual({
      problem: 'The file’s translations are in pt, which the site has as pt_BR and pt_PT: choose the language',
    });
    expect(chooseImportLanguage('pt', 'pt_PT', SITE)).toEqual({ language: 'pt_PT' });
    // A site whose German has no region takes a file's German (Germany).
    expect(chooseImportLanguage('de-DE', undefined, ['en_US', 'de'])).toEqual({ language: 'de' });
  });

  it('lets a chosen language win over a compatible tag only, and names every refusal', () => {
    expect(chooseImportLanguage('de', 'de-de', SITE)).toEqual({ language: 'de_DE' });
    expect(chooseImportLanguage(null, 'fr_FR', SITE)).toEqual({ language: 'fr_FR' });
    expect(chooseImportLanguage('de-AT', 'de_DE', SITE)).toEqual({ problem: 'The file’s translations are in de-AT, not de_DE' });
    expect(chooseImportLanguage('fr-FR', 'de_DE', SITE)).toEqual({ problem: 'The file’s translations are in fr-FR, not de_DE' });
    expect(chooseImportLanguage('es-ES', undefined, SITE)).toEqual({ problem: 'es-ES is not one of the site’s languages' });
    expect(chooseImportLanguage(null, 'es_ES', SITE)).toEqual({ problem: 'es_ES is not one of the site’s languages' });
    expect(chooseImportLanguage(null, undefined, SITE)).toEqual({
      problem: 'The file does not say which language its translations are in: choose the language',
    });
    expect(areCompatibleTags('de-CH', 'de_DE')).toBe(false);
  });
});
