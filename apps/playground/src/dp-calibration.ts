/**
 * The inverse direction for DP targets, run in the calibration worker: the smallest noise multiplier
 * whose PLD ε at δ meets a target ε (the accountants' `calibrateEpsilon`, the same calibration as
 * `dpbounds calibrate` and `dpbounds sweep --target-epsilon`: bracketing and Brent, never overshooting), or whose DP curve keeps the best attack's TPR at 1 % FPR at or below a target.
 */
import { calibrateEpsilon } from '@dpbounds/accountants';
import { brentRoot, DpboundsRangeError } from '@dpbounds/special-functions';
import { dpCurve, lowFprPower, type DpRun } from './dp-run.js';

/** The calibrated noise multiplier and the value it achieves. */
export interface DpCalibration {
  readonly noiseMultiplier: number;
  readonly achieved: number;
}

function tprAt1(run: DpRun, noiseMultiplier: number): number {
  return lowFprPower(dpCurve({ ...run, noiseMultiplier })).tprAt1;
}

/**
 * Calibrates σ at the run's q, T and δ.
 *
 * TPR@1%FPR decreases in σ; the root of TPR(σ) − target is bracketed by doubling and refined with
 * Brent's method, then the upper end of the final bracket is returned so the target is met.
 *
 * @example calibrateDp({ samplingRate: 0.01, noiseMultiplier: 1, steps: 1000, delta: 1e-5 }, 'epsilon', 2)
 */
export function calibrateDp(run: DpRun, target: 'epsilon' | 'tprAt1', value: number): DpCalibration {
  if (target === 'epsilon') {
    // the calibration row of the sweep engine (`dpbounds sweep --target-epsilon`, `dpbounds calibrate`)
    const result = calibrateEpsilon({ targetEpsilon: value, delta: run.delta, samplingRate: run.samplingRate, steps: run.steps, neighbouring: run.relation ?? 'add-remove' }, 'pld');
    return { noiseMultiplier: result.noiseMultiplier, achieved: result.achieved };
  }
  if (!(value > 0.01 && value < 1)) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'targetValue', expected: 'in (0.01, 1) for a target TPR at 1 % FPR', found: value });
  let lo = 0.3;
  let hi = 1;
  while (tprAt1(run, hi) > value) {
    lo = hi;
    hi *= 2;
    if (hi > 1e3) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'targetValue', expected: 'a TPR at 1 % FPR that a noise multiplier up to 1000 reaches', found: value });
  }
  if (tprAt1(run, lo) <= value) return { noiseMultiplier: lo, achieved: tprAt1(run, lo) };
  const root = brentRoot((sigma) => tprAt1(run, sigma) - value, lo, hi, { xtol: 1e-4 });
  let sigma = Number.isFinite(root) ? root : hi;
  let achieved = tprAt1(run, sigma);
  while (achieved > value) {
    sigma *= 1.0005;
    achieved = tprAt1(run, sigma);
  }
  return { noiseMultiplier: sigma, achieved };
}
