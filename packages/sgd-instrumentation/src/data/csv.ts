/**
 * The project's one CSV reader (RFC 4180: quoted fields, doubled quotes, commas and line breaks
 * inside quotes, LF or CRLF line ends), browser-safe. Used by the tabular data loaders here, by
 * the playground's score upload and by the `dpbounds` CLI's file readers (which turn its typed
 * errors into usage errors naming the file). Two layers:
 * - {@link parseCsvRecords}: records of raw cells with their line numbers, optionally trimming
 *   unquoted cells (the UCI "comma plus space" style);
 * - {@link parseCsv}: a header + equal-length rows table on top of it, trimmed.
 */
import { DpboundsTypeError, requireObject, requireString, requireOptions } from '@dpbounds/special-functions';
import { createCsvRecordReader } from './csv-reader.js';

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

/**
 * Splits CSV text into records of cells (RFC 4180), all at once: {@link createCsvRecordReader}
 * fed the whole text. A quote opens a quoted cell only at the start of a cell (after leading
 * spaces when trimming); inside it `""` is a quote and commas and line breaks are literal. A
 * leading UTF-8 byte-order mark is ignored; blank lines are skipped (a line holding only `""`
 * is a record with one empty cell). Records may have different lengths.
 *
 * @throws DpboundsTypeError (`ERR_INVALID_FORMAT`, parameter `csv line N`, `found` the reason:
 *   "unterminated quoted field" with the line the quote opens on, or "unexpected text after a
 *   closing quote").
 * @example parseCsvRecords('id,score\n1,0.5\n') // [{ line: 1, cells: ['id', 'score'] }, { line: 2, cells: ['1', '0.5'] }]
 */
export function parseCsvRecords(text: string, options: CsvRecordOptions = {}): CsvRecord[] {
  requireString('text', text);
  requireOptions('options', options, ['trim']);
  const records: CsvRecord[] = [];
  const reader = createCsvRecordReader((cells, line) => records.push({ line, cells }), { trim: options.trim ?? false, maxRecordChars: Math.max(text.length, 1) });
  reader.push(text);
  reader.end();
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
  requireString('text', text);
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
