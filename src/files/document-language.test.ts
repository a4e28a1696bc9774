import { describe, expect, it } from 'vitest';
import { languageOfText } from './document-language';

const GERMAN =
  'Trimethylaluminium ist der klassische Präkursor für die Atomlagenabscheidung: mit Wasser scheidet es Aluminiumoxid Lage für Lage ab. Es entzündet sich an der Luft und reagiert heftig mit Wasser.';
const ENGLISH =
  'Trimethylaluminum is the archetypal precursor for atomic layer deposition: with water it deposits aluminium oxide one layer at a time. It ignites in air and reacts violently with water.';
const FRENCH =
  'Le triméthylaluminium est le précurseur classique du dépôt de couches atomiques : avec l’eau, il dépose l’oxyde d’aluminium couche par couche. Il s’enflamme à l’air.';

describe('languageOfText', () => {
  it('tells a document’s language among the site’s, formulas and numbers aside', async () => {
    const site = ['en_US', 'de_DE', 'fr_FR'];
    expect(await languageOfText(`${GERMAN} Al(CH3)3, CAS 75-24-1, 0,752 g/cm³`, site)).toBe('de_DE');
    expect(await languageOfText(ENGLISH, site)).toBe('en_US');
    expect(await languageOfText(FRENCH, site)).toBe('fr_FR');
  });

  it('says nothing when the text is too short, or the site has no language it knows', async () => {
    expect(await languageOfText('TMA 75-24-1', ['en_US', 'de_DE'])).toBeNull();
    expect(await languageOfText(GERMAN, ['xx_XX'])).toBeNull();
    // A site of one language: the sheet is in it whatever the PDF is written in.
    expect(await languageOfText(GERMAN, ['en_US'])).toBe('en_US');
  });
});
