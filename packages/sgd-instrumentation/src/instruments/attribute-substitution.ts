/**
 * The candidate values of a sensitive attribute, encoded, for the attribute-inference analysis
 * (Cherubin et al., USENIX Security 2024, Algorithm 4: every record of the batch is re-encoded
 * with every value s ∈ 𝒜 of the sensitive attribute).
 */
import { DpboundsRangeError, DpboundsTypeError, requireArray, requireObject, requireOptions, requireString } from '@dpbounds/special-functions';
import type { Dataset, TabularEncoding } from '../data/dataset.js';

/** A sensitive attribute's feature block and its k encoded candidate values. */
export interface AttributeSubstitution {
  /** The raw column name (e.g. `age`). */
  readonly attribute: string;
  /** The feature indices the attribute occupies (1 for numeric, one per category for one-hot). */
  readonly indices: Uint32Array;
  /** The k candidate values as raw strings (numbers printed in shortest form). */
  readonly values: readonly string[];
  /** k × m encoded blocks, row a for values[a]. */
  readonly candidates: Float64Array;
}

/** Options of {@link attributeSubstitution}. */
export interface AttributeSubstitutionOptions {
  /** The raw column name of the sensitive attribute (e.g. `age`), a column of the encoding. */
  readonly attribute: string;
  /**
   * Restrict 𝒜 to these raw values (e.g. two chosen values: the paper's "domain knowledge"
   * strategy). Default: every category of a one-hot column; every distinct value of a numeric
   * column present in `data`.
   */
  readonly values?: readonly (string | number)[];
}

function roundRaw(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/**
 * The substitution set 𝒜 of column `options.attribute` under `encoding`, with candidate values
 * from `data` (numeric) or the category list (one-hot). Numeric candidates are standardised with
 * the column's fitted mean and scale.
 *
 * @throws DpboundsTypeError when the column is not in the encoding or `options` has an unknown
 *   key (named `options.<key>`); DpboundsRangeError when fewer than two candidate values remain
 *   or a requested category does not exist.
 * @example const age = attributeSubstitution(train.encoding, train, { attribute: 'age' }); age.values.length // 73 on Adult
 */
export function attributeSubstitution(encoding: TabularEncoding, data: Dataset, options: AttributeSubstitutionOptions): AttributeSubstitution {
  requireObject('encoding', encoding);
  requireArray('encoding.columns', encoding.columns);
  requireObject('data', data);
  requireOptions<AttributeSubstitutionOptions>('options', options, ['attribute', 'values']);
  const attribute = requireString('options.attribute', options.attribute);
  const column = encoding.columns.find((c) => c.name === attribute);
  if (column === undefined) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_FORMAT', parameter: 'options.attribute', expected: `a feature column (${encoding.columns.map((c) => c.name).join(', ')})`, found: attribute });
  }
  let values: string[];
  let indices: Uint32Array;
  let candidates: Float64Array;
  if (column.kind === 'categorical') {
    const wanted = options.values?.map(String) ?? [...column.categories];
    for (const v of wanted) {
      if (!column.categories.includes(v)) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'options.values', expected: `categories of ${attribute}`, found: v });
      }
    }
    values = [...new Set(wanted)];
    const m = column.categories.length;
    indices = Uint32Array.from({ length: m }, (_, j) => column.firstFeature + j);
    candidates = new Float64Array(values.length * m);
    values.forEach((v, a) => {
      candidates[a * m + column.categories.indexOf(v)] = 1;
    });
  } else {
    let raw: number[];
    if (options.values !== undefined) {
      raw = options.values.map((v) => {
        const x = typeof v === 'number' ? v : Number(v);
        if (!Number.isFinite(x)) throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter: 'options.values', expected: `numbers for ${attribute}`, found: v });
        return x;
      });
    } else {
      const seen = new Set<number>();
      for (let i = 0; i < data.size; i++) seen.add(roundRaw((data.features[i * data.featureCount + column.featureIndex] as number) * column.scale + column.mean));
      raw = [...seen];
    }
    raw = [...new Set(raw)].sort((a, b) => a - b);
    values = raw.map(String);
    indices = Uint32Array.of(column.featureIndex);
    candidates = Float64Array.from(raw, (x) => (x - column.mean) / column.scale);
  }
  if (values.length < 2) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'options.values', expected: 'at least two distinct values of the attribute', found: values.length });
  }
  return { attribute, indices, values, candidates };
}
