/**
 * The calibration of one run as the JSON object `dpbounds calibrate --target-epsilon` prints:
 * the smallest noise multiplier σ whose ε at δ (by the chosen accountant) is at most the target
 * (bracketing + Brent, checked at the returned σ; `calibrateNoiseMultiplier`, or
 * `calibrateEventNoiseMultiplier` for another mechanism such as a banded matrix run), with
 * `achieved` the ε there, never above the target. GDP is a CLT approximation, so its
 * calibration is an estimate (`kind`, `approximation`).
 */
import { requireObject } from '@dpbounds/special-functions';
import type { NeighbouringRelation } from '../accountant.js';
import type { MechanismEvent } from '../events/mechanism-event.js';
import { requireSweepAccountant } from './require-sweep-accountant.js';
import { calibrateEventNoiseMultiplier, calibrateNoiseMultiplier } from '../calibration/calibrate.js';
import type { CalibrationResult } from '../calibration/calibrate.js';
import { accountantFactory, type AccountantChoice } from '../calibration/accountant-choice.js';
import type { SweepAccountant } from './sweep-configuration.js';

/** A calibration question: T steps at sampling rate q, target ε at δ. */
export interface EpsilonCalibrationQuery {
  readonly targetEpsilon: number;
  readonly delta: number;
  readonly samplingRate: number;
  readonly steps: number;
  readonly neighbouring: NeighbouringRelation;
}

/** The calibrated σ and what it achieves (the `calibrate --json` fields). */
export interface EpsilonCalibrationResult {
  readonly noiseMultiplier: number;
  readonly target: number;
  readonly achieved: number;
  readonly targetKind: 'epsilon';
  readonly delta: number;
  readonly accountant: SweepAccountant;
  readonly neighbouring: NeighbouringRelation;
  readonly kind: 'guarantee' | 'estimate';
  readonly approximation: boolean;
  /** Accountant evaluations used (not part of the `calibrate` JSON). */
  readonly evaluations: number;
}

/** A calibration question for any mechanism: the run as a function of σ, target ε at δ. */
export interface EventEpsilonCalibrationQuery {
  readonly targetEpsilon: number;
  readonly delta: number;
  readonly neighbouring: NeighbouringRelation;
  /** The run at noise multiplier σ (its privacy loss must fall as σ grows; see `calibrateEventNoiseMultiplier`). */
  readonly event: (noiseMultiplier: number) => MechanismEvent;
}

function resultRow(result: CalibrationResult, query: { readonly targetEpsilon: number; readonly delta: number; readonly neighbouring: NeighbouringRelation }, accountant: SweepAccountant): EpsilonCalibrationResult {
  return {
    noiseMultiplier: result.value,
    target: query.targetEpsilon,
    achieved: result.epsilon,
    targetKind: 'epsilon',
    delta: query.delta,
    accountant,
    neighbouring: query.neighbouring,
    kind: accountant === 'gdp' ? 'estimate' : 'guarantee',
    approximation: accountant === 'gdp',
    evaluations: result.evaluations,
  };
}

/**
 * Calibrates σ for a target ε at δ with one accountant.
 *
 * @param factory an accountant factory to use instead of `accountant` (e.g. one that counts evaluations for a progress bar); it must build that kind for `neighbouring` (a call returning anything but an accountant is refused naming `factory`).
 * @param maxWork the search's work budget (`calibrateNoiseMultiplier`'s option; default 2²⁷ grid points).
 * @throws DpboundsRangeError naming `targetEpsilon`, `delta`, `samplingRate` or `steps` (also past `maxWork`).
 * @example calibrateEpsilon({ targetEpsilon: 1, delta: 1e-5, samplingRate: 0.01, steps: 1000, neighbouring: 'add-remove' }, 'pld').noiseMultiplier
 */
export function calibrateEpsilon(query: EpsilonCalibrationQuery, accountant: SweepAccountant, factory?: AccountantChoice, maxWork?: number): EpsilonCalibrationResult {
  requireObject('query', query);
  requireSweepAccountant('accountant', accountant);
  const result = calibrateNoiseMultiplier({ targetEpsilon: query.targetEpsilon, delta: query.delta, samplingRate: query.samplingRate, steps: query.steps, accountant: factory === undefined ? accountant : accountantFactory('factory', factory, query.neighbouring), neighbouring: query.neighbouring, ...(maxWork === undefined ? {} : { maxWork }) });
  return resultRow(result, query, accountant);
}

/**
 * {@link calibrateEpsilon} for any mechanism given as a family of events σ ↦ event(σ)
 * (`calibrateEventNoiseMultiplier`: the smallest σ whose ε at δ is at most the target, checked at
 * the returned σ). `dpbounds calibrate --mechanism banded-matrix` and the playground's σ-finder
 * for BandMF runs (DP-FTRL, Choquette-Choo et al. 2023) print this row. Domain: as
 * calibrateEventNoiseMultiplier (target ε > 0, δ ∈ (0, 1), `event` valid for every σ > 0).
 *
 * @param factory an accountant factory to use instead of `accountant`; it must build that kind for `neighbouring`.
 * @param maxWork the search's work budget (`calibrateEventNoiseMultiplier`'s option; default 2²⁷ grid points).
 * @throws DpboundsRangeError naming `targetEpsilon` or `delta` (or `steps` past `maxWork`), or the typed error of event(1).
 * @example calibrateEventEpsilon({ targetEpsilon: 2, delta: 1e-5, neighbouring: 'add-remove', event: (s) => bandedMatrixEvent({ strategy: { bands: [[1], [0.5]] }, bands: 2, steps: 1000, noiseMultiplier: s, participation: 'cyclic', minSeparation: 100 }) }, 'pld').noiseMultiplier // ≈ 7.049
 */
export function calibrateEventEpsilon(query: EventEpsilonCalibrationQuery, accountant: SweepAccountant, factory?: AccountantChoice, maxWork?: number): EpsilonCalibrationResult {
  requireObject('query', query);
  requireSweepAccountant('accountant', accountant);
  const result = calibrateEventNoiseMultiplier({ targetEpsilon: query.targetEpsilon, delta: query.delta, event: query.event, accountant: factory === undefined ? accountant : accountantFactory('factory', factory, query.neighbouring), neighbouring: query.neighbouring, ...(maxWork === undefined ? {} : { maxWork }) });
  return resultRow(result, query, accountant);
}
