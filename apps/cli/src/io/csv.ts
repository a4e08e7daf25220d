/**
 * CSV for the CLI's file readers. Tokenising is the project's one CSV reader,
 * `parseCsvRecords` from @dpbounds/sgd-instrumentation (RFC 4180: optional double quotes with
 * `""` escapes, commas or newlines inside quotes, `\n` or `\r\n` line ends, blank lines skipped,
 * a leading UTF-8 byte-order mark ignored; cells kept verbatim); this module only turns its
 * typed format errors into usage errors naming the file and line, and writes cells.
 */
import { isDpboundsError } from '@dpbounds/special-functions';
import { parseCsvRecords } from '@dpbounds/sgd-instrumentation';
import type { CsvRecord } from '@dpbounds/sgd-instrumentation';
import { UsageError } from '../usage-error.js';

export type { CsvRecord };

/**
 * Splits CSV text into records of cells. `path` is used in messages only.
 *
 * @throws UsageError (`<path>: line N: <reason>`) on an unterminated quote or text after a
 *   closing quote.
 * @example parseCsv('t.csv', 'id,score\n1,0.5\n') // [{ line: 1, cells: ['id', 'score'] }, { line: 2, cells: ['1', '0.5'] }]
 */
export function parseCsv(path: string, text: string): CsvRecord[] {
  try {
    return parseCsvRecords(text);
  } catch (error) {
    const line = isDpboundsError(error) ? /^csv line (\d+)$/.exec(error.parameter) : null;
    if (isDpboundsError(error) && line !== null) throw new UsageError(`${path}: line ${line[1]}: ${String(error.found)}`);
    throw error;
  }
}

/**
 * Quotes a cell for CSV output when it contains a comma, quote or line break.
 *
 * @example csvCell('a,b') // '"a,b"'
 */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
