/**
 * The trade-off curve of a single (ε, δ)-DP guarantee (Dong, Roth & Su 2022, §2, Proposition 2.5;
 * Kairouz, Oh & Viswanath 2015; docs/math/tradeoff-core.md §2).
 */
import { requireInRange } from '@dpbounds/special-functions';
import { sampleOnGrid } from './sample-curve.js';
import type { TradeOffCurve, TradeOffCurveJSON, TradeOffSample } from './trade-off-curve.js';
import { requireAlpha } from './validate-alpha.js';

/** f_{ε,δ} as returned by {@link epsilonDeltaTradeOff}. */
export interface EpsilonDeltaTradeOffCurve extends TradeOffCurve {
  readonly kind: 'epsilonDelta';
  readonly epsilon: number;
  readonly delta: number;
  readonly symmetric: true;
  closedFormPrivacyProfile(epsilon: number): number;
}

function epsilonDeltaUnchecked(epsilon: number, delta: number, alpha: number): number {
  if (alpha >= 1) return 0;
  const a = 1 - delta - Math.exp(epsilon) * alpha;
  const b = Math.exp(-epsilon) * (1 - delta - alpha);
  return Math.max(0, a, b);
}

class EpsilonDelta implements EpsilonDeltaTradeOffCurve {
  readonly kind: 'epsilonDelta' = 'epsilonDelta';
  readonly symmetric: true = true;
  readonly epsilon: number;
  readonly delta: number;
  constructor(epsilon: number, delta: number) {
    this.epsilon = epsilon;
    this.delta = delta;
  }
  evaluate(alpha: number): number {
    return epsilonDeltaUnchecked(this.epsilon, this.delta, requireAlpha(alpha));
  }
  inverse(): TradeOffCurve {
    return this;
  }
  sample(n?: number): TradeOffSample {
    return sampleOnGrid((a) => epsilonDeltaUnchecked(this.epsilon, this.delta, a), n);
  }
  toJSON(): TradeOffCurveJSON {
    return { kind: 'epsilonDelta', epsilon: this.epsilon, delta: this.delta };
  }
  closedFormPrivacyProfile(epsilon: number): number {
    const e = this.epsilon;
    const d = this.delta;
    if (epsilon >= e) return d;
    if (epsilon <= -e) return 1 - Math.exp(epsilon) * (1 - d);
    // the maximiser is the kink α* = (1 − δ)/(1 + e^ε) where both sloped pieces meet
    return 1 - ((1 + Math.exp(epsilon)) * (1 - d)) / (1 + Math.exp(e));
  }
}

/**
 * The trade-off curve of one (ε, δ)-DP guarantee (Dong, Roth & Su 2022, §2):
 * f_{ε,δ}(α) = max(0, 1 − δ − e^ε α, e^{−ε}(1 − δ − α)). A mechanism is (ε, δ)-DP iff it is
 * f_{ε,δ}-DP (DRS22 Proposition 2.5). Symmetric; exact to rounding. Its privacy profile is
 * δ(ε') = δ for ε' ≥ ε and 1 − (1 + e^{ε'})(1 − δ)/(1 + e^ε) for |ε'| < ε.
 *
 * @param epsilon ε ≥ 0, finite. @param delta δ ∈ [0, 1].
 * @throws DpboundsRangeError when ε < 0, δ outside [0, 1], or either is NaN/infinite.
 * @example epsilonDeltaTradeOff(1, 1e-5).evaluate(0.01) // 0.97280718…
 */
export function epsilonDeltaTradeOff(epsilon: number, delta: number): EpsilonDeltaTradeOffCurve {
  return new EpsilonDelta(requireInRange('epsilon', epsilon, { min: 0 }), requireInRange('delta', delta, { min: 0, max: 1 }));
}
