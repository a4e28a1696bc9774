import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, formatCsvRow, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads plain and quoted fields with line numbers', () => {
    const rows = parseCsv('title,description\r\nMFC,"Flow, controlled"\r\n"Bubbler","Says ""hi""\nover two lines"\n');
    expect(rows).toEqual([
      { line: 1, fields: ['title', 'description'] },
      { line: 2, fields: ['MFC', 'Flow, controlled'] },
      { line: 3, fields: ['Bubbler', 'Says "hi"\nover two lines'] },
    ]);
  });

  it('drops a byte-order mark and blank lines, keeps empty fields', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,\n,2\n\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', ''] },
      { line: 4, fields: ['', '2'] },
    ]);
  });

  it('reads a last row without a line end', () => {
    expect(parseCsv('a\nb')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 2, fields: ['b'] },
    ]);
  });

  it('reports an unclosed quote and text after a closing quote with the line', () => {
    expect(() => parseCsv('a\n"open,\nstill open')).toThrow(new CsvSyntaxError(2, 'a quoted field is never closed'));
    expect(() => parseCsv('a\n"x"y')).toThrow(/line 2: text after a closing quote/);
  });

  it('reads back whatever formatCsvRow writes', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', 'é', '😀') });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (table) => {
        const text = table.map(formatCsvRow).join('\r\n');
        const parsed = parseCsv(text).map((row) => row.fields);
        // A row of only empty fields still has its commas, so it is not a blank line.
        expect(parsed).toEqual(table);
      }),
    );
  });
});
