/**
 * Fitting and applying the tabular encoding: numeric columns are standardised (z-score with the
 * mean and standard deviation of the rows used for fitting, normally the training split),
 * categorical columns are one-hot encoded over every category present in the file (missing
 * values `?` form a category of their own), the label becomes 0/1. These work on a parsed
 * table; the passes they run are those of the streaming loader (`tabular-passes.ts`).
 */
import { DpboundsRangeError, DpboundsTypeError, requireArray, requireFiniteArray, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { CsvTable } from './csv.js';
import type { Dataset, TabularEncoding } from './dataset.js';
import { ENCODING_OPTION_KEYS, FitPass, ScanPass, rowEncoder } from './tabular-passes.js';
import type { EncodingOptions } from './tabular-passes.js';

export type { EncodingOptions } from './tabular-passes.js';

/**
 * Fits the encoding of `table` (see the module comment for the rules).
 *
 * @throws DpboundsTypeError when a named column is missing, the label is not binary, or a
 *   numeric column has no value; DpboundsRangeError when `fitRows` is out of range.
 * @example const encoding = fitTabularEncoding(parseCsv(text), { labelColumn: 'Salary', positiveLabel: '>50K' });
 */
export function fitTabularEncoding(table: CsvTable, options: EncodingOptions): TabularEncoding {
  requireObject('table', table);
  requireArray('table.header', table.header);
  requireArray('table.rows', table.rows);
  requireOptions('options', options, ENCODING_OPTION_KEYS);
  const scan = new ScanPass(options);
  scan.record(table.header, 1);
  table.rows.forEach((row, r) => scan.record(row, r + 2));
  const scanned = scan.finish();
  const fit = new Uint8Array(table.rows.length);
  const fitRows = options.fitRows === undefined ? undefined : requireFiniteArray('fitRows', options.fitRows);
  if (fitRows === undefined) fit.fill(1);
  else {
    for (let k = 0; k < fitRows.length; k++) {
      const r = fitRows[k] as number;
      if (!Number.isInteger(r) || r < 0 || r >= table.rows.length) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `fitRows[${k}]`, expected: `an integer in [0, ${table.rows.length})`, found: r });
      }
      fit[r] = 1;
    }
  }
  const pass = new FitPass(scanned, fit, options);
  pass.record(table.header, 1);
  table.rows.forEach((row, r) => pass.record(row, r + 2));
  return pass.finish();
}

/** Options of {@link encodeTable}. */
export interface EncodeTableOptions {
  /** Indices of the rows of the table to encode, in that order (default: every row). */
  readonly rows?: ArrayLike<number>;
}

/**
 * Encodes the rows of `table` (all, or those at `options.rows`) with a fitted encoding. Unknown
 * categories encode as all zeros; missing numeric values as the fitted mean (feature 0).
 *
 * @throws DpboundsTypeError when a column of the encoding is absent, a numeric field is not a
 *   number, or `options` has an unknown key (named `options.<key>`).
 * @example const train = encodeTable(table, encoding, { rows: trainRows });
 */
export function encodeTable(table: CsvTable, encoding: TabularEncoding, options: EncodeTableOptions = {}): Dataset {
  requireObject('table', table);
  requireArray('table.rows', table.rows);
  requireObject('encoding', encoding);
  requireInteger('encoding.featureCount', encoding.featureCount, { min: 0 });
  const { rows } = requireOptions<EncodeTableOptions>('options', options, ['rows']);
  if (rows !== undefined) requireFiniteArray('options.rows', rows);
  const selected = rows ?? Array.from({ length: table.rows.length }, (_, i) => i);
  const d = encoding.featureCount;
  const n = selected.length;
  const features = new Float64Array(n * d);
  const labels = new Uint8Array(n);
  const encoder = rowEncoder(table.header, encoding);
  for (let k = 0; k < n; k++) {
    const r = selected[k] as number;
    const row = table.rows[r];
    if (row === undefined) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'options.rows', expected: `indices in [0, ${table.rows.length})`, found: r });
    }
    labels[k] = encoder.encode(row, r, features, k * d);
  }
  return { size: n, featureCount: d, features, labels, encoding };
}
