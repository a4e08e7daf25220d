/**
 * The mixture curve of subsampling, f_p = p·f + (1 − p)·Id (Dong, Roth & Su 2022, proof of
 * Theorem 4.2; Kaissis et al. 2023, Lemma 9; docs/math/tradeoff-core.md §6).
 */
import { requireInRange } from '@dpbounds/special-functions';
import { AnalyticCurve } from '../curve/analytic-curve.js';
import type { TradeOffCurve, TradeOffCurveJSON } from '../curve/trade-off-curve.js';
import { privacyProfileUnchecked } from '../conversions/privacy-profile.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/** f_p as returned by {@link subsample}. */
export interface SubsampledTradeOffCurve extends TradeOffCurve {
  readonly kind: 'subsampled';
  /** The curve f of one step on the full data. */
  readonly base: TradeOffCurve;
  /** The sampling rate p ∈ [0, 1]. */
  readonly samplingRate: number;
  closedFormPrivacyProfile(epsilon: number): number;
}

class Subsampled extends AnalyticCurve implements SubsampledTradeOffCurve {
  readonly kind: 'subsampled' = 'subsampled';
  readonly base: TradeOffCurve;
  readonly samplingRate: number;
  constructor(base: TradeOffCurve, p: number) {
    super();
    this.base = base;
    this.samplingRate = p;
  }
  valueAt(alpha: number): number {
    const p = this.samplingRate;
    if (p === 0) return 1 - alpha;
    return p * this.base.evaluate(alpha) + (1 - p) * (1 - alpha);
  }
  toJSON(): TradeOffCurveJSON {
    return { kind: 'subsampled', base: this.base.toJSON(), samplingRate: this.samplingRate };
  }
  closedFormPrivacyProfile(epsilon: number): number {
    // sup_α [p(1 − f(α)) + (1 − p)α − e^ε α] = p·δ_f(ln((e^ε − 1 + p)/p)) when e^ε > 1 − p,
    // else the supremum sits at α = 1: 1 − e^ε (privacy amplification by subsampling)
    const p = this.samplingRate;
    if (p === 0) return epsilon >= 0 ? 0 : -Math.expm1(epsilon);
    const shifted = Math.expm1(epsilon) + p;
    if (!(shifted > 0)) return -Math.expm1(epsilon);
    const epsBase = epsilon === Infinity ? Infinity : Math.log(shifted) - Math.log(p);
    return p * privacyProfileUnchecked(this.base, epsBase);
  }
}

/**
 * The subsampled mixture f_p(α) = p·f(α) + (1 − p)(1 − α): the exact trade-off of A vs the
 * mixture (1 − p)A + pB when f = T(A, B) (Dong, Roth & Su 2022, proof of Theorem 4.2; Kaissis,
 * Ziller et al. 2023, Lemma 9). It is the curve of one step of a mechanism run on a random
 * subset containing the target with probability p, in the "remove" direction only; the
 * symmetric guarantee of subsampling is C_p(f) = min{f_p, f_p⁻¹}** (see
 * `subsamplingOperator`). Note f_p'(x) = −1 ⇔ f'(x) = −1. Its inverse is computed numerically
 * (Brent); its privacy profile exactly from f's: δ_{f_p}(ε) = p·δ_f(ln((e^ε − 1 + p)/p)).
 *
 * @param p sampling rate p ∈ [0, 1] (p = 0: identity; p = 1: f).
 * @throws DpboundsRangeError when p is outside [0, 1] or NaN.
 * @example subsample(gaussianTradeOff(1), 0.3).evaluate(0.5) // 0.3·0.158655 + 0.7·0.5 = 0.397597
 */
export function subsample(curve: TradeOffCurve, p: number): SubsampledTradeOffCurve {
  requireTradeOffCurve('curve', curve);
  return new Subsampled(curve, requireInRange('p', p, { min: 0, max: 1 }));
}
