/**
 * A small RFC 4180 CSV parser for numeric tables: comma-separated, optional double quotes
 * (with `""` escapes, and commas or newlines inside quotes), `\n` or `\r\n` line ends, blank
 * lines skipped, a leading UTF-8 byte-order mark ignored. Errors name the file and line.
 */
import { UsageError } from '../usage-error.js';

/** One parsed CSV record with the 1-based line on which it starts. */
export interface CsvRecord {
  readonly line: number;
  readonly cells: readonly string[];
}

/**
 * Splits CSV text into records of cells. `path` is used in messages only.
 *
 * @throws UsageError on an unterminated quote or text after a closing quote.
 * @example parseCsv('t.csv', 'id,score\n1,0.5\n') // [{ line: 1, cells: ['id', 'score'] }, { line: 2, cells: ['1', '0.5'] }]
 */
export function parseCsv(path: string, text: string): CsvRecord[] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quotedCell = false;
  const endRecord = (): void => {
    cells.push(cell);
    const blank = cells.length === 1 && cells[0] === '' && !quotedCell;
    if (!blank) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    quotedCell = false;
  };
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === '"' && cell === '' && !quotedCell) {
      // Quoted cell: read to the closing quote.
      quotedCell = true;
      const startLine = line;
      i++;
      for (;;) {
        if (i >= source.length) throw new UsageError(`${path}: line ${startLine}: unterminated quoted field`);
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
      const next = source[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new UsageError(`${path}: line ${line}: unexpected text after a closing quote`);
      }
      continue;
    }
    if (ch === ',') {
      cells.push(cell);
      cell = '';
      quotedCell = false;
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
  if (cell !== '' || cells.length > 0 || quotedCell) endRecord();
  return records;
}

/**
 * Quotes a cell for CSV output when it contains a comma, quote or line break.
 *
 * @example csvCell('a,b') // '"a,b"'
 */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
