/**
 * True-positive rates at given false-positive rates, read off a trade-off curve (docs/math/tradeoff-core.md §5).
 */
import { requireFiniteArray } from '@dpbounds/special-functions';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { requireAlpha } from '../curve/validate-alpha.js';
import { requireTradeOffCurve } from '../curve/require-trade-off-curve.js';

/** One operating point of an attack. */
export interface TprAtFpr {
  readonly fpr: number;
  readonly tpr: number;
}

/**
 * The highest TPR any attack reaches at each FPR: TPR = 1 − f(FPR) (Dong, Roth & Su 2022, §2.1:
 * an attack's ROC is 1 − f). For G_μ: Q(Q⁻¹(a) − μ). Low FPRs (0.1 %, 1 %) are the regime
 * that matters for membership inference (Carlini et al. 2022, "Membership inference attacks
 * from first principles", §III).
 *
 * @param fprs FPRs in [0, 1], any order; the result keeps their order.
 * @throws DpboundsRangeError for an FPR outside [0, 1] or NaN; DpboundsTypeError for a non-array.
 * @example tprAtFpr(gaussianTradeOff(1), [0.01]) // [{ fpr: 0.01, tpr: 0.0923622… }]
 */
export function tprAtFpr(curve: TradeOffCurve, fprs: ArrayLike<number>): TprAtFpr[] {
  requireTradeOffCurve('curve', curve);
  requireFiniteArray('fprs', fprs);
  const out: TprAtFpr[] = [];
  for (let i = 0; i < fprs.length; i++) {
    const fpr = requireAlpha(fprs[i], `fprs[${i}]`);
    const tpr = 1 - curve.evaluate(fpr);
    out.push({ fpr, tpr: Math.min(1, Math.max(fpr, tpr)) });
  }
  return out;
}
