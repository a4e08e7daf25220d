/**
 * The project's one CSV reader (RFC 4180: quoted fields, doubled quotes, commas and line breaks
 * inside quotes, LF or CRLF line ends), browser-safe. Used by the tabular data loaders here, by
 * the playground's score upload and by the `dpbounds` CLI's file readers (which turn its typed
 * errors into usage errors naming the file). Two layers:
 * - {@link parseCsvRecords}: records of raw cells with their line numbers, optionally trimming
 *   unquoted cells (the UCI "comma plus space" style);
 * - {@link parseCsv}: a header + equal-length rows table on top of it, trimmed.
 */
import { DpboundsTypeError } from '@dpbounds/special-functions';

/** A parsed CSV table: the header row and the data rows (all strings, trimmed). */
export interface CsvTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** One CSV record: its cells and the 1-based line on which it starts. */
export interface CsvRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

/** Options of {@link parseCsvRecords}. */
export interface CsvRecordOptions {
  /**
   * Trim spaces around unquoted cells, allow spaces before an opening and after a closing quote,
   * and skip whitespace-only lines (default false: cells are kept verbatim).
   */
  readonly trim?: boolean;
}

/** A format error at `line`: parameter `csv line N` (what callers key on), reason in `found`. */
function formatError(line: number, expected: string, reason: string): DpboundsTypeError {
  return new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: `csv line ${line}`, expected, found: reason });
}

/**
 * Splits CSV text into records of cells (RFC 4180). A quote opens a quoted cell only at the start
 * of a cell (after leading spaces when trimming); inside it `""` is a quote and commas and line
 * breaks are literal. A leading UTF-8 byte-order mark is ignored; blank lines are skipped (a
 * line holding only `""` is a record with one empty cell). Records may have different lengths.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_FORMAT`, parameter `csv line N`, `found` the reason:
 *   "unterminated quoted field" with the line the quote opens on, or "unexpected text after a
 *   closing quote").
 * @example parseCsvRecords('id,score\n1,0.5\n') // [{ line: 1, cells: ['id', 'score'] }, { line: 2, cells: ['1', '0.5'] }]
 */
export function parseCsvRecords(text: string, options: CsvRecordOptions = {}): CsvRecord[] {
  const trim = options.trim ?? false;
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endCell = (): void => {
    cells.push(quoted || !trim ? cell : cell.trim());
    cell = '';
    quoted = false;
  };
  const endRecord = (): void => {
    const blank = cells.length === 0 && !quoted && (trim ? cell.trim() : cell) === '';
    if (blank) {
      cell = '';
    } else {
      endCell();
      records.push({ line: recordLine, cells });
    }
    cells = [];
  };
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === '"' && !quoted && (trim ? cell.trim() === '' : cell === '')) {
      quoted = true;
      cell = '';
      const startLine = line;
      i++;
      for (;;) {
        if (i >= source.length) throw formatError(startLine, 'a closing quote', 'unterminated quoted field');
        const c = source[i] as string;
        if (c === '"') {
          if (source[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\n') line++;
        cell += c;
        i++;
      }
      if (trim) while (source[i] === ' ' || source[i] === '\t') i++;
      const next = source[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw formatError(line, 'a comma or a line end after a closing quote', 'unexpected text after a closing quote');
      }
      continue;
    }
    if (ch === ',') {
      endCell();
      i++;
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      i += ch === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
    } else {
      cell += ch;
      i++;
    }
  }
  if (cell !== '' || cells.length > 0 || quoted) endRecord();
  return records;
}

/**
 * Parses CSV text with a header row. Unquoted fields are trimmed (so `39, State-gov` reads as
 * `["39", "State-gov"]`); quoted fields keep their content verbatim. Blank lines are skipped.
 * Every row must have as many fields as the header. Tokenising is {@link parseCsvRecords} with
 * `trim: true`.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_FORMAT`) on an empty file, an unterminated quote, text
 *   after a closing quote or a row of the wrong length (naming the line).
 * @example parseCsv('a, b\n1, x\n').rows // [["1", "x"]]
 */
export function parseCsv(text: string): CsvTable {
  const records = parseCsvRecords(text, { trim: true });
  const first = records[0];
  if (first === undefined) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'csv', expected: 'a header row and data rows', found: 'an empty file' });
  }
  const header = first.cells;
  const rows: (readonly string[])[] = [];
  for (let r = 1; r < records.length; r++) {
    const record = records[r] as CsvRecord;
    if (record.cells.length !== header.length) {
      throw new DpboundsTypeError({
        code: 'ERR_INVALID_FORMAT',
        parameter: `csv line ${record.line}`,
        expected: `${header.length} fields like the header`,
        found: `${record.cells.length} fields`,
      });
    }
    rows.push(record.cells);
  }
  return { header, rows };
}
