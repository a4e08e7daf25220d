/**
 * ε(δ) of any trade-off curve: the inverse of its privacy profile (docs/math/tradeoff-core.md §3).
 */
import { bisect, requireInRange } from '@dpbounds/special-functions';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { gdpEpsilon } from './gdp-epsilon.js';
import { privacyProfileUnchecked } from './privacy-profile.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/**
 * The smallest ε ≥ 0 such that an f-DP mechanism is (ε, δ)-DP: the root of δ_f(ε) = δ, with
 * δ_f the privacy profile (Dong, Roth & Su 2022, Proposition 2.12). δ_f is non-increasing; ε = 0
 * when δ ≥ δ_f(0) = TV, and ε = +∞ when δ < δ_f(+∞) = 1 − f(0) (no finite ε works). Gaussian
 * curves use `gdpEpsilon`; others: bracket by doubling, then bisection on the sign of δ_f(ε) − δ (the infimum even where δ_f is flat) (on logs for
 * δ < 1e−12). Accuracy: relative ~1e−12 in ε where δ_f is in closed form or numeric; generic
 * analytic curves have δ_f to ~1e−15 absolute, so ε for δ below ~1e−13 is only as good as that.
 *
 * @param delta δ ∈ (0, 1].
 * @throws DpboundsRangeError when δ is outside (0, 1] or NaN.
 * @example epsilonFromTradeOff(gaussianTradeOff(1), 1e-5) // 4.37717809568…
 */
export function epsilonFromTradeOff(curve: TradeOffCurve, delta: number): number {
  requireTradeOffCurve('curve', curve);
  requireInRange('delta', delta, { min: 0, minExclusive: true, max: 1 });
  if (curve.kind === 'gaussian' && typeof (curve as { mu?: unknown }).mu === 'number') return gdpEpsilon((curve as unknown as { mu: number }).mu, delta);
  if (privacyProfileUnchecked(curve, 0) <= delta) return 0;
  if (privacyProfileUnchecked(curve, Infinity) > delta) return Infinity;
  const useLog = delta < 1e-12;
  const logDelta = Math.log(delta);
  const g = (eps: number): number => {
    const d = privacyProfileUnchecked(curve, eps);
    if (!useLog) return d - delta;
    return d > 0 ? Math.log(d) - logDelta : -Infinity;
  };
  let hi = 1;
  while (g(hi) > 0 && hi < 1e6) hi *= 2;
  if (g(hi) > 0) return Infinity;
  // δ_f may be flat at δ (e.g. the (ε, δ) curve for ε' ≥ ε): bisection on the sign of g finds
  // the infimum of {ε : δ_f(ε) ≤ δ}, not just some root
  const root = bisect((eps) => (g(eps) > 0 ? 1 : -1), 0, hi);
  return Number.isFinite(root) ? Math.max(0, root) : hi;
}
