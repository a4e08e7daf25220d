/**
 * Composition (tensor product) of trade-off curves (Dong, Roth & Su 2022, §3; docs/math/tradeoff-core.md §7).
 */
import { DpboundsTypeError, requireArray, requireFiniteArray, requireInRange } from '@dpbounds/special-functions';
import { gaussianTradeOff, type GaussianTradeOffCurve } from '../curve/gaussian-trade-off.js';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/**
 * μ of the composition of μ_i-GDP mechanisms: G_{μ1} ⊗ … ⊗ G_{μT} = G_μ with μ = √(Σ μ_i²)
 * (Dong, Roth & Su 2022, Corollary 3.3). Overflow-safe (scaled sum of squares), any length.
 *
 * @param mus μ_i ≥ 0, finite (an empty list gives 0).
 * @throws DpboundsRangeError for a negative, NaN or infinite μ_i.
 * @example composeGdp([0.5, 1, 2]) // 2.29128784747792
 */
export function composeGdp(mus: ArrayLike<number>): number {
  requireFiniteArray('mus', mus);
  let scale = 0;
  for (let i = 0; i < mus.length; i++) scale = Math.max(scale, requireInRange(`mus[${i}]`, mus[i], { min: 0 }));
  if (scale === 0) return 0;
  // scaled sum of squares: no overflow for μ up to 1e308, no argument-count limit (T = 10⁶ steps)
  let sum = 0;
  for (let i = 0; i < mus.length; i++) {
    const r = (mus[i] as number) / scale;
    sum += r * r;
  }
  return scale * Math.sqrt(sum);
}

/**
 * The composition f_1 ⊗ … ⊗ f_k of trade-off curves (Dong, Roth & Su 2022, Definition 3.1 and
 * Theorem 3.2: running f_i-DP mechanisms in sequence, even adaptively, is (f_1 ⊗ … ⊗ f_k)-DP).
 * Closed form here for Gaussian curves (μ = √Σμ_i²) with identity factors dropped. The tensor
 * product of arbitrary curves has no closed form: `composeNumeric(f, g)` computes it
 * numerically (pessimistic), and many DP-SGD steps are composed by the PLD/PRV accountants of
 * `@dpbounds/accountants`.
 *
 * @throws DpboundsTypeError for a curve that is neither Gaussian nor the identity.
 * @example composeTradeOffs([gaussianTradeOff(0.6), gaussianTradeOff(0.8)]).mu // 1
 */
export function composeTradeOffs(curves: readonly TradeOffCurve[]): GaussianTradeOffCurve {
  requireArray('curves', curves).forEach((c, i) => requireTradeOffCurve(`curves[${i}]`, c));
  const mus: number[] = [];
  curves.forEach((c, i) => {
    if (c.kind === 'identity') return;
    if (c.kind === 'gaussian' && typeof (c as { mu?: unknown }).mu === 'number') {
      mus.push((c as GaussianTradeOffCurve).mu);
      return;
    }
    throw new DpboundsTypeError({
      code: 'ERR_INVALID_TYPE',
      parameter: `curves[${i}]`,
      expected: 'a Gaussian or identity curve (compose other curves with composeNumeric, or mechanisms with the PLD accountant of @dpbounds/accountants)',
      found: c.kind,
    });
  });
  return gaussianTradeOff(composeGdp(mus));
}
