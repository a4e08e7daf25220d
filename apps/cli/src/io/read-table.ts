/**
 * `readTable`: a validated numeric table from a `.csv`, `.json`, `.jsonl` or `.npy` file, as
 * written by a PyTorch / Opacus / pandas / NumPy script. The caller names the columns it needs
 * and their kind; every value is checked before any computation, and every problem is a
 * {@link UsageError} naming the file, the column, the row and what was found.
 */
import { UsageError } from '../usage-error.js';
import type { RawTable } from './raw-table.js';
import { loadRawTable } from './raw-table.js';
import type { TableFormat } from './read-file.js';
import { formatOf, readInputBytes } from './read-file.js';

/**
 * What a column must hold: `number` (finite real), `integer` (finite integer), `binary`
 * (0/1; also `true`/`false`), `string` (any non-empty text or number, e.g. an id).
 */
export type ColumnKind = 'number' | 'integer' | 'binary' | 'string';

/** One expected column. */
export interface ColumnSpec {
  readonly kind: ColumnKind;
  /** Default true. An optional column may be absent from the file (but not have empty cells). */
  readonly required?: boolean;
  /** Other names accepted for this column (first match wins), e.g. `['label']` for `member`. */
  readonly aliases?: readonly string[];
}

/** The columns a command reads, by the name it uses for them. */
export interface TableSpec {
  /** In order: for a 2-D `.npy` file, array column k is the k-th name here. */
  readonly columns: Readonly<Record<string, ColumnSpec>>;
  /** Minimum number of data rows (default 1). */
  readonly minRows?: number;
}

/** A validated table. */
export interface Table {
  /** The path as given. */
  readonly path: string;
  readonly format: TableFormat;
  readonly rowCount: number;
  /** True when the (optional) column `name` was found. */
  has(name: string): boolean;
  /** A `number`, `integer` or `binary` column. @throws UsageError when the column is absent. */
  numbers(name: string): Float64Array;
  /** A `string` column. @throws UsageError when the column is absent. */
  strings(name: string): readonly string[];
}

/** Where a command reads files from. */
export interface ReadContext {
  /** Directory relative paths are resolved against. */
  readonly cwd: string;
}

const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const NON_FINITE_TEXT = /^[+-]?(nan|inf|infinity)$/i;

function describe(value: unknown): string {
  if (value === undefined) return 'nothing (missing value)';
  if (value === null) return 'null (NaN or a missing value?)';
  if (typeof value === 'string') return value.trim() === '' ? 'an empty cell' : JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (NUMBER_TEXT.test(text)) return Number(text);
    if (NON_FINITE_TEXT.test(text)) return /nan/i.test(text) ? Number.NaN : text.startsWith('-') ? -Infinity : Infinity;
  }
  return undefined;
}

function toBinary(value: unknown): number | undefined {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true' ? 1 : 0;
  const n = toNumber(value);
  return n === 0 || n === 1 ? n : undefined;
}

function columnError(raw: RawTable, path: string, column: string, row: number, expected: string, value: unknown): UsageError {
  return new UsageError(`${path}: column "${column}", ${raw.where(row)}: expected ${expected}, found ${describe(value)}`);
}

function extractNumbers(raw: RawTable, path: string, column: string, kind: Exclude<ColumnKind, 'string'>): Float64Array {
  const out = new Float64Array(raw.rowCount);
  for (let row = 0; row < raw.rowCount; row++) {
    const value = raw.cell(row, column);
    if (kind === 'binary') {
      const b = toBinary(value);
      if (b === undefined) throw columnError(raw, path, column, row, '0 or 1', value);
      out[row] = b;
      continue;
    }
    const n = toNumber(value);
    if (n === undefined) throw columnError(raw, path, column, row, kind === 'integer' ? 'an integer' : 'a number', value);
    if (!Number.isFinite(n)) throw columnError(raw, path, column, row, 'a finite number', value);
    if (kind === 'integer' && !Number.isSafeInteger(n)) throw columnError(raw, path, column, row, 'an integer', value);
    out[row] = n;
  }
  return out;
}

function extractStrings(raw: RawTable, path: string, column: string): string[] {
  const out: string[] = [];
  for (let row = 0; row < raw.rowCount; row++) {
    const value = raw.cell(row, column);
    if (typeof value === 'number' && Number.isFinite(value)) out.push(String(value));
    else if (typeof value === 'string' && value.trim() !== '') out.push(value.trim());
    else throw columnError(raw, path, column, row, 'a non-empty value', value);
  }
  return out;
}

/**
 * Validates the columns of a raw table against `spec` (exported for tests and for callers
 * that already hold the bytes).
 *
 * @throws UsageError naming the file, the column, the row and the value found.
 * @example tableFromBytes('t.csv', new TextEncoder().encode('score\n0.5\n'), { columns: { score: { kind: 'number' } } })
 */
export function tableFromBytes(path: string, bytes: Uint8Array, spec: TableSpec): Table {
  const names = Object.keys(spec.columns);
  const requiredCount = names.filter((name) => spec.columns[name]?.required !== false).length;
  const raw = loadRawTable(path, formatOf(path), bytes, names, requiredCount);
  const minRows = spec.minRows ?? 1;
  if (raw.rowCount < minRows) {
    throw new UsageError(`${path}: expected at least ${minRows} data row${minRows === 1 ? '' : 's'}, found ${raw.rowCount}`);
  }
  const numbers = new Map<string, Float64Array>();
  const strings = new Map<string, string[]>();
  const headerSet = new Set(raw.header);
  for (const name of names) {
    const column = spec.columns[name] as ColumnSpec;
    const source = [name, ...(column.aliases ?? [])].find((candidate) => headerSet.has(candidate));
    if (source === undefined) {
      if (column.required === false) continue;
      const also = column.aliases !== undefined && column.aliases.length > 0 ? ` (or ${column.aliases.map((a) => `"${a}"`).join(', ')})` : '';
      const found = raw.header.length > 0 ? raw.header.map((h) => `"${h}"`).join(', ') : 'none';
      throw new UsageError(`${path}: missing column "${name}"${also}; columns found: ${found}`);
    }
    if (column.kind === 'string') strings.set(name, extractStrings(raw, path, source));
    else numbers.set(name, extractNumbers(raw, path, source, column.kind));
  }
  const absent = (name: string): UsageError => new UsageError(`${path}: missing column "${name}"`);
  return {
    path,
    format: raw.format,
    rowCount: raw.rowCount,
    has: (name) => numbers.has(name) || strings.has(name),
    numbers: (name) => {
      const values = numbers.get(name);
      if (values === undefined) throw absent(name);
      return values;
    },
    strings: (name) => {
      const values = strings.get(name);
      if (values === undefined) throw absent(name);
      return values;
    },
  };
}

/**
 * Reads and validates a table from `path` (`.csv` with a header row, `.json` array of objects or
 * object of arrays, `.jsonl` one object per line, `.npy` 1-D or 2-D with columns in the order of
 * `spec.columns`).
 *
 * @throws UsageError naming the file, the column and row, and the problem.
 * @example
 * const table = await readTable('scores.csv', io, { columns: { score: { kind: 'number' }, member: { kind: 'binary' } } });
 * table.numbers('score'); // Float64Array
 */
export async function readTable(path: string, context: ReadContext, spec: TableSpec): Promise<Table> {
  formatOf(path);
  return tableFromBytes(path, await readInputBytes(path, context.cwd), spec);
}
