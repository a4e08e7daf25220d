/**
 * The log moment-generating function of a discrete law on an index grid, bounded from above
 * with one `Math.exp` per call instead of one per bin (the PLD's Chernoff windows and its
 * δ(ε) bound before composition spent most of a query's time in those exps: 22 % and 12 % of
 * a calibration's CPU at q = 0.004, σ = 0.7, T = 50; docs/benchmarks.md). Derivation of the
 * bound: docs/math/accounting.md §5.
 */

/** Factors below this are not walked further: the rest of the law is bounded by mass × CUT (no subnormals). */
const CUT = 2 ** -600;
const UNIT_ROUNDOFF = 2 ** -53;

/**
 * An upper bound on log Σ_{i=lo}^{hi} p_i·e^{s(i − a)}, with the anchor a = hi for s ≥ 0 and
 * a = lo for s < 0, so that every factor e^{s(i − a)} = e^{−|s|·k} (k the distance from the
 * anchor) is at most 1 and nothing overflows. The caller adds s·a for log Σ p_i e^{s·i}.
 *
 * Method: one exp, r = e^{−|s|}, then the factors walked from the anchor by repeated
 * multiplication, f_{k+1} = f_k·r. The computed f_k is within (2k + 2) units of roundoff of
 * e^{−|s|k} (r from exp within 2 ulps, one rounding per product) and the sum of positive terms
 * within n units, so the sum is raised by (4n + 8) units (n = hi − lo + 1) to stay above the
 * exact one; once a factor falls below 2^−600 the remaining bins (whose factors are smaller
 * still) are bounded by their mass times 2^−600 instead of being walked into subnormals. The
 * bound is exact to ~1e-10 relative for the laws the accountant composes (n ≤ 2^18 after
 * pooling); it is looser only where the anchor's own mass is below ~1e-170.
 *
 * Domain: p_i ≥ 0 (a probability vector, Σ p ≤ 1), 0 ≤ lo ≤ hi < p.length, s finite. Returns
 * −∞ when the law has no mass on [lo, hi].
 *
 * @example logShiftedMgfUpperBound(new Float64Array([0.5, 0.5]), 0, 1, Math.log(2)) // ≈ log(0.75)
 */
export function logShiftedMgfUpperBound(p: Float64Array, lo: number, hi: number, s: number): number {
  const r = Math.exp(-Math.abs(s));
  let sum = 0;
  let tailMass = 0;
  let f = 1;
  if (s >= 0) {
    let i = hi;
    for (; i >= lo && f >= CUT; i--) {
      sum += (p[i] as number) * f;
      f *= r;
    }
    for (; i >= lo; i--) tailMass += p[i] as number;
  } else {
    let i = lo;
    for (; i <= hi && f >= CUT; i++) {
      sum += (p[i] as number) * f;
      f *= r;
    }
    for (; i <= hi; i++) tailMass += p[i] as number;
  }
  const bound = sum * (1 + (4 * (hi - lo + 1) + 8) * UNIT_ROUNDOFF) + tailMass * CUT * (1 + UNIT_ROUNDOFF);
  return bound > 0 ? Math.log(bound) : -Infinity;
}
