/**
 * `readMatrix`: a dense numeric matrix (rows × columns) from a file, for inputs such as
 * per-example gradients (one row per example, one column per parameter). Accepted: `.npy` 1-D
 * (one column) or 2-D; `.csv` of numbers (a first row with any non-numeric cell is a header and
 * skipped); `.json` array of arrays (or of numbers: one column); `.jsonl` one array (or number)
 * per line. Every value must be finite and every row the same length.
 */
import { UsageError } from '../usage-error.js';
import { parseCsv } from './csv.js';
import type { NumericArray } from './npy.js';
import { parseNpy } from './npy.js';
import type { ReadContext } from './read-table.js';
import { decodeText, formatOf, readInputBytes } from './read-file.js';

/** Shape requirements on a matrix. */
export interface MatrixSpec {
  /** Minimum number of rows (default 1). */
  readonly minRows?: number;
  /** Exact number of columns, when known (e.g. the gradient dimension of another file). */
  readonly columns?: number;
}

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function cellValue(path: string, where: string, value: unknown): number {
  let n: number | undefined;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) n = Number(value.trim());
  if (n === undefined || !Number.isFinite(n)) {
    const found = value === null ? 'null (NaN?)' : typeof value === 'string' ? JSON.stringify(value) : String(value);
    throw new UsageError(`${path}: ${where}: expected a finite number, found ${found}`);
  }
  return n;
}

function fromRows(path: string, rows: readonly { readonly where: string; readonly cells: readonly unknown[] }[]): NumericArray {
  const first = rows[0];
  const columns = first === undefined ? 0 : first.cells.length;
  const data = new Float64Array(rows.length * columns);
  rows.forEach((row, i) => {
    if (row.cells.length !== columns) {
      throw new UsageError(`${path}: wrong shape: ${row.where} has ${row.cells.length} values, the first row has ${columns}`);
    }
    row.cells.forEach((cell, j) => {
      data[i * columns + j] = cellValue(path, `${row.where}, column ${j + 1}`, cell);
    });
  });
  return { path, rows: rows.length, columns, ndim: 2, data };
}

function asRow(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [value];
}

/**
 * Parses matrix bytes (exported for tests and callers holding the bytes).
 *
 * @throws UsageError naming the file, the row and column, and the problem.
 * @example matrixFromBytes('g.csv', new TextEncoder().encode('1,2\n3,4\n'))
 */
export function matrixFromBytes(path: string, bytes: Uint8Array, spec: MatrixSpec = {}): NumericArray {
  const format = formatOf(path);
  let matrix: NumericArray;
  if (format === 'npy') matrix = parseNpy(path, bytes);
  else if (format === 'csv') {
    const records = parseCsv(path, decodeText(path, bytes));
    const hasHeader = records[0] !== undefined && records[0].cells.some((c) => !NUMBER_TEXT.test(c.trim()));
    const data = hasHeader ? records.slice(1) : records;
    matrix = fromRows(path, data.map((r) => ({ where: `line ${r.line}`, cells: r.cells })));
  } else if (format === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(decodeText(path, bytes));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`${path}: malformed JSON (${(error as Error).message})`);
    }
    if (!Array.isArray(value)) throw new UsageError(`${path}: expected a JSON array of rows (arrays of numbers)`);
    matrix = fromRows(path, value.map((row, i) => ({ where: `row ${i + 1} (index ${i})`, cells: asRow(row) })));
  } else {
    const rows: { where: string; cells: readonly unknown[] }[] = [];
    decodeText(path, bytes)
      .split(/\r?\n/)
      .forEach((line, k) => {
        if (line.trim() === '') return;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch (error) {
          throw new UsageError(`${path}: line ${k + 1}: malformed JSON (${(error as Error).message})`);
        }
        rows.push({ where: `line ${k + 1}`, cells: asRow(value) });
      });
    matrix = fromRows(path, rows);
  }
  const minRows = spec.minRows ?? 1;
  if (matrix.rows < minRows) throw new UsageError(`${path}: expected at least ${minRows} row${minRows === 1 ? '' : 's'}, found ${matrix.rows}`);
  if (matrix.columns < 1) throw new UsageError(`${path}: wrong shape: rows have no values`);
  if (spec.columns !== undefined && matrix.columns !== spec.columns) {
    throw new UsageError(`${path}: wrong shape: expected ${spec.columns} columns, found ${matrix.columns}`);
  }
  return matrix;
}

/**
 * Reads a dense numeric matrix from `path` (`.npy`, `.csv`, `.json`, `.jsonl`).
 *
 * @throws UsageError naming the file and the problem (unreadable, wrong shape, non-finite value).
 * @example const gradients = await readMatrix('gradients.npy', io, { minRows: 1 });
 */
export async function readMatrix(path: string, context: ReadContext, spec: MatrixSpec = {}): Promise<NumericArray> {
  formatOf(path);
  return matrixFromBytes(path, await readInputBytes(path, context.cwd), spec);
}
