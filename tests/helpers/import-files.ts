/**
 * What an editor chooses for an import in the studio: a CSV of one new sheet (with its PDF and
 * image, named with folders as a spreadsheet would) and a change to the first demo sheet's
 * description. Shared by the API's tests and the studio's end-to-end tests.
 */
import sharp from 'sharp';
import { DEMO_CATALOGUE } from '../../src/demo/catalogue';
import { renderLiteraturePdf } from '../../src/demo/literature-pdf';
import { formatCsvRow } from '../../src/transfer/csv';

export const FIRST_SHEET = DEMO_CATALOGUE[0]!;
export const NEW_SHEET_TITLE = 'Hafnium tetrachloride (HfCl4)';
export const CHANGED_DESCRIPTION = 'Changed by the studio import.';

export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const csvOf = (rows: string[][]) => rows.map((row) => formatCsvRow(row)).join('\r\n');

/** `urlName`: the new sheet's, when one of the default name is in the store already (an undone import left it in the trash). */
export async function csvWithFiles({ urlName = 'hafnium-tetrachloride' }: { urlName?: string } = {}): Promise<ChosenFile[]> {
  const csv = csvOf([
    ['title', 'description', 'urlName', 'document', 'image', 'imageAlt'],
    [NEW_SHEET_TITLE, 'A solid hafnium source for ALD of HfO2.', urlName, 'documents/hfcl4.pdf', 'pictures/hfcl4.png', 'A bubbler'],
    [FIRST_SHEET.title, CHANGED_DESCRIPTION, FIRST_SHEET.slug, '', '', ''],
  ]);
  const pdf = await renderLiteraturePdf({ ...FIRST_SHEET, title: 'Hafnium tetrachloride' }, { generatedAt: new Date('2026-01-01T00:00:00Z') });
  const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#246' } })
    .png()
    .toBuffer();
  return [
    { name: 'sheets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    { name: 'hfcl4.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'hfcl4.png', mimeType: 'image/png', buffer: png },
  ];
}
