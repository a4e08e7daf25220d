/**
 * Loading a labelled CSV into train/test {@link Dataset}s: scan, seeded split, fit the
 * encoding on the training rows, encode both splits, in passes over the records (never a table
 * of cells). Browser-safe (takes text or a record source); the Node entry point
 * `@dpbounds/sgd-instrumentation/node` streams files.
 */
import { createRng, requireFunction, requireInRange, requireInteger, requireObject, requireOptions, requireString } from '@dpbounds/special-functions';
import { createCsvRecordReader } from './csv-reader.js';
import type { Dataset, TabularEncoding } from './dataset.js';
import { EncodePass, FitPass, ScanPass, requireFeatureBudget } from './tabular-passes.js';
import type { EncodingOptions, RecordConsumer } from './tabular-passes.js';

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

/** Options of {@link splitIndices}. */
export interface SplitIndicesOptions {
  /** Fraction of the records in the test part, in [0, 1) (default 0.2, as {@link loadTabularCsv}). */
  readonly testFraction?: number;
  /** Seed of the permutation, an integer in [0, 2³²) (default 0, as {@link loadTabularCsv}). */
  readonly seed?: number;
}

/**
 * The seeded split of `size` record indices: a uniformly random permutation from
 * `createRng(seed)`; the first round(testFraction·size) indices are the test set. Both parts
 * are returned sorted, so the training set keeps file order.
 *
 * @throws DpboundsRangeError when `size` is not a non-negative integer or `testFraction` ∉ [0, 1);
 *   DpboundsTypeError naming `options.<key>` for an unknown key.
 * @example const { train, test } = splitIndices(100, { testFraction: 0.2, seed: 1 }); // 80 and 20 indices
 */
export function splitIndices(size: number, options: SplitIndicesOptions = {}): { train: Uint32Array; test: Uint32Array } {
  const { testFraction = 0.2, seed = 0 } = requireOptions<SplitIndicesOptions>('options', options, ['testFraction', 'seed']);
  return splitRows(size, testFraction, seed);
}

/** {@link splitIndices} with its options unpacked (the loaders' call; errors name `testFraction`, `seed` as the loaders' options do). */
function splitRows(size: number, testFraction: number, seed: number): { train: Uint32Array; test: Uint32Array } {
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

/** Replays every record of a CSV (header first) to `consumer`, once per call. */
export type RecordReplay = (consumer: RecordConsumer) => void;
/** Like {@link RecordReplay}, reading asynchronously (a file streamed in chunks). */
export type AsyncRecordReplay = (consumer: RecordConsumer) => Promise<void>;

/** The three passes of a load, as a coroutine the sync and async drivers step through. */
function* tabularLoad(options: TabularCsvOptions): Generator<RecordConsumer, TrainTestData, void> {
  const { testFraction: _t, seed: _s, ...encodingOptions } = options;
  const scan = new ScanPass(encodingOptions);
  yield scan;
  const scanned = scan.finish();
  const { train: trainRows, test: testRows } = splitRows(scanned.rowCount, options.testFraction ?? 0.2, options.seed ?? 0);
  const part = new Uint8Array(scanned.rowCount);
  for (const r of trainRows) part[r] = 1;
  const fit = new FitPass(scanned, part, encodingOptions);
  yield fit;
  const encoding = fit.finish();
  requireFeatureBudget(scanned.rowCount, encoding.featureCount, options.maxFeatureBytes);
  const encode = new EncodePass(encoding, part, trainRows.length, testRows.length, options.maxFeatureBytes);
  yield encode;
  const { train, test } = encode.finish();
  return { train, test, encoding, trainRows, testRows };
}

/**
 * Loads a labelled CSV from a source that can replay its records (three passes: scan, fit,
 * encode; see `tabular-passes.ts`), in memory proportional to the encoded result.
 *
 * @throws like {@link loadTabularCsv}; DpboundsRangeError (`dataset`) when the encoded size exceeds `maxFeatureBytes`.
 * @example const data = loadTabularRecords((consumer) => forEachRecord(consumer), { labelColumn: 'y' });
 */
export function loadTabularRecords(replay: RecordReplay, options: TabularCsvOptions): TrainTestData {
  requireFunction('replay', replay);
  requireOptions('options', options, ['testFraction', 'seed', 'labelColumn', 'positiveLabel', 'categorical', 'drop', 'missing', 'maxFeatureBytes']);
  const steps = tabularLoad(options);
  let step = steps.next();
  while (step.done !== true) {
    replay(step.value);
    step = steps.next();
  }
  return step.value;
}

/**
 * {@link loadTabularRecords} with an asynchronous source (the Node reader streams a file, gzip
 * included, once per pass).
 *
 * @example const data = await loadTabularRecordsAsync((consumer) => streamFile(path, consumer), { labelColumn: 'y' });
 */
export async function loadTabularRecordsAsync(replay: AsyncRecordReplay, options: TabularCsvOptions): Promise<TrainTestData> {
  requireFunction('replay', replay);
  requireOptions('options', options, ['testFraction', 'seed', 'labelColumn', 'positiveLabel', 'categorical', 'drop', 'missing', 'maxFeatureBytes']);
  const steps = tabularLoad(options);
  let step = steps.next();
  while (step.done !== true) {
    await replay(step.value);
    step = steps.next();
  }
  return step.value;
}

/**
 * Parses `text` (a CSV with a header row and a binary label column; unquoted fields trimmed),
 * splits it with {@link splitIndices}, fits the encoding (standardised numerics, one-hot
 * categoricals) on the training rows and encodes both parts.
 *
 * @throws DpboundsTypeError on malformed CSV or a non-binary label; DpboundsRangeError on bad options.
 * @example const { train, test } = loadTabularCsv('x, y\n1, 0\n2, 1\n', { labelColumn: 'y', testFraction: 0 });
 */
export function loadTabularCsv(text: string, options: TabularCsvOptions): TrainTestData {
  requireString('text', text);
  requireOptions('options', options, ['testFraction', 'seed', 'labelColumn', 'positiveLabel', 'categorical', 'drop', 'missing', 'maxFeatureBytes']);
  return loadTabularRecords((consumer) => {
    const reader = createCsvRecordReader((cells, line) => consumer.record(cells, line), { trim: true, maxRecordChars: Math.max(text.length, 1) });
    reader.push(text);
    reader.end();
  }, options);
}
