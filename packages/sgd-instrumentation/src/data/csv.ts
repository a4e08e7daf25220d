/**
 * A small RFC 4180 CSV reader (quoted fields, doubled quotes, CRLF) that also accepts the UCI
 * "comma plus space" style: every unquoted field is trimmed.
 */
import { DpboundsTypeError } from '@dpbounds/special-functions';

/** A parsed CSV table: the header row and the data rows (all strings, trimmed). */
export interface CsvTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * Parses CSV text with a header row. Unquoted fields are trimmed (so `39, State-gov` reads as
 * `["39", "State-gov"]`); quoted fields keep their content verbatim. Blank lines are skipped.
 * Every row must have as many fields as the header.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_FORMAT`) on an empty file, an unterminated quote or a
 *   row of the wrong length (naming the line).
 * @example parseCsv('a, b\n1, x\n').rows // [["1", "x"]]
 */
export function parseCsv(text: string): CsvTable {
  const records: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  const endField = (): void => {
    fields.push(quoted ? field : field.trim());
    field = '';
    quoted = false;
  };
  const endRecord = (): void => {
    endField();
    if (!(fields.length === 1 && fields[0] === '' )) records.push({ fields, line: recordLine });
    fields = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      inQuotes = true;
      quoted = true;
      field = '';
    } else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else if (!quoted) field += ch;
  }
  if (inQuotes) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'csv', expected: 'a closing quote', found: `an unterminated quote starting on line ${recordLine}` });
  }
  if (field !== '' || fields.length > 0) endRecord();
  const first = records[0];
  if (first === undefined) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'csv', expected: 'a header row and data rows', found: 'an empty file' });
  }
  const header = first.fields;
  const rows: string[][] = [];
  for (let r = 1; r < records.length; r++) {
    const record = records[r] as { fields: string[]; line: number };
    if (record.fields.length !== header.length) {
      throw new DpboundsTypeError({
        code: 'ERR_INVALID_FORMAT',
        parameter: `csv line ${record.line}`,
        expected: `${header.length} fields like the header`,
        found: `${record.fields.length} fields`,
      });
    }
    rows.push(record.fields);
  }
  return { header, rows };
}
