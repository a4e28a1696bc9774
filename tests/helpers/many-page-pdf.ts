/**
 * A PDF of many pages, written directly (a few megabytes for 50,000 pages, in well under a
 * second): every page its own page object, all drawing one shared content stream, as `qpdf --pages
 * one.pdf 1-z ... ` makes of a one-page PDF repeated. Its cross-reference table is exact, so the
 * upload checks take it as a sound PDF.
 */
export function buildManyPagePdf(pages: number, { title = 'Many pages' }: { title?: string } = {}): Buffer {
  const objects: string[] = [];
  // 1 catalog, 2 page tree, 3 font, 4 content, 5 info; the pages from 6.
  const firstPage = 6;
  const kids = Array.from({ length: pages }, (_, index) => `${firstPage + index} 0 R`).join(' ');
  const content = 'BT /F1 18 Tf 72 720 Td (Trimethylaluminum literature sheet) Tj 0 -28 Td (A page of a very long PDF.) Tj ET';
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Count ${pages} /Kids [${kids}] >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  objects.push(`<< /Title (${title}) >>`);
  for (let index = 0; index < pages; index++)
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>');

  const parts: string[] = ['%PDF-1.4\n'];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, index) => {
    const object = `${index + 1} 0 obj\n${body}\nendobj\n`;
    offsets.push(length);
    parts.push(object);
    length += object.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)].join(
    '',
  );
  parts.push(xref, `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}
