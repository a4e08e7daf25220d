/**
 * Evaluating an attack whose membership ground truth is known: the empirical trade-off curve
 * (ROC) with exact Clopper–Pearson intervals, TPR at low FPR and AUC, all from
 * `@dpbounds/tradeoff-core`'s `empiricalTradeOff` (this module only validates and splits;
 * docs/math/attacks.md §6).
 */
import { requireFiniteArray, requireInRange, requireOptions } from '@dpbounds/special-functions';
import type { EmpiricalTprAtFpr, EmpiricalTradeOff } from '@dpbounds/tradeoff-core';
import { empiricalTradeOff } from '@dpbounds/tradeoff-core';
import { requireLabelledScores } from '../validate/membership-labels.js';

/** Options of {@link evaluateAttack}. */
export interface EvaluateAttackOptions {
  /** FPRs at which to report TPR (default 0.001 and 0.01, the regime of Carlini et al. 2022). */
  readonly fprs?: ArrayLike<number>;
  /** Confidence of the Clopper–Pearson intervals, in (0, 1) (default 0.95). */
  readonly confidence?: number;
}

/** An attack's measured performance. */
export interface AttackEvaluation {
  readonly members: number;
  readonly nonMembers: number;
  readonly confidence: number;
  /** Area under the raw ROC (ties count ½; the Mann–Whitney statistic). */
  readonly auc: number;
  /**
   * At each requested FPR: the best threshold whose empirical FPR is ≤ it, its TPR, and the
   * exact interval [tprLower, tprUpper] on that threshold's TPR.
   */
  readonly tprAtFpr: readonly EmpiricalTprAtFpr[];
  /** The full empirical trade-off: ROC, its convex hull as a curve, and pointwise bands. */
  readonly empirical: EmpiricalTradeOff;
}

/**
 * Splits scores by membership and builds the empirical trade-off (higher score = more likely a
 * member). Pass an attack's `scores` (not log p-values, whose order is reversed).
 *
 * @throws DpboundsTypeError / DpboundsRangeError for non-finite scores, mismatched lengths, no
 * member or no non-member, an FPR outside [0, 1] or a confidence outside (0, 1).
 * @example
 * const { auc, tprAtFpr } = evaluateAttack(liraOffline(scores, shadow).scores, members, { fprs: [0.001, 0.01] });
 */
export function evaluateAttack(scores: ArrayLike<number>, members: ArrayLike<boolean | number>, options: EvaluateAttackOptions = {}): AttackEvaluation {
  requireOptions('options', options, ['fprs', 'confidence']);
  const labels = requireLabelledScores(scores, members);
  const fprs = requireFiniteArray('fprs', options.fprs ?? [0.001, 0.01]);
  for (let i = 0; i < fprs.length; i++) requireInRange(`fprs[${i}]`, fprs[i], { min: 0, max: 1 });
  const confidence = requireInRange('confidence', options.confidence ?? 0.95, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  let count = 0;
  for (let i = 0; i < labels.length; i++) count += labels[i] as number;
  const memberScores = new Float64Array(count);
  const nonMemberScores = new Float64Array(labels.length - count);
  let a = 0;
  let b = 0;
  for (let i = 0; i < labels.length; i++) {
    if (labels[i] === 1) memberScores[a++] = scores[i] as number;
    else nonMemberScores[b++] = scores[i] as number;
  }
  const empirical = empiricalTradeOff(memberScores, nonMemberScores, { confidence });
  return { members: count, nonMembers: labels.length - count, confidence, auc: empirical.auc, tprAtFpr: empirical.tprAtFpr(fprs), empirical };
}
