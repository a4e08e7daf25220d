/**
 * Bracketing and a safeguarded root search of σ on an ε(σ) that decreases in σ, for the samplers
 * and mechanisms whose ε is not an accountant's composition of one event family (calibrate.ts
 * searches those; the calibration contract, never overshooting the target, is
 * docs/math/accounting.md §10).
 */
import { brentRoot, DpboundsRangeError } from '@dpbounds/special-functions';

/**
 * Bracket and search σ on an ε(σ) that decreases in σ, returning a σ (`tolerance` relative,
 * default 1e-5) whose ε meets the target: the returned σ is one at which ε was evaluated and met
 * it, and a σ' ≥ (1 − tolerance)·σ was evaluated and missed it (or σ is the floor 0.05 of the
 * search, when even that meets the target). Throws naming `epsilon` when σ = 1e4 does not meet it.
 *
 * Method: the bracket [lo, hi] (ε(lo) > target ≥ ε(hi)) is found by doubling from [0.25, 1] or
 * halving below it; then Brent's method (R. P. Brent, *Algorithms for Minimization without
 * Derivatives*, 1973, ch. 4) on log ε(σ) − log target, which is close to linear in log σ for the
 * samplers' ε (ε ∝ 1/σ at large σ), so it needs 4–8 evaluations where bisection needs 17; Brent
 * falls back to bisection steps where interpolation does not shrink the bracket; one step of
 * tolerance/2 across its answer closes the bracket, and a final bisection of the tightest evaluated bracket keeps the contract on any decreasing ε (steps,
 * kinks, ∞ or 0 on part of the range). Every σ is evaluated at most once.
 *
 * `start`, a guess of the answer (e.g. the Poisson σ for a truncated-Poisson run, whose ε differs
 * by the rare capped batch), replaces the doubling from [0.25, 1]: steps of 1e-3, ×10 each time up
 * to doubling, out of `start` until ε crosses the target. Near the answer this brackets in two
 * evaluations and Brent's interpolation is nearly exact, so the whole search takes about five
 * instead of ten; the contract is the same for any start. When Brent's own evaluations already
 * bracket the answer to the tolerance, the closing step of tolerance/2 is skipped.
 *
 * @example calibrateByBisection((s) => 1 / s, 0.5, 'example') // ≈ 2
 * @example calibrateByBisection((s) => 1 / s, 0.5, 'example', 1e-5, 1.99) // ≈ 2, in fewer evaluations
 */
export function calibrateByBisection(eps: (sigma: number) => number, target: number, sampler: string, tolerance = 1e-5, start?: number): number {
  const seen = new Map<number, number>();
  const at = (sigma: number): number => {
    let e = seen.get(sigma);
    if (e === undefined) {
      e = eps(sigma);
      seen.set(sigma, e);
    }
    return e;
  };
  const unreachable = (): DpboundsRangeError =>
    new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'epsilon', expected: `reachable with a noise multiplier ≤ 1e4 for this ${sampler} run`, found: target });
  let lo: number;
  let hi: number;
  if (start !== undefined && Number.isFinite(start) && start > 0.05 && start < 1e4) {
    // out of the start in steps of 1e-3, ×10 each time up to doubling, until ε crosses the target
    let step = 1e-3;
    if (at(start) > target) {
      lo = start;
      hi = Math.min(start * (1 + step), 1e4);
      while (at(hi) > target) {
        if (hi >= 1e4) throw unreachable();
        lo = hi;
        step = Math.min(step * 10, 1);
        hi = Math.min(hi * (1 + step), 1e4);
      }
    } else {
      hi = start;
      lo = start / (1 + step);
      while (at(lo) <= target) {
        hi = lo;
        step = Math.min(step * 10, 1);
        lo = Math.max(lo / (1 + step), 0.025);
        if (lo < 0.05) return hi;
      }
    }
  } else {
    lo = 0.25;
    hi = 1;
    while (at(hi) > target) {
      lo = hi;
      hi *= 2;
      if (hi > 1e4) throw unreachable();
    }
    if (hi === 1) {
      while (at(lo) <= target) {
        hi = lo;
        lo /= 2;
        if (lo < 0.05) return hi;
      }
    }
  }
  // Brent on log ε − log target in log σ; ε = 0 or ∞ map to ∓ a large value (the sign is what matters)
  const logTarget = Math.log(target);
  const gap = (logSigma: number): number => {
    const e = at(Math.exp(logSigma));
    return e === 0 ? -1e3 : e === Infinity ? 1e3 : Math.log(e) - logTarget;
  };
  const root = Math.exp(brentRoot(gap, Math.log(lo), Math.log(hi), { rtol: 0, xtol: tolerance / 4 }));
  // the tightest bracket among the σ evaluated
  const tighten = (): void => {
    for (const [sigma, e] of seen) {
      if (e <= target && sigma < hi && sigma > lo) hi = sigma;
    }
    for (const [sigma, e] of seen) {
      if (e > target && sigma > lo && sigma < hi) lo = sigma;
    }
  };
  tighten();
  // Brent may land on the root from one side: unless its steps already closed the bracket, one
  // step of tolerance/2 to the other side does
  if (hi - lo > tolerance * hi && Number.isFinite(root) && root > lo && root <= hi) {
    at(at(root) <= target ? root * (1 - tolerance / 2) : root * (1 + tolerance / 2));
    tighten();
  }
  // then bisection until the bracket is narrow enough
  while (hi - lo > tolerance * hi) {
    const mid = 0.5 * (lo + hi);
    if (at(mid) <= target) hi = mid;
    else lo = mid;
  }
  return hi;
}
