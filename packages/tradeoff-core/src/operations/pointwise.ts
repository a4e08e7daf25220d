/**
 * Pointwise minimum (convexified) and maximum of two trade-off curves (docs/math/tradeoff-core.md §6).
 */
import { requireOptions } from '@dpbounds/special-functions';
import { AnalyticCurve } from '../curve/analytic-curve.js';
import type { TradeOffCurve, TradeOffCurveJSON } from '../curve/trade-off-curve.js';
import { genericEnvelopeBridges, isPiecewiseLinear, piecewiseEnvelope, type EnvelopeOptions } from './convex-envelope.js';
import { EnvelopeCurve, PiecewiseEnvelopeCurve, type ConvexEnvelopeCurve } from './envelope-curve.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/**
 * min{f, g}**: the greatest convex minorant of the pointwise minimum of two trade-off curves —
 * the weakest guarantee implied by "f-DP or g-DP" (a mechanism that is f-DP on some pairs and
 * g-DP on others is min{f, g}**-DP; the envelope is what randomising between the two best tests
 * achieves, Dong, Roth & Su 2022, §2 and Theorem 4.2 for the same construction). Exact for two
 * numeric curves; otherwise the generic grid + hull + refinement algorithm of `symmetrize`
 * (bridges reported). Its inverse is min{f⁻¹, g⁻¹}**; its profile max(δ_f, δ_g).
 *
 * @example pointwiseMin(gaussianTradeOff(1), laplaceTradeOff(1)).evaluate(0.5) // ≤ both
 */
export function pointwiseMin(f: TradeOffCurve, g: TradeOffCurve, options: EnvelopeOptions = {}): ConvexEnvelopeCurve {
  requireTradeOffCurve('f', f);
  requireTradeOffCurve('g', g);
  requireOptions('options', options, ['uniform', 'logPerEnd', 'refinements', 'refinePoints']);
  const inverse = (): TradeOffCurve => pointwiseMin(f.inverse(), g.inverse(), options);
  if (isPiecewiseLinear(f) && isPiecewiseLinear(g)) {
    const { curve, bridges } = piecewiseEnvelope(f, g);
    return new PiecewiseEnvelopeCurve({ kind: 'pointwiseMin', curve, bridges, branches: [f, g], symmetric: false, inverse });
  }
  const bridges = genericEnvelopeBridges((a) => f.evaluate(a), (a) => g.evaluate(a), options);
  return new EnvelopeCurve({
    kind: 'pointwiseMin',
    branches: [f, g],
    bridges,
    method: 'hull',
    symmetric: f.symmetric === true && g.symmetric === true,
    json: () => ({ kind: 'pointwiseMin', curves: [f.toJSON(), g.toJSON()] }),
    inverse,
  });
}

/** max(f, g) as returned by {@link pointwiseMax}. */
export interface PointwiseMaxCurve extends TradeOffCurve {
  readonly kind: 'pointwiseMax';
  readonly curves: readonly [TradeOffCurve, TradeOffCurve];
}

class PointwiseMax extends AnalyticCurve implements PointwiseMaxCurve {
  readonly kind: 'pointwiseMax' = 'pointwiseMax';
  readonly curves: readonly [TradeOffCurve, TradeOffCurve];
  readonly symmetric: boolean;
  constructor(f: TradeOffCurve, g: TradeOffCurve) {
    super();
    this.curves = [f, g];
    this.symmetric = f.symmetric === true && g.symmetric === true;
  }
  valueAt(a: number): number {
    return Math.max(this.curves[0].evaluate(a), this.curves[1].evaluate(a));
  }
  protected override makeInverse(): TradeOffCurve {
    if (this.symmetric) return this;
    // inf{α : max(f, g)(α) ≤ β} = max(f⁻¹(β), g⁻¹(β))
    return new PointwiseMax(this.curves[0].inverse(), this.curves[1].inverse());
  }
  toJSON(): TradeOffCurveJSON {
    return { kind: 'pointwiseMax', curves: [this.curves[0].toJSON(), this.curves[1].toJSON()] };
  }
}

/**
 * max(f, g): a mechanism that is both f-DP and g-DP is max(f, g)-DP (Dong, Roth & Su 2022, §2:
 * the pointwise maximum of trade-off functions is a trade-off function). Exact (no
 * approximation); inverse max(f⁻¹, g⁻¹).
 *
 * @example pointwiseMax(gaussianTradeOff(1), epsilonDeltaTradeOff(1, 0)).evaluate(0.1)
 */
export function pointwiseMax(f: TradeOffCurve, g: TradeOffCurve): PointwiseMaxCurve {
  requireTradeOffCurve('f', f);
  requireTradeOffCurve('g', g);
  return new PointwiseMax(f, g);
}
