/**
 * The demo's document set (docs/content-model.md, "Documents"): trimethylaluminium (TMA) has its
 * data sheet in English (its own document) and German, and a safety data sheet for the EU in English
 * and for Germany in German, each with its revision and date, as a supplier of a pyrophoric
 * precursor keeps them. The hazard statements are TMA's harmonised ones (H250, H260, H314).
 */
import type { DocumentKind } from '../sheet/shape';
import type { CatalogueEntry } from './catalogue';
import type { PdfLanguage, SafetyData } from './literature-pdf';

/** The sheet whose documents are a set. */
export const DOCUMENT_SET_SLUG = 'trimethylaluminum';

export interface DemoDocument {
  /** Its asset, below the sheet's own (`literature-sheet-{slug}`). */
  assetSuffix: string | null;
  kind: DocumentKind;
  language: string;
  region?: string;
  revision: string;
  revisedOn: string;
  /** What it is printed from: the entry in its language, and the safety data of a safety data sheet. */
  printed: { language: PdfLanguage; entry: (english: CatalogueEntry) => CatalogueEntry; safety?: SafetyData };
}

const GERMAN = (english: CatalogueEntry): CatalogueEntry => ({
  ...english,
  title: 'Trimethylaluminium (TMA)',
  description:
    'Der klassische ALD-Präkursor: TMA und Wasser scheiden Al₂O₃ Lage für Lage selbstbegrenzend ab. Zugleich die Aluminiumquelle für die MOCVD von AlN, AlGaN und AlGaAs.',
  category: 'Aluminium-Präkursor',
  chemical: english.chemical === undefined ? undefined : { ...english.chemical, name: 'Trimethylaluminium' },
  properties: [
    { label: 'Aussehen', value: 'Farblose Flüssigkeit (dimer, Al₂(CH₃)₆)' },
    { label: 'Schmelzpunkt', value: '15 °C' },
    { label: 'Siedepunkt', value: '125–130 °C' },
    { label: 'Dichte', value: '0,752 g/cm³ bei 25 °C' },
  ],
  applications: [
    'ALD von Aluminiumoxid (Al₂O₃) mit H₂O oder O₃ für Gate-Dielektrika, Passivierung und Verkapselung.',
    'Aluminiumquelle für die MOCVD von AlN-, AlGaN- und AlGaAs-Schichten.',
    'Feldeffekt-Passivierung von Silizium-Solarzellen (AlOx).',
  ],
  packaging: [
    'Bubbler aus Edelstahl 316L, innen elektropoliert, mit handbetätigten Membranventilen.',
    'Metallgedichtete Anschlüsse; unter Inertgas befüllt und verschlossen.',
  ],
  handling: [
    'Pyrophor: entzündet sich an der Luft von selbst. Nur unter trockenem Stickstoff oder Argon handhaben.',
    'Reagiert heftig mit Wasser und anderen protischen Verbindungen; dabei entstehen entzündbare Gase.',
    'In geschlossenen, dichtheitsgeprüften und gespülten Leitungen verwenden; einen Löscher der Brandklasse D bereithalten.',
  ],
});

const SAFETY_EN: SafetyData = {
  use: 'Precursor for atomic layer deposition and MOCVD; industrial use only.',
  signalWord: 'Danger',
  hazards: [
    'H250 Catches fire spontaneously if exposed to air.',
    'H260 In contact with water releases flammable gases which may ignite spontaneously.',
    'H314 Causes severe skin burns and eye damage.',
  ],
  revision: '5.1',
  revisedOn: '2025-09-22',
};

const SAFETY_DE: SafetyData = {
  use: 'Präkursor für die Atomlagenabscheidung und MOCVD; nur für industrielle Verwendung.',
  signalWord: 'Gefahr',
  hazards: [
    'H250 Entzündet sich in Berührung mit Luft von selbst.',
    'H260 In Berührung mit Wasser entstehen entzündbare Gase, die sich spontan entzünden können.',
    'H314 Verursacht schwere Verätzungen der Haut und schwere Augenschäden.',
  ],
  revision: '5.1',
  revisedOn: '2025-09-22',
};

/** TMA's documents, its own first. */
export const DEMO_DOCUMENT_SET: DemoDocument[] = [
  {
    assetSuffix: null,
    kind: 'data-sheet',
    language: 'en_US',
    revision: '3',
    revisedOn: '2025-11-04',
    printed: { language: 'en', entry: (english) => english },
  },
  { assetSuffix: 'de', kind: 'data-sheet', language: 'de_DE', revision: '3', revisedOn: '2025-11-04', printed: { language: 'de', entry: GERMAN } },
  {
    assetSuffix: 'sds-en',
    kind: 'safety-data-sheet',
    language: 'en_US',
    region: 'EU',
    revision: SAFETY_EN.revision,
    revisedOn: SAFETY_EN.revisedOn,
    printed: { language: 'en', entry: (english) => english, safety: SAFETY_EN },
  },
  {
    assetSuffix: 'sds-de',
    kind: 'safety-data-sheet',
    language: 'de_DE',
    region: 'DE',
    revision: SAFETY_DE.revision,
    revisedOn: SAFETY_DE.revisedOn,
    printed: { language: 'de', entry: GERMAN, safety: SAFETY_DE },
  },
];
