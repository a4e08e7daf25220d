/**
 * The inverse of a trade-off curve (docs/math/tradeoff-core.md §1).
 */
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/**
 * f⁻¹(β) = inf{α ∈ [0, 1] : f(α) ≤ β}, the trade-off curve of the swapped pair: T(Q, P) =
 * T(P, Q)⁻¹ (Dong, Roth & Su 2022, §2.1). An involution on trade-off functions. Closed form for
 * symmetric and numeric curves (axes swapped); otherwise Brent's method per evaluation
 * (relative accuracy ~1e−15).
 *
 * @example inverseTradeOff(subsample(gaussianTradeOff(1), 0.5)).evaluate(0.3)
 */
export function inverseTradeOff(curve: TradeOffCurve): TradeOffCurve {
  requireTradeOffCurve('curve', curve);
  return curve.inverse();
}
