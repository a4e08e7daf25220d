/**
 * The strategy matrix C of a banded matrix mechanism (DP-FTRL / BandMF; Choquette-Choo et al.
 * 2023, "Amplified Banded Matrix Factorization"): an n×n lower-triangular matrix with b bands,
 * C[i + j, i] = 0 for j ≥ b. The mechanism releases C·G + Z (G the per-step clipped gradient
 * sums, Z i.i.d. N(0, σ²)), so a record's influence on the release is Σ over the steps i it
 * joins of C[:, i]·gᵢ with ‖gᵢ‖ ≤ 1 (docs/math/batch-samplers.md, section 7, "Banded matrix mechanisms").
 *
 * Given as `{ bands }` (bands[j] the j-th diagonal below the main one: either its n − j entries
 * C[i + j, i] or one entry for a Toeplitz band) or as `{ columnNorms }` (‖C[:, i]‖ for each step;
 * without the bands, inner products of overlapping columns are bounded by Cauchy–Schwarz).
 */
import { DpboundsRangeError, DpboundsTypeError, requireInRange, requireInteger } from '@dpbounds/special-functions';

/** A b-banded lower-triangular strategy, by its diagonals or by its column norms. */
export type BandedStrategy = { readonly bands: readonly (readonly number[])[] } | { readonly columnNorms: readonly number[] };

/** What the sensitivity computations need from C: column norms and bounds on |⟨C[:, i], C[:, j]⟩|. */
export interface BandedGram {
  /** Number of steps n. */
  readonly steps: number;
  /** Number of bands b (columns i, j overlap only when |i − j| < b). */
  readonly bands: number;
  /** ‖C[:, i]‖ for i = 0 … n − 1. */
  readonly columnNorms: Float64Array;
  /** |⟨C[:, i], C[:, j]⟩| exactly (from the bands) or its Cauchy–Schwarz bound (from the norms); 0 when |i − j| ≥ b. */
  absInner(i: number, j: number): number;
}

function requireArray(parameter: string, value: unknown): readonly unknown[] {
  if (!Array.isArray(value)) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter, expected: 'an array of finite numbers', found: value });
  return value;
}

/**
 * Most steps n of a banded strategy: 2²⁴ (a column-norm array of 128 MiB; a `--strategy`
 * column-norm file of 128 MiB of text holds fewer). Checked before anything is allocated.
 */
export const MAX_BANDED_STEPS: number = 2 ** 24;

/**
 * Most entries of the diagonals of a strategy given by its bands, Σⱼ (n − j) = b·n − b(b − 1)/2
 * for b bands and n steps: 2²⁵ (256 MiB as the Float64Arrays the Gram view keeps; a Toeplitz band
 * of one value is expanded to its n − j entries). Checked before anything is allocated.
 */
export const MAX_BANDED_ENTRIES: number = 2 ** 25;

/**
 * Validates a strategy for `steps` steps and `bands` bands and returns its Gram view. Bands:
 * exactly `bands` diagonals, each of length n − j or 1, finite, the main diagonal positive.
 * Column norms: n finite positive numbers. Size: n ≤ {@link MAX_BANDED_STEPS} and, for bands,
 * at most {@link MAX_BANDED_ENTRIES} diagonal entries (refused naming `steps` or `bands` with the
 * limit and the value, before any allocation).
 *
 * @example bandedGram({ bands: [[1], [0.5]] }, 2, 4).columnNorms // [√1.25, √1.25, √1.25, 1]
 */
export function bandedGram(strategy: BandedStrategy, bands: number, steps: number): BandedGram {
  const n = requireInteger('steps', steps, { min: 1 });
  const b = requireInteger('bands', bands, { min: 1, max: n });
  if (n > MAX_BANDED_STEPS) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'steps', expected: `an integer in [1, ${MAX_BANDED_STEPS}] (the banded strategy size limit, 2^24 steps)`, found: n });
  }
  if (strategy === null || typeof strategy !== 'object' || Array.isArray(strategy)) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'strategy', expected: 'an object { bands: number[][] } or { columnNorms: number[] }', found: strategy });
  }
  const keys = Object.keys(strategy);
  if (keys.length !== 1 || (keys[0] !== 'bands' && keys[0] !== 'columnNorms')) {
    throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'strategy', expected: 'exactly one of the keys bands, columnNorms', found: keys.join(', ') });
  }
  if ('columnNorms' in strategy) {
    const raw = requireArray('strategy.columnNorms', strategy.columnNorms);
    if (raw.length !== n) throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'strategy.columnNorms', expected: `${n} column norms (one per step)`, found: raw.length });
    const norms = Float64Array.from(raw, (v, i) => requireInRange(`strategy.columnNorms[${i}]`, v, { min: 0, minExclusive: true }));
    return { steps: n, bands: b, columnNorms: norms, absInner: (i, j) => (i === j ? (norms[i] as number) ** 2 : Math.abs(i - j) < b ? (norms[i] as number) * (norms[j] as number) : 0) };
  }
  const entries = b * n - (b * (b - 1)) / 2;
  if (entries > MAX_BANDED_ENTRIES) {
    throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'bands', expected: `at most ${MAX_BANDED_ENTRIES} diagonal entries bands·steps − bands·(bands − 1)/2 (2^25, the banded strategy size limit; ${entries} at steps = ${n})`, found: b });
  }
  const rawBands = requireArray('strategy.bands', strategy.bands);
  if (rawBands.length !== b) throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'strategy.bands', expected: `${b} diagonals (bands = ${b})`, found: rawBands.length });
  // full diagonals: diag[j][i] = C[i + j, i]
  const diag: Float64Array[] = rawBands.map((row, j) => {
    const r = requireArray(`strategy.bands[${j}]`, row);
    if (r.length !== 1 && r.length !== n - j) {
      throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: `strategy.bands[${j}]`, expected: `${n - j} entries (the diagonal C[i + ${j}, i]) or 1 (a Toeplitz band)`, found: r.length });
    }
    const values = r.map((v, i) => (j === 0 ? requireInRange(`strategy.bands[0][${i}]`, v, { min: 0, minExclusive: true }) : requireInRange(`strategy.bands[${j}][${i}]`, v, {})));
    return Float64Array.from({ length: n - j }, (_, i) => (r.length === 1 ? (values[0] as number) : (values[i] as number)));
  });
  const entry = (row: number, col: number): number => {
    const j = row - col;
    return j >= 0 && j < b ? ((diag[j] as Float64Array)[col] ?? 0) : 0;
  };
  const norms = Float64Array.from({ length: n }, (_, i) => {
    let s = 0;
    for (let j = 0; j < b && i + j < n; j++) s += ((diag[j] as Float64Array)[i] as number) ** 2;
    return Math.sqrt(s);
  });
  const absInner = (i: number, j: number): number => {
    if (i === j) return (norms[i] as number) ** 2;
    const lo = Math.min(i, j);
    const hi = Math.max(i, j);
    if (hi - lo >= b) return 0;
    let s = 0;
    for (let row = hi; row < Math.min(n, lo + b); row++) s += entry(row, i) * entry(row, j);
    return Math.abs(s);
  };
  return { steps: n, bands: b, columnNorms: norms, absInner };
}
