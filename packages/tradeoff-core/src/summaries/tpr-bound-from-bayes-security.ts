/**
 * The TPR bound implied by Bayes security (Cherubin et al. 2024, Proposition 9; docs/math/tradeoff-core.md §5).
 */
import { requireFiniteArray, requireInRange } from '@dpbounds/special-functions';
import { requireAlpha } from '../curve/validate-alpha.js';
import type { TprAtFpr } from './tpr-at-fpr.js';

/**
 * Upper bound on the TPR of any attack at each FPR given the Bayes security β*:
 * TPR ≤ min(1, FPR + 1 − β*) (Cherubin, Köpf, Paverd, Tople, Wutschitz & Zanella-Béguelin 2024,
 * "Closed-form bounds for DP-SGD against record-level inference", USENIX Security,
 * Proposition 9). It holds for any prior since β* is prior-independent. Looser than reading a
 * full trade-off curve (it only uses TV), but needs only β*.
 *
 * @param betaStar β* ∈ [0, 1]. @param fprs FPRs in [0, 1].
 * @throws DpboundsRangeError for β* or an FPR outside [0, 1] or NaN.
 * @example tprBoundFromBayesSecurity(0.9, [0.01]) // [{ fpr: 0.01, tpr: 0.11 }]
 */
export function tprBoundFromBayesSecurity(betaStar: number, fprs: ArrayLike<number>): TprAtFpr[] {
  const b = requireInRange('betaStar', betaStar, { min: 0, max: 1 });
  requireFiniteArray('fprs', fprs);
  const out: TprAtFpr[] = [];
  for (let i = 0; i < fprs.length; i++) {
    const fpr = requireAlpha(fprs[i], `fprs[${i}]`);
    out.push({ fpr, tpr: Math.min(1, fpr + (1 - b)) });
  }
  return out;
}
