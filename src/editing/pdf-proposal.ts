/**
 * What a PDF proposes for a new sheet (the studio's "PDFs to sheets"): a title from the PDF's
 * metadata, or else its first line; a description from the first page's text after the title; and
 * the alternative text of the card image rendered from page 1. Everything is editable before the
 * sheet is published; this only saves typing.
 */
import type { CheckedDocument } from '../files/pdf-reading';

const MAX_TITLE = 255;
const MAX_DESCRIPTION = 400;
/**
 * "… - Literature Sheet", "| Data Sheet", "- Datenblatt", "– Fiche technique": what exporters add to
 * a title, not part of the product's name.
 */
const SHEET_SUFFIX =
  /\s*[-–—|:]\s*(?:(?:literature|data|product|technical|safety(?:\s+data)?)\s+sheet|(?:produkt|technisches\s+|sicherheits)?datenblatt|fiche\s+(?:technique|produit|de\s+données\s+de\s+sécurité))\s*$/i;

export interface SheetProposal {
  title: string;
  description: string;
  imageAlt: string;
}

/** The words of the image's alternative text in the languages we know them in; English otherwise. */
const FIRST_PAGE_OF: Record<string, (title: string) => string> = {
  en: (title) => `First page of the ${title} literature sheet`,
  de: (title) => `Erste Seite des Datenblatts ${title}`,
  fr: (title) => `Première page de la fiche ${title}`,
};

export function proposeSheet(document: Pick<CheckedDocument, 'title' | 'firstPageText'>, fileName: string, language = 'en_US'): SheetProposal {
  const lines = document.firstPageText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const fromName = fileName
    .replace(/\.pdf$/i, '')
    .replace(/[_-]+/g, ' ')
    .trim();
  const title = clip(document.title?.replace(SHEET_SUFFIX, '').trim() || lines[0] || fromName || 'Untitled sheet', MAX_TITLE);
  // The description is the first paragraph of prose after the title's line: lines of six words or
  // more, and the lines that finish their sentence; a short line after a full stop is a heading.
  const rest = lines.slice(lines.findIndex((line) => line.toLowerCase().includes(title.toLowerCase())) + 1);
  const start = rest.findIndex((line) => wordsIn(line) >= 6);
  const paragraph: string[] = [];
  for (const line of start === -1 ? [] : rest.slice(start)) {
    if (paragraph.length > 0 && /[.!?]$/.test(paragraph.at(-1)!) && wordsIn(line) < 6) break;
    paragraph.push(line);
  }
  const description = sentencesOf(paragraph.join(' '), MAX_DESCRIPTION);
  const firstPageOf = FIRST_PAGE_OF[language.slice(0, 2)] ?? FIRST_PAGE_OF.en!;
  return { title, description, imageAlt: firstPageOf(title) };
}

/** Whole sentences up to `max` characters; a cut sentence ends with an ellipsis. */
function sentencesOf(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  return end > max / 3 ? cut.slice(0, end + 1) : `${cut.slice(0, cut.lastIndexOf(' ')).trimEnd()}…`;
}

const wordsIn = (line: string) => line.split(' ').length;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
