import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CsvSyntaxError, decodeCsv, formatCsvRow, parseCsv } from './csv';

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
        // A row of blank cells only is a blank row (spreadsheets write them), and says nothing.
        expect(parsed).toEqual(table.filter((row) => row.some((field) => field.trim() !== '')));
      }),
    );
  });
});

describe('CSV as spreadsheets save it (tests/fixtures/csv)', () => {
  const table = [
    ['urlName', 'language', 'title', 'description'],
    ['teos', 'de_DE', 'Tetraethylorthosilicat (TEOS), Größe 1', 'Zeile eins; mit Semikolon\nZeile zwei mit "Zitat"'],
    ['silane', 'en_US', 'Silane, 99.9999 %', 'Ultra-high purity at 12 € a litre'],
  ];
  const fixture = (name: string) => readFileSync(join('tests', 'fixtures', 'csv', name));
  const read = (name: string) => {
    const decoded = decodeCsv(fixture(name));
    return { encoding: decoded.encoding, note: decoded.note, rows: parseCsv(decoded.text) };
  };

  it.each([
    ['excel-utf8-semicolon-quoted.csv', 'UTF-8'],
    ['excel-utf8-semicolon-minimal.csv', 'UTF-8'],
    ['excel-windows-1252-semicolon.csv', 'Windows-1252'],
    ['excel-unicode-text.txt', 'UTF-16'],
    ['tab-lf.csv', 'UTF-8'],
    ['comma-lf.csv', 'UTF-8'],
    ['libreoffice-default-from-xlsx.csv', 'Windows-1252'],
    ['libreoffice-utf8-semicolon-from-xlsx.csv', 'UTF-8'],
  ])('reads %s (%s) as the table it holds, each row with the line it starts on', (name, encoding) => {
    const { rows, note, ...decoded } = read(name);
    expect(decoded.encoding).toBe(encoding);
    expect(note === null).toBe(encoding !== 'Windows-1252');
    expect(rows.map((row) => row.fields)).toEqual(table);
    // The German row's description spans two lines: the next row starts on line 4.
    expect(rows.map((row) => row.line)).toEqual([1, 2, 4]);
  });

  it('tells the separator from a sep= line, and from the header outside quotes', () => {
    expect(parseCsv('sep=;\r\na;b\r\n1;2\r\n').map((row) => row.fields)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('"a,b";c;d\n1;2;3\n').map((row) => row.fields)).toEqual([
      ['a,b', 'c', 'd'],
      ['1', '2', '3'],
    ]);
    expect(parseCsv('title\nOne, two\n').map((row) => row.fields)).toEqual([['title'], ['One', ' two']]);
  });

  describe('UTF-16 without a byte-order mark, and UTF-32', () => {
    const text = 'urlName;title\r\nteos;Tetraethylorthosilicat, Größe 1\r\nhfo2;"酸化ハフニウム, 12 €"\r\n';
    const rows = [
      ['urlName', 'title'],
      ['teos', 'Tetraethylorthosilicat, Größe 1'],
      ['hfo2', '酸化ハフニウム, 12 €'],
    ];
    const utf16le = Buffer.from(text, 'utf16le');
    const utf16be = Buffer.from(utf16le).swap16();
    /** Each code point in four bytes, as UTF-32 writes it. */
    const utf32 = (littleEndian: boolean) =>
      Buffer.concat(
        [...text].map((char) => {
          const unit = Buffer.alloc(4);
          if (littleEndian) unit.writeUInt32LE(char.codePointAt(0)!);
          else unit.writeUInt32BE(char.codePointAt(0)!);
          return unit;
        }),
      );

    it.each([
      ['little-endian', utf16le],
      ['big-endian', utf16be],
    ])('reads UTF-16 %s by where its NUL bytes fall', (_order, bytes) => {
      const decoded = decodeCsv(bytes);
      expect(decoded).toMatchObject({ encoding: 'UTF-16', note: null });
      expect(parseCsv(decoded.text).map((row) => row.fields)).toEqual(rows);
    });

    it.each([
      ['little-endian', utf32(true), Buffer.from([0xff, 0xfe, 0, 0])],
      ['big-endian', utf32(false), Buffer.from([0, 0, 0xfe, 0xff])],
    ])('refuses UTF-32 %s, with or without its byte-order mark, naming it and saying how to save the file', (order, bytes, mark) => {
      const refusal = new RegExp(`^line 1: the file is UTF-32 \\(${order}\\) text, which an import does not read: save it as CSV UTF-8 .* In Excel`);
      expect(() => decodeCsv(bytes)).toThrow(refusal);
      expect(() => decodeCsv(Buffer.concat([mark, bytes]))).toThrow(refusal);
    });
  });

  it('refuses bytes that are text in neither UTF-8 nor Windows-1252, saying how to save the file', () => {
    expect(() => decodeCsv(Buffer.from([0x61, 0x81, 0x0a]))).toThrow(/save it as CSV UTF-8 .* In Excel: File › Save As › "CSV UTF-8/);
  });
});

describe('what spreadsheets leave in a file', () => {
  it('skips rows of separators only, as Excel writes formatted blank rows, and reads sep= in a CR-only file', () => {
    expect(parseCsv('a;b\r\n1;2\r\n;\r\n;;\r\n').map((row) => row.fields)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(parseCsv('sep=;\ra;b\r1;2\r')).toEqual([
      { line: 2, fields: ['a', 'b'] },
      { line: 3, fields: ['1', '2'] },
    ]);
  });
});
