/**
 * Fitting and applying the tabular encoding: numeric columns are standardised (z-score with the
 * mean and standard deviation of the rows used for fitting, normally the training split),
 * categorical columns are one-hot encoded over every category present in the file (missing
 * values `?` form a category of their own), the label becomes 0/1.
 */
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import type { CsvTable } from './csv.js';
import type { ColumnEncoding, Dataset, TabularEncoding } from './dataset.js';

/** Options of {@link fitTabularEncoding}. */
export interface EncodingOptions {
  /** Name of the binary label column. */
  readonly labelColumn: string;
  /**
   * The raw label value that means 1. Default: `1` when the labels are 0/1, else required.
   * A trailing `.` on labels is ignored (the UCI test file writes `>50K.`).
   */
  readonly positiveLabel?: string;
  /** Columns to one-hot encode. Default: every column with a non-numeric value (other than `?`). */
  readonly categorical?: readonly string[];
  /** Columns to leave out. */
  readonly drop?: readonly string[];
  /** Rows whose numeric statistics are used (default: all). */
  readonly fitRows?: ArrayLike<number>;
  /** The missing-value marker (default `?`; empty fields are missing too). */
  readonly missing?: string;
}

const numericPattern = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function columnIndex(table: CsvTable, name: string, parameter: string): number {
  const index = table.header.indexOf(name);
  if (index < 0) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter, expected: `a column of the CSV (${table.header.join(', ')})`, found: name });
  }
  return index;
}

function normaliseLabel(value: string): string {
  return value.endsWith('.') ? value.slice(0, -1) : value;
}

/**
 * Fits the encoding of `table` (see the module comment for the rules).
 *
 * @throws DpboundsTypeError when a named column is missing, the label is not binary, or a
 *   numeric column has no value; DpboundsRangeError when `fitRows` is out of range.
 * @example const encoding = fitTabularEncoding(parseCsv(text), { labelColumn: 'Salary', positiveLabel: '>50K' });
 */
export function fitTabularEncoding(table: CsvTable, options: EncodingOptions): TabularEncoding {
  const missing = options.missing ?? '?';
  const labelIndex = columnIndex(table, options.labelColumn, 'labelColumn');
  const drop = new Set(options.drop ?? []);
  for (const name of drop) columnIndex(table, name, 'drop');
  for (const name of options.categorical ?? []) columnIndex(table, name, 'categorical');
  const labelValues = [...new Set(table.rows.map((row) => normaliseLabel(row[labelIndex] as string)))].sort();
  let positiveLabel = options.positiveLabel;
  if (positiveLabel === undefined) {
    if (labelValues.every((v) => v === '0' || v === '1')) positiveLabel = '1';
    else {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'positiveLabel', expected: `one of the label values (${labelValues.slice(0, 5).join(', ')})`, found: undefined });
    }
  }
  if (labelValues.length > 2 || (labelValues.length === 2 && !labelValues.includes(positiveLabel))) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: options.labelColumn, expected: `a binary label containing ${JSON.stringify(positiveLabel)}`, found: labelValues.join(', ') });
  }
  const fitRows = options.fitRows ?? Array.from({ length: table.rows.length }, (_, i) => i);
  for (let k = 0; k < fitRows.length; k++) {
    const r = fitRows[k] as number;
    if (!Number.isInteger(r) || r < 0 || r >= table.rows.length) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `fitRows[${k}]`, expected: `an integer in [0, ${table.rows.length})`, found: r });
    }
  }
  const categoricalGiven = options.categorical === undefined ? undefined : new Set(options.categorical);
  const columns: ColumnEncoding[] = [];
  const featureNames: string[] = [];
  table.header.forEach((name, c) => {
    if (c === labelIndex || drop.has(name)) return;
    const values = table.rows.map((row) => row[c] as string);
    const isMissing = (v: string): boolean => v === '' || v === missing;
    const categorical = categoricalGiven !== undefined ? categoricalGiven.has(name) : values.some((v) => !isMissing(v) && !numericPattern.test(v));
    if (categorical) {
      const categories = [...new Set(values.map((v) => (isMissing(v) ? missing : v)))].sort();
      columns.push({ kind: 'categorical', name, firstFeature: featureNames.length, categories });
      for (const category of categories) featureNames.push(`${name}=${category}`);
      return;
    }
    let sum = 0;
    let sumSq = 0;
    let count = 0;
    for (let k = 0; k < fitRows.length; k++) {
      const v = values[fitRows[k] as number] as string;
      if (isMissing(v)) continue;
      if (!numericPattern.test(v)) {
        throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: name, expected: 'numbers (or list it in categorical)', found: v });
      }
      const x = Number(v);
      sum += x;
      sumSq += x * x;
      count++;
    }
    if (count === 0) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: name, expected: 'at least one numeric value', found: 'only missing values' });
    }
    const mean = sum / count;
    const variance = Math.max(0, sumSq / count - mean * mean);
    const scale = variance > 0 ? Math.sqrt(variance) : 1;
    columns.push({ kind: 'numeric', name, featureIndex: featureNames.length, mean, scale });
    featureNames.push(name);
  });
  return { columns, labelColumn: options.labelColumn, positiveLabel, featureNames, featureCount: featureNames.length };
}

/**
 * Encodes the rows of `table` (all, or those at `rows`) with a fitted encoding. Unknown
 * categories encode as all zeros; missing numeric values as the fitted mean (feature 0).
 *
 * @throws DpboundsTypeError when a column of the encoding is absent or a numeric field is not a number.
 * @example const train = encodeTable(table, encoding, trainRows);
 */
export function encodeTable(table: CsvTable, encoding: TabularEncoding, rows?: ArrayLike<number>): Dataset {
  const selected = rows ?? Array.from({ length: table.rows.length }, (_, i) => i);
  const d = encoding.featureCount;
  const n = selected.length;
  const features = new Float64Array(n * d);
  const labels = new Uint8Array(n);
  const labelIndex = columnIndex(table, encoding.labelColumn, 'labelColumn');
  const plans = encoding.columns.map((column) => ({ column, index: columnIndex(table, column.name, 'encoding') }));
  const lookups = plans.map(({ column }) =>
    column.kind === 'categorical' ? new Map(column.categories.map((c, j) => [c, column.firstFeature + j])) : undefined,
  );
  for (let k = 0; k < n; k++) {
    const r = selected[k] as number;
    const row = table.rows[r];
    if (row === undefined) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'rows', expected: `indices in [0, ${table.rows.length})`, found: r });
    }
    const base = k * d;
    plans.forEach(({ column, index }, p) => {
      const raw = row[index] as string;
      if (column.kind === 'categorical') {
        const j = (lookups[p] as Map<string, number>).get(raw === '' ? '?' : raw);
        if (j !== undefined) features[base + j] = 1;
      } else if (raw !== '' && raw !== '?') {
        const x = Number(raw);
        if (!Number.isFinite(x) || !numericPattern.test(raw)) {
          throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: `${column.name} (row ${r + 1})`, expected: 'a finite number', found: raw });
        }
        features[base + column.featureIndex] = (x - column.mean) / column.scale;
      }
    });
    labels[k] = normaliseLabel(row[labelIndex] as string) === encoding.positiveLabel ? 1 : 0;
  }
  return { size: n, featureCount: d, features, labels, encoding };
}
