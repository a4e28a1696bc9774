/**
 * Renders a catalogue entry as a one-page literature-sheet PDF (A4) with PDFKit's standard fonts.
 * Standard PDF fonts only cover the Windows-1252 character set, so text is mapped onto it first
 * (subscript digits become digits; formulas get real subscripts by drawing).
 */
import { molarMass } from './chemistry';
import type { CatalogueEntry } from './catalogue';
import { splitFormula } from './illustrations';

const PAGE_MARGIN = 50;
const BRAND = '#1f3f6b';
const MUTED = '#4a5560';

/** The words a demo PDF is printed with, per language it is printed in. */
const WORDS = {
  en: {
    sheet: 'LITERATURE SHEET',
    titleSuffix: 'Literature Sheet',
    range: 'CVD and ALD precursors and equipment',
    demo: 'DEMO DATA',
    notice:
      'DEMO DATA. This sheet was generated from demonstration content to show the Literature Sheets product. ' +
      'It is not a product offer. Values are published literature data; always check the supplier’s current SDS ' +
      'and certificate of analysis before use.',
    generated: (date: string) => `Generated ${date} by Literature Sheets.`,
    identification: 'Identification',
    name: 'Name',
    abbreviation: 'Abbreviation',
    formula: 'Formula',
    cas: 'CAS number',
    molarMass: 'Molar mass',
    properties: 'Properties',
    specifications: 'Specifications',
    applications: 'Applications',
    packaging: 'Packaging',
    handling: 'Handling and safety',
    sds: 'SAFETY DATA SHEET',
    sdsTitleSuffix: 'Safety Data Sheet',
    regulation: 'according to Regulation (EC) No 1907/2006 (REACH), Annex II',
    revision: (revision: string, date: string) => `Revision ${revision} of ${date}`,
    sdsSections: ['1 Identification', '2 Hazards identification', '7 Handling and storage', '9 Physical and chemical properties'],
    use: 'Relevant use',
    signalWord: 'Signal word',
  },
  de: {
    sheet: 'DATENBLATT',
    titleSuffix: 'Datenblatt',
    range: 'CVD- und ALD-Präkursoren und Anlagen',
    demo: 'DEMODATEN',
    notice:
      'DEMODATEN. Dieses Blatt wurde aus Demonstrationsinhalten erstellt, um das Produkt Literature Sheets zu zeigen. ' +
      'Es ist kein Angebot. Die Werte sind veröffentlichte Literaturdaten; prüfen Sie vor der Verwendung stets das ' +
      'aktuelle Sicherheitsdatenblatt und das Analysenzertifikat des Lieferanten.',
    generated: (date: string) => `Erstellt am ${date} mit Literature Sheets.`,
    identification: 'Identifikation',
    name: 'Name',
    abbreviation: 'Abkürzung',
    formula: 'Summenformel',
    cas: 'CAS-Nummer',
    molarMass: 'Molare Masse',
    properties: 'Eigenschaften',
    specifications: 'Spezifikation',
    applications: 'Anwendungen',
    packaging: 'Gebinde',
    handling: 'Handhabung und Sicherheit',
    sds: 'SICHERHEITSDATENBLATT',
    sdsTitleSuffix: 'Sicherheitsdatenblatt',
    regulation: 'gemäß Verordnung (EG) Nr. 1907/2006 (REACH), Anhang II',
    revision: (revision: string, date: string) => `Überarbeitung ${revision} vom ${date}`,
    sdsSections: ['1 Bezeichnung des Stoffs', '2 Mögliche Gefahren', '7 Handhabung und Lagerung', '9 Physikalische und chemische Eigenschaften'],
    use: 'Relevante Verwendung',
    signalWord: 'Signalwort',
  },
} as const;

export type PdfLanguage = keyof typeof WORDS;
type Words = (typeof WORDS)[PdfLanguage];

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/** Maps text onto the characters the standard PDF fonts can show. */
export function toPdfText(text: string): string {
  return text
    .replace(/[₀-₉]/g, (digit) => String(SUBSCRIPT_DIGITS.indexOf(digit)))
    .replace(/ₓ/g, 'x')
    .replace(/−/g, '-')
    .replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026]/g, '?');
}

export interface PdfOptions {
  /** The date printed on the sheet and stored in its metadata (fixed in tests for reproducibility). */
  generatedAt: Date;
  /** The language its own words are printed in (the entry's texts are as given); English unless said. */
  language?: PdfLanguage;
}

/** What a demo safety data sheet says beyond its catalogue entry. */
export interface SafetyData {
  use: string;
  signalWord: string;
  /** Hazard statements, each with its code (H250 …). */
  hazards: string[];
  revision: string;
  /** The revision's date, as YYYY-MM-DD. */
  revisedOn: string;
}

export function renderLiteraturePdf(entry: CatalogueEntry, options: PdfOptions): Promise<Buffer> {
  return renderLiteratureDocument(entry, options).then((document) => document.bytes);
}

/** The PDF and its text: every string drawn, in order (what search reads, without reading the PDF back). */
export function renderLiteratureDocument(entry: CatalogueEntry, options: PdfOptions): Promise<{ bytes: Buffer; text: string }> {
  const words = WORDS[options.language ?? 'en'];
  return renderPdf(entry, `${entry.title} - ${words.titleSuffix}`, options, (doc) => {
    drawHeader(doc, entry, words, words.sheet, words.range);
    drawParagraph(doc, entry.description);
    if (entry.chemical) drawIdentification(doc, entry.chemical, words);
    drawTable(
      doc,
      entry.chemical ? words.properties : words.specifications,
      entry.properties.map((p) => [p.label, p.value]),
    );
    drawList(doc, words.applications, entry.applications);
    drawList(doc, words.packaging, entry.packaging);
    drawList(doc, words.handling, entry.handling);
    drawFooter(doc, options.generatedAt, words);
  });
}

/** A one-page demo safety data sheet for a chemical: identification, hazards, handling, properties. */
export function renderSafetyDataSheet(entry: CatalogueEntry, safety: SafetyData, options: PdfOptions): Promise<{ bytes: Buffer; text: string }> {
  const words = WORDS[options.language ?? 'en'];
  const [identification, hazards, handling, properties] = words.sdsSections;
  return renderPdf(entry, `${entry.title} - ${words.sdsTitleSuffix}`, options, (doc) => {
    drawHeader(doc, entry, words, words.sds, words.regulation);
    drawParagraph(doc, words.revision(safety.revision, safety.revisedOn));
    drawTable(doc, identification, [
      [words.name, entry.chemical?.name ?? entry.title],
      ...(entry.chemical === undefined
        ? []
        : ([
            [words.cas, entry.chemical.cas],
            [words.formula, entry.chemical.formula],
          ] as Array<[string, string]>)),
      [words.use, safety.use],
    ]);
    drawTable(doc, hazards, [[words.signalWord, safety.signalWord]]);
    drawList(doc, '', safety.hazards);
    drawList(doc, handling, entry.handling);
    drawTable(
      doc,
      properties,
      entry.properties.map((p) => [p.label, p.value]),
    );
    drawFooter(doc, options.generatedAt, words);
  });
}

/** A one-page A4 PDF drawn by `draw`, with its metadata, and its text: every string drawn, in order. */
async function renderPdf(entry: CatalogueEntry, title: string, options: PdfOptions, draw: (doc: Doc) => void): Promise<{ bytes: Buffer; text: string }> {
  // Loaded when demo content is made: a server that only serves pages never needs it.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    info: {
      Title: toPdfText(title),
      Author: 'Literature Sheets (demo content)',
      Subject: toPdfText(entry.category),
      Keywords: toPdfText(['CVD', 'ALD', entry.chemical?.abbreviation ?? '', 'demo'].filter(Boolean).join(', ')),
      CreationDate: options.generatedAt,
      ModDate: options.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const drawn: string[] = [];
  const text = doc.text.bind(doc) as (text: string, ...rest: unknown[]) => Doc;
  doc.text = ((value: string, ...rest: unknown[]) => {
    drawn.push(String(value));
    return text(value, ...rest);
  }) as typeof doc.text;
  const finished = new Promise<{ bytes: Buffer; text: string }>((resolve, reject) => {
    doc.on('end', () => resolve({ bytes: Buffer.concat(chunks), text: drawn.join('\n') }));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return finished;
}

type Doc = PDFKit.PDFDocument;

function contentWidth(doc: Doc): number {
  return doc.page.width - PAGE_MARGIN * 2;
}

function drawHeader(doc: Doc, entry: CatalogueEntry, words: Words, heading: string, subheading: string): void {
  doc.rect(0, 0, doc.page.width, 70).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(11).text(heading, PAGE_MARGIN, 22);
  doc.font('Helvetica').fontSize(9).text(toPdfText(subheading), PAGE_MARGIN, 38);
  doc.rect(doc.page.width - PAGE_MARGIN - 90, 22, 90, 24).fill('#f1c40f');
  doc
    .fillColor('#1f2d3d')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(words.demo, doc.page.width - PAGE_MARGIN - 90, 29, { width: 90, align: 'center' });

  doc
    .fillColor('#1f2d3d')
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(toPdfText(entry.title), PAGE_MARGIN, 95, { width: contentWidth(doc) });
  doc.moveDown(0.2).fillColor(MUTED).font('Helvetica').fontSize(11).text(toPdfText(entry.category));
  doc.moveDown(0.8);
}

function drawParagraph(doc: Doc, text: string): void {
  doc
    .fillColor('#1f2d3d')
    .font('Helvetica')
    .fontSize(11)
    .text(toPdfText(text), PAGE_MARGIN, doc.y, { width: contentWidth(doc), lineGap: 2 });
  doc.moveDown(0.8);
}

function drawSectionTitle(doc: Doc, title: string): void {
  doc.moveDown(0.4).fillColor(BRAND).font('Helvetica-Bold').fontSize(13).text(title, PAGE_MARGIN, doc.y);
  const y = doc.y + 2;
  doc
    .moveTo(PAGE_MARGIN, y)
    .lineTo(PAGE_MARGIN + contentWidth(doc), y)
    .lineWidth(0.8)
    .strokeColor(BRAND)
    .stroke();
  doc.moveDown(0.5);
}

function drawIdentification(doc: Doc, chemical: NonNullable<CatalogueEntry['chemical']>, words: Words): void {
  drawSectionTitle(doc, words.identification);
  const rows: Array<[string, string | { formula: string }]> = [
    [words.name, chemical.name],
    ...(chemical.abbreviation ? ([[words.abbreviation, chemical.abbreviation]] as Array<[string, string]>) : []),
    [words.formula, { formula: chemical.formula }],
    [words.cas, chemical.cas],
    [words.molarMass, `${molarMass(chemical.hill).toFixed(2)} g/mol`],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(10.5).text(label, PAGE_MARGIN, y, { width: 140 });
    if (typeof value === 'string') {
      doc
        .fillColor('#1f2d3d')
        .font('Helvetica')
        .fontSize(10.5)
        .text(toPdfText(value), PAGE_MARGIN + 150, y, { width: contentWidth(doc) - 150 });
    } else {
      drawFormula(doc, value.formula, PAGE_MARGIN + 150, y, 10.5);
      doc.y = y + 15;
    }
    doc.moveDown(0.25);
  }
}

/** Draws a formula with its subscript digits smaller and lowered. */
function drawFormula(doc: Doc, formula: string, x: number, y: number, size: number): void {
  let cursor = x;
  doc.fillColor('#1f2d3d').font('Helvetica');
  for (const part of splitFormula(formula)) {
    const partSize = part.subscript ? size * 0.72 : size;
    doc.fontSize(partSize).text(part.text, cursor, part.subscript ? y + size * 0.35 : y, { lineBreak: false });
    cursor += doc.widthOfString(part.text);
  }
  doc.fontSize(size);
}

function drawTable(doc: Doc, title: string, rows: Array<[string, string]>): void {
  if (rows.length === 0) return;
  drawSectionTitle(doc, title);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(10.5).text(toPdfText(label), PAGE_MARGIN, y, { width: 140 });
    const labelBottom = doc.y;
    doc
      .fillColor('#1f2d3d')
      .font('Helvetica')
      .fontSize(10.5)
      .text(toPdfText(value), PAGE_MARGIN + 150, y, { width: contentWidth(doc) - 150 });
    doc.y = Math.max(doc.y, labelBottom);
    doc.moveDown(0.25);
  }
}

function drawList(doc: Doc, title: string, items: string[]): void {
  if (items.length === 0) return;
  // A list without a title continues the section above.
  if (title !== '') drawSectionTitle(doc, toPdfText(title));
  doc.fillColor('#1f2d3d').font('Helvetica').fontSize(10.5);
  for (const item of items) {
    doc.text(`\u2022  ${toPdfText(item)}`, PAGE_MARGIN, doc.y, { width: contentWidth(doc), indent: 0, lineGap: 1.5 });
    doc.moveDown(0.2);
  }
}

function drawFooter(doc: Doc, generatedAt: Date, words: Words): void {
  const top = doc.page.height - PAGE_MARGIN - 62;
  doc
    .moveTo(PAGE_MARGIN, top)
    .lineTo(PAGE_MARGIN + contentWidth(doc), top)
    .lineWidth(0.5)
    .strokeColor('#9aa5b0')
    .stroke();
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(toPdfText(words.notice), PAGE_MARGIN, top + 8, { width: contentWidth(doc), lineGap: 1 });
  doc.text(toPdfText(words.generated(generatedAt.toISOString().slice(0, 10))), PAGE_MARGIN, doc.y + 2, { width: contentWidth(doc) });
}
