/**
 * Which calibration targets the page offers for a BandMF run (DP-FTRL / BandMF): a target ε only.
 * Kept apart from the calibration itself so the page's main thread can refuse the others at the
 * control without loading the accountants (they run in the worker).
 */
import type { TargetKind } from './params.js';

/**
 * Why the page does not calibrate a BandMF run for `target` (shown at the calibration control),
 * or undefined for a target ε, which it does. β* is DP-SGD's closed form (Cherubin et al. 2024,
 * Poisson sampling, fresh noise each step); the TPR-at-1 %-FPR search reads DP-SGD's DP curve.
 *
 * @example bandedTargetRefusal('bayesSecurity') // 'For a BandMF run only a target ε can be calibrated: …'
 */
export function bandedTargetRefusal(target: TargetKind): string | undefined {
  const why: Record<TargetKind, string | undefined> = {
    epsilon: undefined,
    bayesSecurity: 'Bayes security β* is a closed form for DP-SGD with Poisson sampling and fresh noise each step, not for a banded matrix mechanism',
    tprAt1: 'the TPR-at-1 %-FPR search here reads the DP curve of DP-SGD',
  };
  const reason = why[target];
  return reason === undefined ? undefined : `For a BandMF run only a target ε can be calibrated: ${reason}. Choose “ε at δ (PLD)” as the target.`;
}
