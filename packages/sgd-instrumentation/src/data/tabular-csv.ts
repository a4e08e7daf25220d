/**
 * Loading a labelled CSV into train/test {@link Dataset}s: parse, seeded split, fit the
 * encoding on the training rows, encode both splits. Browser-safe (takes text); the Node entry
 * point `@dpbounds/sgd-instrumentation/node` reads files.
 */
import { createRng, requireInRange, requireInteger } from '@dpbounds/special-functions';
import { parseCsv } from './csv.js';
import type { Dataset, TabularEncoding } from './dataset.js';
import { encodeTable, fitTabularEncoding } from './encoding.js';
import type { EncodingOptions } from './encoding.js';

/** Options of {@link loadTabularCsv}. */
export interface TabularCsvOptions extends Omit<EncodingOptions, 'fitRows'> {
  /** Fraction of records held out for testing, in [0, 1). Default 0.2. */
  readonly testFraction?: number;
  /** Seed of the split permutation. Default 0. */
  readonly seed?: number;
}

/** A seeded train/test split with the encoding fitted on the training rows. */
export interface TrainTestData {
  readonly train: Dataset;
  readonly test: Dataset;
  readonly encoding: TabularEncoding;
  /** Row numbers (0-based, header excluded) of the training records in the file, in order. */
  readonly trainRows: Uint32Array;
  readonly testRows: Uint32Array;
}

/**
 * The seeded split of `size` record indices: a uniformly random permutation from
 * `createRng(seed)`; the first round(testFraction·size) indices are the test set. Both parts
 * are returned sorted, so the training set keeps file order.
 *
 * @throws DpboundsRangeError when `size` is not a non-negative integer or `testFraction` ∉ [0, 1).
 * @example const { train, test } = splitIndices(100, 0.2, 1); // 80 and 20 indices
 */
export function splitIndices(size: number, testFraction: number, seed: number): { train: Uint32Array; test: Uint32Array } {
  requireInteger('size', size, { min: 0 });
  requireInRange('testFraction', testFraction, { min: 0, max: 1, maxExclusive: true });
  requireFiniteSeed(seed);
  const permutation = size > 0 ? createRng(seed).permutation(size) : new Uint32Array(0);
  const testCount = Math.round(testFraction * size);
  const test = permutation.slice(0, testCount).sort();
  const train = permutation.slice(testCount).sort();
  return { train, test };
}

function requireFiniteSeed(seed: number): void {
  requireInteger('seed', seed, { min: 0, max: 2 ** 32 - 1 });
}

/**
 * Parses `text` (a CSV with a header row and a binary label column), splits it with
 * {@link splitIndices}, fits the encoding (standardised numerics, one-hot categoricals) on the
 * training rows and encodes both parts.
 *
 * @throws DpboundsTypeError on malformed CSV or a non-binary label; DpboundsRangeError on bad options.
 * @example const { train, test } = loadTabularCsv('x, y\n1, 0\n2, 1\n', { labelColumn: 'y', testFraction: 0 });
 */
export function loadTabularCsv(text: string, options: TabularCsvOptions): TrainTestData {
  const table = parseCsv(text);
  const { train: trainRows, test: testRows } = splitIndices(table.rows.length, options.testFraction ?? 0.2, options.seed ?? 0);
  const { testFraction: _t, seed: _s, ...encodingOptions } = options;
  const encoding = fitTabularEncoding(table, { ...encodingOptions, fitRows: trainRows });
  return {
    train: encodeTable(table, encoding, trainRows),
    test: encodeTable(table, encoding, testRows),
    encoding,
    trainRows,
    testRows,
  };
}
