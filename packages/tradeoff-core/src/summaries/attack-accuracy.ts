/**
 * The best accuracy of a membership attacker with a prior, read off a trade-off curve
 * (docs/math/tradeoff-core.md §5).
 */
import { requireInRange } from '@dpbounds/special-functions';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { privacyProfileUnchecked } from '../conversions/privacy-profile.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/**
 * The highest accuracy any attack reaches when the target is a member with probability
 * `prior` = π: max over tests of π·TPR + (1 − π)(1 − FPR) = 1 − min_α [(1 − π)α + π f(α)]
 * = 1 − π + π·δ_f(ln((1 − π)/π)) (Bayes-optimal test against f = T(P, Q), via the privacy
 * profile of Dong, Roth & Su 2022, Proposition 2.12). For π = ½ this is (1 + TV)/2, e.g.
 * Φ(μ/2) for G_μ. Always ≥ max(π, 1 − π) (guessing the likelier class).
 *
 * @param prior π ∈ [0, 1], default ½.
 * @throws DpboundsRangeError when π is outside [0, 1] or NaN.
 * @example bestAttackAccuracy(gaussianTradeOff(1)) // Φ(0.5) ≈ 0.691462
 */
export function bestAttackAccuracy(curve: TradeOffCurve, prior = 0.5): number {
  requireTradeOffCurve('curve', curve);
  const pi = requireInRange('prior', prior, { min: 0, max: 1 });
  if (pi === 0 || pi === 1) return 1;
  const epsilon = Math.log1p(-pi) - Math.log(pi);
  const accuracy = 1 - pi + pi * privacyProfileUnchecked(curve, epsilon);
  return Math.min(1, Math.max(Math.max(pi, 1 - pi), accuracy));
}
