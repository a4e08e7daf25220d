/**
 * Loading a labelled CSV in three passes over its records, each in constant memory apart from
 * the result, so a file of any size is encoded without holding its text or its cells:
 *
 * 1. scan: header, row count, which columns are categorical (any non-numeric, non-missing
 *    value), the label values;
 * 2. fit (after the seeded split, which needs the row count): the categories of categorical
 *    columns (over every row) and the mean and standard deviation of numeric columns (over the
 *    training rows);
 * 3. encode: each row straight into the train or test feature matrix (a Float64Array each).
 *
 * The same passes serve text in memory ({@link loadTabularCsv}), a file read in chunks (the
 * Node entry point) and an already parsed table ({@link fitTabularEncoding}). Browser-safe.
 */
import { DpboundsRangeError, DpboundsTypeError, requireArray, requireFiniteArray, requireInteger, requireObject, requireInRange, requireOptions, requireString } from '@dpbounds/special-functions';
import type { ColumnEncoding, Dataset, TabularEncoding } from './dataset.js';
import { requireTabularEncoding } from './require-encoding.js';

/** Options of the encoding (see {@link fitTabularEncoding}). */
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
  /**
   * Largest encoded size accepted, rows × features × 8 bytes (default 2 GiB): a bigger file is
   * refused with its size before the feature matrices are allocated.
   */
  readonly maxFeatureBytes?: number;
}

/** The keys of {@link EncodingOptions}: any other key is refused, with a did-you-mean. */
export const ENCODING_OPTION_KEYS: readonly (keyof EncodingOptions)[] = ['labelColumn', 'positiveLabel', 'categorical', 'drop', 'fitRows', 'missing', 'maxFeatureBytes'];

/** Requires an array of strings (a list of column names), naming the first bad element. */
function requireStringList(parameter: string, value: unknown): readonly string[] {
  const list = requireArray<unknown>(parameter, value);
  for (let i = 0; i < list.length; i++) requireString(`${parameter}[${i}]`, list[i]); // holes included
  return list as readonly string[];
}

/**
 * Requires encoding options: known keys only ({@link ENCODING_OPTION_KEYS}), `labelColumn` a
 * string, `positiveLabel` and `missing` strings when given, `categorical` and `drop` arrays of
 * strings when given (`fitRows` and `maxFeatureBytes` are checked where they are used).
 *
 * @example requireEncodingOptions({ labelColumn: 'y', drop: ['id'] }) // the options
 */
export function requireEncodingOptions(options: unknown): EncodingOptions {
  const o = requireOptions<EncodingOptions>('options', options, ENCODING_OPTION_KEYS);
  requireString('labelColumn', o.labelColumn);
  if (o.positiveLabel !== undefined) requireString('positiveLabel', o.positiveLabel);
  if (o.missing !== undefined) requireString('missing', o.missing);
  if (o.categorical !== undefined) requireStringList('categorical', o.categorical);
  if (o.drop !== undefined) requireStringList('drop', o.drop);
  return o;
}

/** Receives the records of a CSV (the header first), each with its 1-based line. */
export interface RecordConsumer {
  record(cells: readonly string[], line: number): void;
}

/** What the scan pass found. */
export interface TabularScan {
  readonly header: readonly string[];
  readonly rowCount: number;
  readonly labelIndex: number;
  readonly positiveLabel: string;
  /** Per header column: 'label', 'drop', 'categorical' or 'numeric'. */
  readonly kinds: readonly ('label' | 'drop' | 'categorical' | 'numeric')[];
}

export const NUMERIC_TEXT: RegExp = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const DEFAULT_MAX_FEATURE_BYTES = 2 * 1024 ** 3;

/** The encoded-size limit in bytes: `maxFeatureBytes` when given (a number ≥ 0), else 2 GiB. */
function featureByteLimit(maxBytes: number | undefined): number {
  return maxBytes === undefined ? DEFAULT_MAX_FEATURE_BYTES : requireInRange('maxFeatureBytes', maxBytes, { min: 0 });
}

/** A size in bytes for a message: GiB above 1 GiB, else MiB. */
function formatBytes(b: number): string {
  return b >= 1024 ** 3 ? `${(b / 1024 ** 3).toFixed(2)} GiB` : `${(b / 1024 ** 2).toFixed(b < 1024 ** 2 ? 6 : 1)} MiB`;
}

/** A UCI label `>50K.` reads as `>50K`. */
export function normaliseLabel(value: string): string {
  return value.endsWith('.') ? value.slice(0, -1) : value;
}

function columnIndex(header: readonly string[], name: string, parameter: string): number {
  const index = header.indexOf(name);
  if (index < 0) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter, expected: `a column of the CSV (${header.join(', ')})`, found: name });
  }
  return index;
}

/** Header row, then rows of the header's length (the error names the line). */
abstract class RowPass implements RecordConsumer {
  protected header: readonly string[] | undefined;
  protected row = 0;

  record(cells: readonly string[], line: number): void {
    if (this.header === undefined) {
      this.header = cells;
      this.onHeader(cells);
      return;
    }
    if (cells.length !== this.header.length) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: `csv line ${line}`, expected: `${this.header.length} fields like the header`, found: `${cells.length} fields` });
    }
    this.onRow(cells, this.row++);
  }

  protected requireHeader(): readonly string[] {
    if (this.header === undefined) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'csv', expected: 'a header row and data rows', found: 'an empty file' });
    }
    return this.header;
  }

  protected abstract onHeader(header: readonly string[]): void;
  protected abstract onRow(cells: readonly string[], row: number): void;
}

/** Pass 1: kinds of columns, label values, row count. */
export class ScanPass extends RowPass {
  private labelIndex = -1;
  private drop = new Set<string>();
  private detect: boolean[] = [];
  private nonNumeric: boolean[] = [];
  private readonly labels = new Set<string>();
  private readonly missing: string;

  constructor(private readonly options: EncodingOptions) {
    super();
    requireEncodingOptions(options);
    this.missing = options.missing ?? '?';
  }

  protected onHeader(header: readonly string[]): void {
    this.labelIndex = columnIndex(header, this.options.labelColumn, 'labelColumn');
    this.drop = new Set(this.options.drop ?? []);
    for (const name of this.drop) columnIndex(header, name, 'drop');
    for (const name of this.options.categorical ?? []) columnIndex(header, name, 'categorical');
    this.detect = header.map((_, c) => c !== this.labelIndex && this.options.categorical === undefined);
    this.nonNumeric = header.map(() => false);
  }

  protected onRow(cells: readonly string[]): void {
    const label = normaliseLabel(cells[this.labelIndex] as string);
    if (this.labels.size < 16 || this.labels.has(label)) this.labels.add(label);
    else this.labels.add('...');
    for (let c = 0; c < cells.length; c++) {
      if (!this.detect[c] || this.nonNumeric[c]) continue;
      const v = cells[c] as string;
      if (v !== '' && v !== this.missing && !NUMERIC_TEXT.test(v)) this.nonNumeric[c] = true;
    }
  }

  finish(): TabularScan {
    const header = this.requireHeader();
    const labelValues = [...this.labels].sort();
    let positiveLabel = this.options.positiveLabel;
    if (positiveLabel === undefined) {
      if (labelValues.every((v) => v === '0' || v === '1')) positiveLabel = '1';
      else {
        throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'positiveLabel', expected: `one of the label values (${labelValues.slice(0, 5).join(', ')})`, found: undefined });
      }
    }
    if (labelValues.length > 2 || (labelValues.length === 2 && !labelValues.includes(positiveLabel))) {
      throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: this.options.labelColumn, expected: `a binary label containing ${JSON.stringify(positiveLabel)}`, found: labelValues.join(', ') });
    }
    const given = this.options.categorical === undefined ? undefined : new Set(this.options.categorical);
    const kinds = header.map((name, c) => {
      if (c === this.labelIndex) return 'label' as const;
      if (this.drop.has(name)) return 'drop' as const;
      const categorical = given !== undefined ? given.has(name) : (this.nonNumeric[c] as boolean);
      return categorical ? ('categorical' as const) : ('numeric' as const);
    });
    return { header, rowCount: this.row, labelIndex: this.labelIndex, positiveLabel, kinds };
  }
}

/** Pass 2: categories over every row, numeric mean and scale over the rows marked in `fit`. */
export class FitPass extends RowPass {
  private readonly categories: (Set<string> | undefined)[];
  private readonly sums: Float64Array;
  private readonly sumSquares: Float64Array;
  private readonly counts: Float64Array;
  private readonly missing: string;

  constructor(
    private readonly scan: TabularScan,
    private readonly fit: Uint8Array,
    private readonly options: EncodingOptions,
  ) {
    super();
    requireObject('scan', scan);
    requireFiniteArray('fit', fit);
    requireEncodingOptions(options);
    this.missing = options.missing ?? '?';
    this.categories = scan.kinds.map((kind) => (kind === 'categorical' ? new Set<string>() : undefined));
    this.sums = new Float64Array(scan.kinds.length);
    this.sumSquares = new Float64Array(scan.kinds.length);
    this.counts = new Float64Array(scan.kinds.length);
  }

  protected onHeader(): void {}

  protected onRow(cells: readonly string[], row: number): void {
    const { kinds, header } = this.scan;
    const fitted = this.fit[row] === 1;
    for (let c = 0; c < cells.length; c++) {
      const kind = kinds[c];
      const v = cells[c] as string;
      const isMissing = v === '' || v === this.missing;
      if (kind === 'categorical') {
        const key = isMissing ? this.missing : v;
        const set = this.categories[c] as Set<string>;
        if (!set.has(key)) set.add(key.length < 13 ? key : ` ${key}`.slice(1));
      } else if (kind === 'numeric' && fitted && !isMissing) {
        if (!NUMERIC_TEXT.test(v)) {
          throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: header[c] as string, expected: 'numbers (or list it in categorical)', found: v });
        }
        const x = Number(v);
        this.sums[c] = (this.sums[c] as number) + x;
        this.sumSquares[c] = (this.sumSquares[c] as number) + x * x;
        this.counts[c] = (this.counts[c] as number) + 1;
      }
    }
  }

  finish(): TabularEncoding {
    const { header, kinds, positiveLabel } = this.scan;
    const columns: ColumnEncoding[] = [];
    const featureNames: string[] = [];
    header.forEach((name, c) => {
      const kind = kinds[c];
      if (kind === 'categorical') {
        const categories = [...(this.categories[c] as Set<string>)].sort();
        columns.push({ kind: 'categorical', name, firstFeature: featureNames.length, categories });
        for (const category of categories) featureNames.push(`${name}=${category}`);
      } else if (kind === 'numeric') {
        const count = this.counts[c] as number;
        if (count === 0) {
          throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: name, expected: 'at least one numeric value', found: 'only missing values' });
        }
        const mean = (this.sums[c] as number) / count;
        const variance = Math.max(0, (this.sumSquares[c] as number) / count - mean * mean);
        const scale = variance > 0 ? Math.sqrt(variance) : 1;
        columns.push({ kind: 'numeric', name, featureIndex: featureNames.length, mean, scale });
        featureNames.push(name);
      }
    });
    return { columns, labelColumn: this.options.labelColumn, positiveLabel, featureNames, featureCount: featureNames.length };
  }
}

/** How to encode one row quickly: the columns' positions and category lookups. */
export interface RowEncoder {
  /** Writes row `cells` (file row `row`, for messages) into `features` at `base` and returns its 0/1 label. */
  encode(cells: readonly string[], row: number, features: Float64Array, base: number): number;
}

/**
 * A row encoder for rows laid out as `header` with `encoding`. Unknown categories encode as all
 * zeros; missing numeric values (empty or `?`) as the fitted mean (feature 0).
 *
 * @throws DpboundsTypeError when a column of the encoding is absent from `header`; `encode`
 *   throws when a numeric field is not a finite number.
 * @example const encoder = rowEncoder(header, encoding); const label = encoder.encode(cells, 0, features, 0);
 */
export function rowEncoder(header: readonly string[], encoding: TabularEncoding): RowEncoder {
  requireArray('header', header);
  requireTabularEncoding(encoding);
  const labelIndex = columnIndex(header, encoding.labelColumn, 'labelColumn');
  const plans = encoding.columns.map((column) => ({
    column,
    index: columnIndex(header, column.name, 'encoding'),
    lookup: column.kind === 'categorical' ? new Map(column.categories.map((c, j) => [c, column.firstFeature + j])) : undefined,
  }));
  return {
    encode: (cells, row, features, base) => {
      for (const { column, index, lookup } of plans) {
        const raw = cells[index] as string;
        if (column.kind === 'categorical') {
          const j = (lookup as Map<string, number>).get(raw === '' ? '?' : raw);
          if (j !== undefined) features[base + j] = 1;
        } else if (raw !== '' && raw !== '?') {
          const x = Number(raw);
          if (!Number.isFinite(x) || !NUMERIC_TEXT.test(raw)) {
            throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: `${column.name} (row ${row + 1})`, expected: 'a finite number', found: raw });
          }
          features[base + column.featureIndex] = (x - column.mean) / column.scale;
        }
      }
      return normaliseLabel(cells[labelIndex] as string) === encoding.positiveLabel ? 1 : 0;
    },
  };
}

/**
 * Refuses an encoded size above the limit, naming rows, features and bytes, before allocating.
 *
 * @throws DpboundsRangeError (`ERR_OUT_OF_RANGE`, parameter `dataset`).
 */
export function requireFeatureBudget(rows: number, featureCount: number, maxBytes: number | undefined): void {
  requireInteger('rows', rows, { min: 0 });
  requireInteger('featureCount', featureCount, { min: 0 });
  const limit = featureByteLimit(maxBytes);
  const bytes = rows * featureCount * 8;
  if (bytes > limit) {
    const size = formatBytes;
    throw new DpboundsRangeError({
      code: 'ERR_OUT_OF_RANGE',
      parameter: 'dataset',
      expected: `at most ${size(limit)} once encoded (rows × features × 8 bytes; use fewer rows, or fewer categories)`,
      found: `${rows} rows × ${featureCount} features = ${size(bytes)}`,
    });
  }
}

/**
 * Pass 3: each row into the train or test matrix (`part[row]` 1 = train, 0 = test).
 *
 * The constructor checks, before allocating: `encoding` a tabular encoding
 * ({@link requireTabularEncoding}); `part` one 0/1 flag per row with `trainCount` ones and
 * `testCount` zeros; the two matrices, (trainCount + testCount) × featureCount × 8 bytes, within
 * `maxFeatureBytes` (default 2 GiB, as {@link requireFeatureBudget}), the refusal naming the
 * larger of the counts and the feature count.
 *
 * @throws DpboundsTypeError / DpboundsRangeError naming the bad argument.
 * @example const encoding = fitTabularEncoding(parseCsv('y,x\n1,2\n0,3\n'), { labelColumn: 'y' }); const pass = new EncodePass(encoding, new Uint8Array([1, 0]), 1, 1)
 */
export class EncodePass extends RowPass {
  private encoder: RowEncoder | undefined;
  private readonly train: Dataset;
  private readonly test: Dataset;
  private nextTrain = 0;
  private nextTest = 0;

  constructor(
    private readonly encoding: TabularEncoding,
    private readonly part: Uint8Array,
    trainCount: number,
    testCount: number,
    maxFeatureBytes?: number,
  ) {
    super();
    requireTabularEncoding(encoding);
    requireFiniteArray('part', part);
    requireInteger('trainCount', trainCount, { min: 0 });
    requireInteger('testCount', testCount, { min: 0 });
    const d = encoding.featureCount;
    requireEncodedSize(trainCount, testCount, d, featureByteLimit(maxFeatureBytes));
    requirePartCounts(part, trainCount, testCount);
    this.train = { size: trainCount, featureCount: d, features: new Float64Array(trainCount * d), labels: new Uint8Array(trainCount), encoding };
    this.test = { size: testCount, featureCount: d, features: new Float64Array(testCount * d), labels: new Uint8Array(testCount), encoding };
  }

  protected onHeader(header: readonly string[]): void {
    this.encoder = rowEncoder(header, this.encoding);
  }

  protected onRow(cells: readonly string[], row: number): void {
    const target = this.part[row] === 1 ? this.train : this.test;
    const k = this.part[row] === 1 ? this.nextTrain++ : this.nextTest++;
    (target.labels as Uint8Array)[k] = (this.encoder as RowEncoder).encode(cells, row, target.features, k * this.encoding.featureCount);
  }

  finish(): { train: Dataset; test: Dataset } {
    return { train: this.train, test: this.test };
  }
}

/** Refuses train and test matrices over `limit` bytes, naming the largest of the three sizes. */
function requireEncodedSize(trainCount: number, testCount: number, featureCount: number, limit: number): void {
  const bytes = (trainCount + testCount) * featureCount * 8;
  if (bytes <= limit) return;
  const sizes: ReadonlyArray<readonly [string, number]> = [['trainCount', trainCount], ['testCount', testCount], ['encoding.featureCount', featureCount]];
  const [parameter, found] = sizes.reduce((largest, size) => (size[1] > largest[1] ? size : largest));
  const most = parameter === 'encoding.featureCount' ? Math.floor(limit / (8 * (trainCount + testCount))) : Math.floor(limit / (8 * featureCount)) - (parameter === 'trainCount' ? testCount : trainCount);
  throw new DpboundsRangeError({
    code: 'ERR_OUT_OF_RANGE',
    parameter,
    expected: `an integer ≤ ${Math.max(0, most)}: (trainCount + testCount) × featureCount × 8 bytes must be at most ${formatBytes(limit)} (maxFeatureBytes; here ${trainCount} + ${testCount} rows × ${featureCount} features = ${formatBytes(bytes)})`,
    found,
  });
}

/** Refuses a `part` that is not one 0/1 flag per row with `trainCount` ones. */
function requirePartCounts(part: Uint8Array, trainCount: number, testCount: number): void {
  if (part.length !== trainCount + testCount) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_LENGTH', parameter: 'part', expected: `one flag per row: trainCount + testCount = ${trainCount + testCount} flags`, found: `${part.length} flags` });
  }
  let ones = 0;
  for (let row = 0; row < part.length; row++) {
    const flag = part[row];
    if (flag !== 0 && flag !== 1) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `part[${row}]`, expected: '0 (test) or 1 (train)', found: flag });
    ones += flag;
  }
  if (ones !== trainCount) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'trainCount', expected: `the number of 1 flags in part (${ones})`, found: trainCount });
  }
}
