/**
 * CSV as spreadsheets write it (RFC 4180): comma-separated, fields optionally in double quotes,
 * a quote inside a quoted field doubled, line breaks inside quoted fields kept, CRLF or LF line
 * ends, an optional UTF-8 byte-order mark. Every row keeps its line number for error messages.
 */

export interface CsvRow {
  /** 1-based line on which the row starts. */
  line: number;
  fields: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvSyntaxError';
  }
}

export function parseCsv(text: string): CsvRow[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let index = 0;
  let quotedFieldEnded = false;

  const endField = () => {
    fields.push(field);
    field = '';
    quotedFieldEnded = false;
  };
  const endRow = () => {
    endField();
    // A blank line is no row (spreadsheets leave them at the end).
    if (!(fields.length === 1 && fields[0] === '')) rows.push({ line: rowLine, fields });
    fields = [];
  };

  while (index < input.length) {
    const char = input[index]!;
    if (char === '"' && field === '' && !quotedFieldEnded) {
      const start = line;
      index++;
      for (;;) {
        if (index >= input.length) throw new CsvSyntaxError(start, 'a quoted field is never closed');
        const inner = input[index]!;
        if (inner === '"') {
          if (input[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index++;
          break;
        }
        if (inner === '\n') line++;
        field += inner;
        index++;
      }
      quotedFieldEnded = true;
      continue;
    }
    if (char === ',') {
      endField();
      index++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRow();
      index += char === '\r' && input[index + 1] === '\n' ? 2 : 1;
      line++;
      rowLine = line;
      continue;
    }
    if (quotedFieldEnded) throw new CsvSyntaxError(line, 'text after a closing quote (a quote inside a quoted field is written "")');
    field += char;
    index++;
  }
  if (field !== '' || fields.length > 0 || quotedFieldEnded) endRow();
  return rows;
}

/** One CSV line for the fields (quoted where needed), for writing CSV and for tests. */
export function formatCsvRow(fields: string[]): string {
  return fields.map((value) => (/[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value)).join(',');
}
