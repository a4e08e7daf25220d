/**
 * Putting an attack and a trade-off curve on the same plot, statistically: where does the
 * attack significantly beat the curve (impossible if the curve is a proven bound for this
 * setting: a bug, or a wrong threat model), and where is it significantly weaker (the bound is
 * not tight for this attack)? Each ROC point is a box [fprLower, fprUpper] × [tprLower, tprUpper]
 * of exact Clopper–Pearson intervals; the curve's ROC is TPR(α) = 1 − f(α), non-decreasing
 * (docs/math/attacks.md §6).
 */
import { requireFunction, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { EmpiricalTradeOff, TradeOffCurve } from '@dpbounds/tradeoff-core';
import { requireTradeOffCurve } from '@dpbounds/tradeoff-core/advanced';

/** One ROC point whose box lies entirely above or below the curve. */
export interface CurveDeviation {
  /** Empirical FPR and TPR of the threshold. */
  readonly fpr: number;
  readonly tpr: number;
  /** Its intervals. */
  readonly fprLower: number;
  readonly fprUpper: number;
  readonly tprLower: number;
  readonly tprUpper: number;
  /** The curve's TPR at the box edge compared: 1 − f(fprUpper) (above) or 1 − f(fprLower) (below). */
  readonly curveTpr: number;
}

/** Options of {@link compareAttackToCurve}: how many ROC points of the band to compare (integer ≥ 2, default 256). */
export interface CompareAttackToCurveOptions {
  readonly maxPoints?: number;
}

/** Result of {@link compareAttackToCurve}. */
export interface CurveComparison {
  /** Number of ROC points examined. */
  readonly points: number;
  /** Points where tprLower > 1 − f(fprUpper): the attack beats the curve beyond its band. */
  readonly above: readonly CurveDeviation[];
  /** Points where tprUpper < 1 − f(fprLower): the attack is weaker than the curve beyond its band. */
  readonly below: readonly CurveDeviation[];
}

/**
 * Compares the empirical ROC (at up to `maxPoints` thresholds spread over the ROC, default 256)
 * with a trade-off curve. The intervals are pointwise at the evaluation's confidence: to test
 * many points at once with a family-wise level, raise the confidence (e.g. 1 − 0.01/points).
 *
 * @example
 * const { above } = compareAttackToCurve(evaluateAttack(scores, members).empirical, gaussianTradeOff(mu));
 * above.length === 0; // the attack never beats the μ-GDP bound beyond its band
 */
export function compareAttackToCurve(empirical: EmpiricalTradeOff, curve: TradeOffCurve, options: CompareAttackToCurveOptions = {}): CurveComparison {
  requireFunction('empirical.band', requireObject('empirical', empirical).band);
  requireTradeOffCurve('curve', curve);
  requireOptions('options', options, ['maxPoints']);
  const band = empirical.band(requireInteger('maxPoints', options.maxPoints ?? 256, { min: 2 }));
  const above: CurveDeviation[] = [];
  const below: CurveDeviation[] = [];
  for (let k = 0; k < band.fpr.length; k++) {
    const point = {
      fpr: band.fpr[k] as number,
      tpr: band.tpr[k] as number,
      fprLower: band.fprLower[k] as number,
      fprUpper: band.fprUpper[k] as number,
      tprLower: band.tprLower[k] as number,
      tprUpper: band.tprUpper[k] as number,
    };
    const tprAtUpper = 1 - curve.evaluate(Math.min(1, point.fprUpper));
    const tprAtLower = 1 - curve.evaluate(Math.max(0, point.fprLower));
    if (point.tprLower > tprAtUpper) above.push({ ...point, curveTpr: tprAtUpper });
    if (point.tprUpper < tprAtLower) below.push({ ...point, curveTpr: tprAtLower });
  }
  return { points: band.fpr.length, above, below };
}
