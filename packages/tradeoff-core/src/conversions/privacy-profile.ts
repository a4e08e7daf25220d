/**
 * The privacy profile of a trade-off curve via its convex conjugate (Dong, Roth & Su 2022,
 * Proposition 2.12): δ_f(ε) = 1 + f*(−e^ε) = sup_{α∈[0,1]} (1 − f(α) − e^ε α)
 * (docs/math/tradeoff-core.md §3).
 */
import { requireInRange } from '@dpbounds/special-functions';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { maximizeConcave } from './maximize-concave.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/** δ_f(ε) without argument checks (ε may be ±∞). */
export function privacyProfileUnchecked(curve: TradeOffCurve, epsilon: number): number {
  const floor = epsilon >= 0 ? 0 : -Math.expm1(epsilon);
  if (epsilon === -Infinity) return 1;
  if (curve.closedFormPrivacyProfile !== undefined) {
    const v = curve.closedFormPrivacyProfile(epsilon);
    return Number.isNaN(v) ? floor : Math.min(1, Math.max(floor, v));
  }
  const s = Math.exp(epsilon);
  const atZero = 1 - curve.evaluate(0);
  if (s === Infinity) return Math.max(0, atZero);
  const best = maximizeConcave((a) => 1 - curve.evaluate(a) - s * a);
  const v = Math.max(best.value, atZero, 1 - s);
  return Math.min(1, Math.max(floor, v));
}

/**
 * The privacy profile δ_f(ε) = sup_{α∈[0,1]} (1 − f(α) − e^ε α) = 1 + f*(−e^ε) of a trade-off
 * curve (Dong, Roth & Su 2022, Proposition 2.12; f* the convex conjugate): an f-DP mechanism is
 * (ε, δ_f(ε))-DP for every real ε simultaneously, and this δ is the smallest such.
 *
 * Method: the curve's closed form when it has one (G_μ, Laplace, (ε, δ), identity, numeric curves
 * exactly at their knots); otherwise the concave objective is maximised by a coarse scan on a
 * grid log-spaced down to 1e−300 near both ends, then golden-section search. Absolute accuracy
 * ~1e−15 for the generic path. Non-increasing in ε; in [max(0, 1 − e^ε), 1].
 *
 * @param epsilon any real ε (±∞ allowed: δ(+∞) = 1 − f(0), δ(−∞) = 1).
 * @throws DpboundsRangeError when ε is NaN.
 * @example privacyProfile(gaussianTradeOff(1), 1) // 0.126936737506644
 */
export function privacyProfile(curve: TradeOffCurve, epsilon: number): number {
  requireTradeOffCurve('curve', curve);
  requireInRange('epsilon', epsilon, { min: -Infinity, max: Infinity });
  return privacyProfileUnchecked(curve, epsilon);
}
