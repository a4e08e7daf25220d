/**
 * The noise-splitting reduction of a banded matrix mechanism to DP-SGD (docs/math/batch-samplers.md,
 * section 7, eqs. (B4)–(B5)).
 *
 * The release y = C·G + Z (Z i.i.d. N(0, σ²)) is post-processing of n independent releases
 * vₛ = C[:, s]·gₛ + Zₛ, one per step s, where Zₛ has variance σ²·λ_{t,s} on row t and
 * Σₛ λ_{t,s} ≤ 1 for every row t: summing the vₛ over the columns that reach row t and adding
 * independent noise of the missing variance σ²(1 − Σₛ λ_{t,s}) gives y_t exactly, and gₛ, which
 * depends only on the release before step s, can be computed from v₍<ₛ₎. Each vₛ is a Gaussian
 * mechanism on gₛ whose sensitivity, in units of σ, is ρₛ with ρₛ² = Σ_t C[t, s]² / λ_{t,s}.
 * With λ_{t,s} = |C[t, s]| / R_t, R_t = Σ_{s'} |C[t, s']| the absolute sum of row t,
 *
 *     ρₛ² = Σ_t |C[t, s]|·R_t,                                                         (B4)
 *
 * so the mechanism, under any batch sampler, is post-processing of DP-SGD with the same batches
 * and noise multiplier σ/ρ, ρ = maxₛ ρₛ (B5). For C = I, ρ = 1: DP-SGD itself. For a Toeplitz
 * strategy with nonnegative bands c, ρ = ‖c‖₁ (the price of splitting, against ‖c‖₂ for the
 * sensitivity of one column).
 */
import type { BandedStrategy } from './banded-strategy.js';
import { bandedGram } from './banded-strategy.js';

/**
 * ρ = maxₛ √(Σ_t |C[t, s]|·R_t) (eq. (B4)) of a strategy given by its bands; `undefined` for a
 * strategy given by column norms only (its entries, hence R_t, are unknown).
 *
 * Domain: a valid strategy for `bands` bands and `steps` steps (validated as `bandedGram` does).
 *
 * @example splitNoiseSensitivity({ bands: [[1], [0.6], [0.3]] }, 3, 100) // 1.9 = ‖(1, 0.6, 0.3)‖₁
 */
export function splitNoiseSensitivity(strategy: BandedStrategy, bands: number, steps: number): number | undefined {
  const gram = bandedGram(strategy, bands, steps);
  if (!('bands' in strategy)) return undefined;
  const n = gram.steps;
  const b = gram.bands;
  // |C[s + j, s]| from the validated diagonals (one value: a Toeplitz band)
  const at = (j: number, s: number): number => {
    const row = strategy.bands[j] as readonly number[];
    return Math.abs((row.length === 1 ? row[0] : row[s]) as number);
  };
  const rowSum = new Float64Array(n);
  for (let j = 0; j < b; j++) for (let s = 0; s + j < n; s++) rowSum[s + j] = (rowSum[s + j] as number) + at(j, s);
  let worst = 0;
  for (let s = 0; s < n; s++) {
    let squared = 0;
    for (let j = 0; j < b && s + j < n; j++) squared += at(j, s) * (rowSum[s + j] as number);
    worst = Math.max(worst, squared);
  }
  return Math.sqrt(worst);
}
