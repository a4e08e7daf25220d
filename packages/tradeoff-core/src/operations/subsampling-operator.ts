/**
 * The subsampling operator C_p(f) = min{f_p, f_p⁻¹}** (Dong, Roth & Su 2022, Theorem 4.2;
 * docs/math/tradeoff-core.md §6).
 */
import { normalCdf, requireInRange, requireOptions } from '@dpbounds/special-functions';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import type { EnvelopeOptions } from './convex-envelope.js';
import { subsample } from './subsample.js';
import { fixedPoint, symmetrize, type SymmetrizedTradeOffCurve } from './symmetrize.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/**
 * C_p(f) = min{f_p, f_p⁻¹}** with f_p = p f + (1 − p) Id: if M is f-DP, running M on a uniformly
 * subsampled dataset (sampling without replacement, rate p = m/n) is C_p(f)-DP (Dong, Roth & Su
 * 2022, Theorem 4.2). For symmetric f with slope −1 point x* (the fixed point f(x*) = x*, e.g.
 * Φ(−μ/2) for G_μ): C_p(f) = f_p on [0, x*], x* + f_p(x*) − α on [x*, f_p(x*)], f_p⁻¹ on
 * [f_p(x*), 1] (single-crossing fast path; f_p⁻¹ by Brent). Other inputs go through the
 * generic algorithm of `symmetrize` (e.g. the RTM Laplace curve at small p has three crossings,
 * docs/tradeoff-curves.md). Composition of C_p over T steps is not closed form: see `cltMu` (CLT) or the PLD
 * accountant of `@dpbounds/accountants`.
 *
 * @param p sampling rate in [0, 1].
 * @throws DpboundsRangeError when p is outside [0, 1] or NaN.
 * @example
 * const c = subsamplingOperator(gaussianTradeOff(2), 0.05);
 * c.tangentPoint; // { x: Φ(−1) = 0.158655…, y: 0.807210… }
 */
export function subsamplingOperator(curve: TradeOffCurve, samplingRate: number, options: EnvelopeOptions = {}): SymmetrizedTradeOffCurve {
  requireTradeOffCurve('curve', curve);
  requireOptions('options', options, ['uniform', 'logPerEnd', 'refinements', 'refinePoints']);
  const p = requireInRange('samplingRate', samplingRate, { min: 0, max: 1 });
  const mixed = subsample(curve, p);
  if (curve.kind === 'gaussian' && typeof (curve as { mu?: unknown }).mu === 'number') {
    return symmetrize(mixed, { ...options, tangentX: normalCdf(-(curve as unknown as { mu: number }).mu / 2) });
  }
  if (curve.symmetric === true) return symmetrize(mixed, { ...options, tangentX: fixedPoint(curve) });
  return symmetrize(mixed, options);
}
