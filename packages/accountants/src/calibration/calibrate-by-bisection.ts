/**
 * Bracketing and bisection of σ on an ε(σ) that decreases in σ, for the samplers and mechanisms
 * whose ε is not an accountant's composition of one event family (calibrate.ts searches those;
 * the calibration contract, never overshooting the target, is docs/math/accounting.md §10).
 */
import { DpboundsRangeError } from '@dpbounds/special-functions';

/**
 * Bracket and bisect σ on an ε(σ) that decreases in σ, returning a σ (`tolerance` relative, default 1e-5) whose ε
 * meets the target (the returned σ is one at which ε was evaluated and met it, or the floor 0.05
 * of the search when even it does). Throws naming `epsilon` when σ = 1e4 does not meet it.
 *
 * @example calibrateByBisection((s) => 1 / s, 0.5, 'example') // ≈ 2
 */
export function calibrateByBisection(eps: (sigma: number) => number, target: number, sampler: string, tolerance = 1e-5): number {
  let lo = 0.25;
  let hi = 1;
  while (eps(hi) > target) {
    lo = hi;
    hi *= 2;
    if (hi > 1e4) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'epsilon', expected: `reachable with a noise multiplier ≤ 1e4 for this ${sampler} run`, found: target });
  }
  if (hi === 1) {
    while (eps(lo) <= target) {
      hi = lo;
      lo /= 2;
      if (lo < 0.05) return hi;
    }
  }
  while (hi - lo > tolerance * hi) {
    const mid = 0.5 * (lo + hi);
    if (eps(mid) <= target) hi = mid;
    else lo = mid;
  }
  return hi;
}
