/**
 * Writes a literature collection as the CSV the import reads (docs/content-format.md, "CSV"): a
 * row per sheet and language, every row with its key and URL name, the documents and images
 * beside the file under names made from the sheet (documents/teos.pdf, images/teos.svg), the
 * sheet's topics on each of its rows (`cvd;precursor;silicon`). It is written as Excel's "CSV UTF-8"
 * is (a byte-order mark, CRLF), so a spreadsheet opens it with its accents. Export, import into an
 * empty store (given the same taxonomy) and export again give the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import type { ContentStore } from '../cms/database';
import { LITERATURE_CONTENT_TYPE } from '../cms/content-types';
import { listCollectionContents, listCollectionsOfType, countCollectionItems } from '../cms/repositories/collections';
import { listContentsByKeys, listStoredTranslations, type Content } from '../cms/repositories/contents';
import { findFileAsset, findMediaByContentKey } from '../cms/repositories/files';
import { listSites } from '../cms/repositories/sites';
import { readStoredBody } from '../cms/stored-json';
import { topicsOfBody } from '../shared/topics';
import { CSV_COLUMNS, type Column } from './csv-sheets';
import { findSheetType } from '../cms/repositories/content-types';
import { csvCellOf, valueFields } from '../content-model/sheet-values';
import { formatCsv } from './csv';

const FILE_ASSET_URL = /\/c\/file-asset\/([A-Za-z0-9_-]{1,80})\?v=(\d{1,9})$/;
const EXTENSIONS: Record<string, string> = {
  'application/pdf': '.pdf',
  'image/svg+xml': '.svg',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/gif': '.gif',
};

export interface CsvExportOptions {
  /** Key or id of the collection; by default the store's only literature collection. */
  collection?: string;
}

export interface CsvExportResult {
  sheets: number;
  rows: number;
  /** Documents and images written beside the CSV. */
  fileCount: number;
}

interface Row {
  translation: { language: string; title: string; body: Record<string, unknown> };
}

/** Writes the CSV at `csvPath` and its files beside it. */
export async function exportCsvFile(db: ContentStore, csvPath: string, options: CsvExportOptions = {}): Promise<CsvExportResult> {
  const { csv, files, ...result } = await collectCsv(db, options);
  const folder = dirname(csvPath);
  for (const [relative, bytes] of files) {
    mkdirSync(join(folder, dirname(relative)), { recursive: true });
    writeFileSync(join(folder, relative), bytes);
  }
  mkdirSync(folder, { recursive: true });
  writeFileSync(csvPath, csv);
  return result;
}

export interface CollectedCsv extends CsvExportResult {
  csv: string;
  /** The documents and images the CSV names, by their path beside it. */
  files: Map<string, Buffer>;
}

/** The collection as the CSV the import reads, and the files it names, in memory. */
export async function collectCsv(db: ContentStore, { collection: keyOrId }: CsvExportOptions = {}): Promise<CollectedCsv> {
  const collections = await listCollectionsOfType(db, LITERATURE_CONTENT_TYPE, keyOrId);
  if (collections.length === 0)
    throw new Error(keyOrId === undefined ? 'The store has no literature collection to export' : `There is no literature collection ${keyOrId}`);
  if (collections.length > 1) throw new Error('The store has several literature collections: name one with --collection <key or id>');
  const collection = collections[0]!;
  const site = (await listSites(db)).find((candidate) => candidate.id === collection.site_id);
  const languageOrder = site?.languages.map((entry) => entry.language) ?? [];
  const sheets = await listCollectionContents(db, collection.id, 0, await countCollectionItems(db, collection.id));
  // The sheet's own columns, then one per field of its type beyond them (retired ones too: their values are kept).
  const fields = valueFields(await findSheetType(db));
  const lines: string[][] = [[...CSV_COLUMNS, ...fields.map((field) => field.name)]];
  const problems: string[] = [];
  let rows = 0;
  const files = new Map<string, Buffer>();
  const write = (relative: string, bytes: Buffer) => {
    files.set(relative, bytes);
    return relative;
  };

  for (const sheet of sheets) {
    const translations = await readTranslations(db, sheet, problems);
    // The primary language first (it carries the image), then the site's order, then the rest.
    const rank = (language: string) =>
      language === sheet.primary_language ? -1 : languageOrder.indexOf(language) === -1 ? languageOrder.length : languageOrder.indexOf(language);
    translations.sort((a, b) => rank(a.translation.language) - rank(b.translation.language) || a.translation.language.localeCompare(b.translation.language));
    const primary = translations[0];
    if (primary === undefined) continue;
    const image = await imageOf(db, primary.translation.body.image);
    const imageFile = image === null ? '' : write(`images/${sheet.url_name}${image.extension}`, image.bytes);
    // The primary language's list is the sheet's, as the editing model reads it (sheet-state.ts).
    const topics = topicsOfBody(primary.translation.body).join(';');
    for (const { translation } of translations) {
      const isPrimary = translation === primary.translation;
      const url = typeof translation.body.url === 'string' ? translation.body.url : '';
      const asset = FILE_ASSET_URL.exec(url);
      // A translation with the primary's document leaves the cell empty: the import gives it the primary's.
      const sameAsPrimary = !isPrimary && url === primary.translation.body.url;
      let document = '';
      if (asset !== null && !sameAsPrimary) {
        const stored = await findFileAsset(db, asset[1] ?? '', Number(asset[2]));
        if (stored !== undefined) {
          const extension = extname(stored.file_name) || EXTENSIONS[stored.mime_type] || '';
          document = write(`documents/${sheet.url_name}${isPrimary ? '' : `-${translation.language.toLowerCase()}`}${extension}`, Buffer.from(stored.bytes));
        }
      }
      const cells: Record<Column, string> = {
        title: translation.title,
        description: typeof translation.body.description === 'string' ? translation.body.description : '',
        language: translation.language,
        urlName: sheet.url_name,
        key: sheet.content_key,
        document,
        url: asset === null && !sameAsPrimary ? url : '',
        image: isPrimary ? imageFile : '',
        imageAlt: image?.altTexts.get(translation.language) ?? '',
        topics,
      };
      // A shared value is the primary language's, as the editing model reads it, on every row.
      const values = fields.map((field) => csvCellOf((field.perLanguage ? translation : primary.translation).body[field.name]));
      lines.push([...CSV_COLUMNS.map((column) => cells[column]), ...values]);
      rows++;
    }
  }
  if (problems.length > 0)
    throw new Error(
      `The collection holds records beyond the content limits (docs/content-format.md, "Limits"); correct or delete them, then export again:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  return { csv: formatCsv(lines), files, sheets: sheets.length, rows, fileCount: files.size };
}

async function readTranslations(db: ContentStore, content: Content, problems: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const stored of await listStoredTranslations(db, [content.id])) {
    const body = readStoredBody(stored.body, `content ${content.content_key} (${stored.language})`);
    if (body === null) problems.push(`content ${content.content_key} (${stored.language})`);
    else rows.push({ translation: { language: stored.language, title: stored.title, body } });
  }
  return rows;
}

/** A sheet's image: its bytes, a file extension, and its alternative text in each language. */
async function imageOf(db: ContentStore, reference: unknown): Promise<{ bytes: Buffer; extension: string; altTexts: Map<string, string> } | null> {
  const key = (reference as { source?: { ref?: { contentKey?: unknown } } } | undefined)?.source?.ref?.contentKey;
  if (typeof key !== 'string') return null;
  const media = await findMediaByContentKey(db, key);
  const [content] = await listContentsByKeys(db, [key]);
  if (media === undefined || content === undefined) return null;
  const altTexts = new Map<string, string>();
  for (const stored of await listStoredTranslations(db, [content.id])) {
    const body = readStoredBody(stored.body, `content ${key} (${stored.language})`);
    if (typeof body?.altText === 'string') altTexts.set(stored.language, body.altText);
  }
  return { bytes: Buffer.from(media.bytes), extension: extname(media.file_name) || EXTENSIONS[media.mime_type] || '', altTexts };
}
