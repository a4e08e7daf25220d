/**
 * The inverse direction for DP targets, run in the calibration worker: the smallest noise multiplier
 * whose PLD ε at δ meets a target ε (the accountants' `calibrateEpsilon`, the same calibration as
 * `dpbounds calibrate` and `dpbounds sweep --target-epsilon`: bracketing and Brent, never overshooting), or whose DP curve keeps the best attack's TPR at 1 % FPR at or below a target.
 * A BandMF run (DP-FTRL, banded-run.ts) is calibrated for a target ε only, with the accountants'
 * `calibrateEventEpsilon` over the page's own event (`dpbounds calibrate --mechanism banded-matrix`),
 * and for balls-in-bins participation also with `bandedBallsInBinsNoiseMultiplier` (the amplified
 * guarantee), keeping the smaller σ.
 */
import { bandedBallsInBinsNoiseMultiplier } from '@dpbounds/accountants';
import { calibrateEpsilon, calibrateEventEpsilon } from '@dpbounds/accountants/advanced';
import { brentRoot, DpboundsRangeError } from '@dpbounds/special-functions';
import { bandedEpsilon, bandedEventOf } from './banded-run.js';
import { dpCurve, lowFprPower, type DpRun } from './dp-run.js';
import { bandedTargetRefusal } from './banded-targets.js';
import type { ResolvedConfig } from './params.js';

/** The calibrated noise multiplier and the value it achieves. */
export interface DpCalibration {
  readonly noiseMultiplier: number;
  readonly achieved: number;
  /** BandMF: which guarantee gives `achieved` (the page's ε at that σ): the PLD of the event, or the amplified balls-in-bins bound. */
  readonly binds?: 'unamplified' | 'amplified';
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

/**
 * Calibrates σ for the page's configuration: a DP-SGD run as {@link calibrateDp}; a BandMF run
 * (DP-FTRL / BandMF, Choquette-Choo et al. 2023) for a target ε only, as the smallest σ whose PLD
 * ε at δ of the page's banded event (`bandedEventOf`, the relation chosen) meets the target:
 * `calibrateEventEpsilon` with the PLD accountant, so the ε the page shows at that σ is the
 * `achieved` ε, never above the target. For balls-in-bins participation the page's ε is the
 * smaller of that PLD's and the amplified guarantee, so σ is the smaller of the PLD's σ and
 * `bandedBallsInBinsNoiseMultiplier`'s (each meets the target with its own guarantee; the second
 * search is skipped, by its `below` option, where it cannot beat the PLD's σ), and `achieved` is the page's ε at that σ (`bandedEpsilon`), never above the target. Domain: target
 * ε > 0 (validated by the page).
 *
 * @throws DpboundsRangeError naming `targetKind` for a BandMF target other than ε, or the library's typed errors (`targetEpsilon` out of reach, `delta` met without noise).
 * @example calibrateRun(validateParams(queryToParams('?mech=bandmf&bandValues=1,0.5&participation=cyclic&k=100&T=1000')).config!, 'epsilon', 2).noiseMultiplier // ≈ 7.049
 */
export function calibrateRun(config: ResolvedConfig, target: 'epsilon' | 'tprAt1', value: number): DpCalibration {
  if (config.mechanism !== 'bandmf') return calibrateDp(config, target, value);
  const refusal = bandedTargetRefusal(target);
  if (refusal !== undefined) throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'targetKind', expected: refusal, found: target });
  const event = (noiseMultiplier: number): ReturnType<typeof bandedEventOf> => bandedEventOf({ ...config, noiseMultiplier });
  if (config.banded?.participation !== 'balls-in-bins') {
    const result = calibrateEventEpsilon({ targetEpsilon: value, delta: config.delta, neighbouring: config.relation, event }, 'pld');
    return { noiseMultiplier: result.noiseMultiplier, achieved: result.achieved, binds: 'unamplified' };
  }
  // two guarantees, two σ: the smaller σ meets the target with one of them. A target the PLD
  // cannot reach may still be reached with amplification, and the other way round.
  let unamplified: number | undefined;
  let unreached: unknown;
  try {
    unamplified = calibrateEventEpsilon({ targetEpsilon: value, delta: config.delta, neighbouring: config.relation, event }, 'pld').noiseMultiplier;
  } catch (error) {
    unreached = error;
  }
  // the library skips its search (slowest at little noise: 10–30 s for a loose target) where the
  // amplified σ could not be below the PLD's
  const amplified = bandedBallsInBinsNoiseMultiplier({ targetEpsilon: value, delta: config.delta, neighbouring: config.relation, event, ...(unamplified === undefined ? {} : { below: unamplified }) })?.noiseMultiplier;
  const candidates = [unamplified, amplified].filter((s): s is number => s !== undefined);
  if (candidates.length === 0) throw unreached;
  const noiseMultiplier = Math.min(...candidates);
  // the page's ε at that σ, as the headline computes it
  const priced = bandedEpsilon({ ...config, noiseMultiplier });
  return { noiseMultiplier, achieved: priced.epsilon, binds: priced.binds };
}
