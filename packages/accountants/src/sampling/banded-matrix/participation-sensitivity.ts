/**
 * The L2 sensitivity of a banded matrix mechanism's release C·G + Z to one record, for the
 * participation patterns of cyclic and balls-in-bins training (docs/math/batch-samplers.md,
 * "Banded matrix mechanisms", eq. (B1)–(B3)).
 *
 * A record joining steps π with clipped gradients gᵢ (‖gᵢ‖ ≤ 1) moves the release by
 * Σ_{i∈π} C[:, i] gᵢᵀ, whose squared Frobenius norm is Σ_{i,j∈π} ⟨C[:, i], C[:, j]⟩⟨gᵢ, gⱼ⟩ ≤
 * Σ_{i,j∈π} |⟨C[:, i], C[:, j]⟩| (eq. (B1)). When the steps of π are at least b apart the
 * columns have disjoint supports and the bound is the exact Σ_{i∈π} ‖C[:, i]‖² (the sensitivity
 * of Choquette-Choo et al. 2023 for b-min-separated participation).
 */
import type { BandedGram } from './banded-strategy.js';

/** Σ_{i,j∈π} |⟨C_i, C_j⟩| for an increasing list of steps π. */
function patternEnergy(gram: BandedGram, steps: readonly number[]): number {
  let s = 0;
  for (let a = 0; a < steps.length; a++) {
    const i = steps[a] as number;
    s += gram.absInner(i, i);
    for (let c = a + 1; c < steps.length && (steps[c] as number) - i < gram.bands; c++) s += 2 * gram.absInner(i, steps[c] as number);
  }
  return s;
}

/**
 * Cyclic participation with period k (a record joins steps r, r + k, r + 2k, …): the squared
 * sensitivity max_r Σ_{i,j∈π_r} |⟨C_i, C_j⟩| (eq. (B2)) and the worst residue r.
 *
 * @example cyclicSensitivity(bandedGram({ bands: [[1]] }, 1, 10), 5) // { squared: 2, residue: 0, steps: [0, 5] }
 */
export function cyclicSensitivity(gram: BandedGram, period: number): { squared: number; residue: number; steps: number[] } {
  let best = { squared: -1, residue: 0, steps: [] as number[] };
  for (let r = 0; r < Math.min(period, gram.steps); r++) {
    const steps: number[] = [];
    for (let i = r; i < gram.steps; i += period) steps.push(i);
    const squared = patternEnergy(gram, steps);
    if (squared > best.squared) best = { squared, residue: r, steps };
  }
  return best;
}

/**
 * Balls-in-bins participation: the steps are cut into epochs of k ≥ b consecutive steps (the last
 * may be shorter) and a record joins exactly one step of each epoch, any one. Steps of epochs
 * two apart are ≥ k + 1 > b apart, so only neighbouring epochs interact and the maximum over all
 * patterns of Σ |⟨C_i, C_j⟩| is a chain maximum, found exactly by dynamic programming over the
 * epochs (eq. (B3)). Requires k ≥ b (checked by the caller).
 *
 * @example ballsInBinsSensitivitySquared(bandedGram({ bands: [[1]] }, 1, 10), 5) // 2
 */
export function ballsInBinsSensitivitySquared(gram: BandedGram, epochLength: number): number {
  const n = gram.steps;
  let prev: Float64Array | undefined;
  let prevStart = 0;
  for (let start = 0; start < n; start += epochLength) {
    const end = Math.min(n, start + epochLength);
    const cur = new Float64Array(end - start);
    let prevMax = 0;
    if (prev !== undefined) for (const v of prev) prevMax = Math.max(prevMax, v);
    for (let p = start; p < end; p++) {
      let best = prevMax;
      if (prev !== undefined) {
        // previous-epoch steps within b − 1 of p (only they add a cross term)
        for (let q = Math.max(prevStart, p - gram.bands + 1); q < start; q++) best = Math.max(best, (prev[q - prevStart] as number) + 2 * gram.absInner(q, p));
      }
      cur[p - start] = best + gram.absInner(p, p);
    }
    prev = cur;
    prevStart = start;
  }
  let out = 0;
  for (const v of prev ?? []) out = Math.max(out, v);
  return out;
}
