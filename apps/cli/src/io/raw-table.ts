/**
 * Loading a file into a format-neutral table of cells (before column validation): CSV with a
 * header row, JSON (an array of objects, or an object of equal-length arrays), JSON Lines (one
 * object per line) and NumPy `.npy` (1-D or 2-D; columns named by the caller, in order).
 */
import { UsageError } from '../usage-error.js';
import { parseCsv } from './csv.js';
import { parseNpy } from './npy.js';
import type { TableFormat } from './read-file.js';
import { decodeText } from './read-file.js';

/** A table of raw cells, as found in the file. */
export interface RawTable {
  readonly format: TableFormat;
  /** Column names in file order. */
  readonly header: readonly string[];
  readonly rowCount: number;
  /** The cell in `row` (0-based) and `column`; `undefined` when the record lacks it. */
  cell(row: number, column: string): unknown;
  /** Where data row `row` (0-based) is, for messages: `row 3 (line 4)`. */
  where(row: number): string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function csvTable(path: string, text: string): RawTable {
  const records = parseCsv(path, text);
  const head = records[0];
  if (head === undefined) throw new UsageError(`${path}: empty file (expected a header row and data rows)`);
  const header = head.cells.map((c) => c.trim());
  const seen = new Set<string>();
  header.forEach((name, k) => {
    if (name === '') throw new UsageError(`${path}: line ${head.line}: column ${k + 1} of the header has no name`);
    if (seen.has(name)) throw new UsageError(`${path}: line ${head.line}: column "${name}" appears twice in the header`);
    seen.add(name);
  });
  const rows = records.slice(1);
  rows.forEach((record) => {
    if (record.cells.length !== header.length) {
      throw new UsageError(`${path}: line ${record.line}: expected ${header.length} fields like the header, found ${record.cells.length}`);
    }
  });
  const index = new Map(header.map((name, k) => [name, k]));
  return {
    format: 'csv',
    header,
    rowCount: rows.length,
    cell: (row, column) => {
      const k = index.get(column);
      return k === undefined ? undefined : rows[row]?.cells[k];
    },
    where: (row) => `row ${row + 1} (line ${rows[row]?.line ?? '?'})`,
  };
}

function parseJson(path: string, text: string, line?: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const where = line === undefined ? '' : `line ${line}: `;
    throw new UsageError(`${path}: ${where}malformed JSON (${(error as Error).message})`);
  }
}

function recordsTable(path: string, format: 'json' | 'jsonl', records: readonly Record<string, unknown>[], lines?: readonly number[]): RawTable {
  const header: string[] = [];
  const seen = new Set<string>();
  for (const record of records) {
    for (const key of Object.keys(record)) {
      if (!seen.has(key)) {
        seen.add(key);
        header.push(key);
      }
    }
  }
  return {
    format,
    header,
    rowCount: records.length,
    cell: (row, column) => (Object.hasOwn(records[row] ?? {}, column) ? records[row]?.[column] : undefined),
    where: (row) => (lines === undefined ? `row ${row + 1} (index ${row})` : `row ${row + 1} (line ${lines[row] ?? '?'})`),
  };
}

function jsonTable(path: string, text: string): RawTable {
  const value = parseJson(path, text);
  if (Array.isArray(value)) {
    value.forEach((record, k) => {
      if (!isPlainObject(record)) throw new UsageError(`${path}: row ${k + 1} (index ${k}) is not an object; expected an array of objects or an object of arrays`);
    });
    return recordsTable(path, 'json', value as Record<string, unknown>[]);
  }
  if (isPlainObject(value)) {
    const columns = Object.entries(value).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]));
    if (columns.length === 0) throw new UsageError(`${path}: expected an array of objects or an object of arrays; found an object without arrays`);
    const [firstName, first] = columns[0] as [string, unknown[]];
    for (const [name, column] of columns) {
      if (column.length !== first.length) {
        throw new UsageError(`${path}: column "${name}" has ${column.length} values but column "${firstName}" has ${first.length}`);
      }
    }
    const byName = new Map(columns);
    return {
      format: 'json',
      header: columns.map(([name]) => name),
      rowCount: first.length,
      cell: (row, column) => byName.get(column)?.[row],
      where: (row) => `row ${row + 1} (index ${row})`,
    };
  }
  throw new UsageError(`${path}: expected an array of objects or an object of arrays; found ${value === null ? 'null' : typeof value}`);
}

function jsonlTable(path: string, text: string): RawTable {
  const records: Record<string, unknown>[] = [];
  const lines: number[] = [];
  text.split(/\r?\n/).forEach((lineText, k) => {
    if (lineText.trim() === '') return;
    const value = parseJson(path, lineText, k + 1);
    if (!isPlainObject(value)) throw new UsageError(`${path}: line ${k + 1}: expected a JSON object per line`);
    records.push(value);
    lines.push(k + 1);
  });
  return recordsTable(path, 'jsonl', records, lines);
}

function npyTable(path: string, bytes: Uint8Array, columnNames: readonly string[], requiredCount: number): RawTable {
  const array = parseNpy(path, bytes);
  if (array.columns < requiredCount || array.columns > columnNames.length) {
    const range = requiredCount === columnNames.length ? `${requiredCount}` : `${requiredCount} to ${columnNames.length}`;
    const shape = array.ndim === 2 ? `(${array.rows}, ${array.columns})` : `(${array.rows},)`;
    throw new UsageError(
      `${path}: wrong shape ${shape}: a .npy table needs ${range} column${columnNames.length === 1 ? '' : 's'} in the order ${columnNames.join(', ')}`,
    );
  }
  const header = columnNames.slice(0, array.columns);
  const index = new Map(header.map((name, k) => [name, k]));
  return {
    format: 'npy',
    header,
    rowCount: array.rows,
    cell: (row, column) => {
      const k = index.get(column);
      return k === undefined ? undefined : array.data[row * array.columns + k];
    },
    where: (row) => `row ${row + 1} (index ${row})`,
  };
}

/**
 * Builds a raw table from file bytes. For `.npy`, `npyColumns` names the array's columns in
 * order (a 1-D array is one column) and `npyRequired` is how many leading ones must be present.
 *
 * @throws UsageError naming the file and the problem.
 * @example loadRawTable('t.csv', 'csv', bytes, ['score'], 1)
 */
export function loadRawTable(path: string, format: TableFormat, bytes: Uint8Array, npyColumns: readonly string[], npyRequired: number): RawTable {
  switch (format) {
    case 'csv':
      return csvTable(path, decodeText(path, bytes));
    case 'json':
      return jsonTable(path, decodeText(path, bytes));
    case 'jsonl':
      return jsonlTable(path, decodeText(path, bytes));
    case 'npy':
      return npyTable(path, bytes, npyColumns, npyRequired);
  }
}
