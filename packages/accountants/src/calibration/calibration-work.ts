/**
 * The total work budget of a calibration (docs/limits.md, "Accounting budgets"; the grid whose
 * points it counts: docs/math/pld-grid.md, "Cost"): every search
 * of σ counts its work in deterministic units before it does it, and refuses, naming the
 * parameter that drove the work (`steps`, the run's length), as soon as the next piece of work
 * would pass `maxWork`; a search estimated to need more than the budget is refused before any
 * work. No clock is read: the same inputs give the same count and the same refusal everywhere.
 *
 * The unit is one grid point of one FFT composition of one direction's privacy loss
 * distribution. An evaluation is charged from the length n of the composition it runs, before
 * it runs: the PLD grid of n Poisson-subsampled Gaussian steps at the ε of a calibration holds
 * about 280·√n points (measured from 10⁶ to 10⁹ steps: 2.8·10⁵ at 10⁶, 8.9·10⁵ at 10⁷,
 * 2.8·10⁶ at 10⁸), never fewer than 2¹⁸ (shorter runs: the one-step grid dominates) and never
 * more than the accountant's grid budget (2²² for PLD, 2²³ for PRV); add-remove composes two
 * directions. Measured on a 2-core machine shared with other jobs, a unit costs about 0.13 µs
 * of CPU (a 2²²-point PLD evaluation of both directions, about 1 s), so the default 2²⁷ units is
 * about 15 s of CPU. The model is an estimate of the work, not a bound on it: a run whose
 * one-step loss is very wide (tiny σ) may cost more per evaluation than charged, up to the
 * accountant's own grid budget.
 */
import { DpboundsRangeError, requireInteger } from '@dpbounds/special-functions';
import type { AccountantKind } from '../accountant.js';
import { DEFAULT_MAX_GRID_POINTS, DEFAULT_PLD_MAX_GRID_POINTS } from '../pld/work-budget.js';

/** Default total work of one calibration, in grid points (2²⁷ ≈ 1.3·10⁸: about 15 s of CPU). */
export const DEFAULT_CALIBRATION_MAX_WORK: number = 2 ** 27;

/** Smallest `maxWork` accepted: one evaluation of a short run. */
const MIN_MAX_WORK = 2 ** 12;

/** Fewest grid points charged for one composition (the one-step grid of a short run). */
const MIN_COMPOSITION_POINTS = 2 ** 18;

/** Grid points of a calibration's composition per √(steps) (measured, see the file's comment). */
const POINTS_PER_ROOT_STEP = 280;

/** Charge of one RDP or GDP evaluation (closed forms over a few orders: no grid). */
const CLOSED_FORM_WORK = 2 ** 12;

/**
 * Charge of one composition round of the max-test lower bounds (shuffle, balls-in-bins): a
 * convolution of at most about 450 000 cells (the shift 1/σ binned at most 200), about 0.07 s
 * of CPU measured at 10⁴ epochs.
 */
export const MAX_TEST_ROUND_WORK: number = 2 ** 19;

/** Evaluations a σ search usually needs (6–9 measured for PLD): the estimate made before it starts. */
export const TYPICAL_SEARCH_EVALUATIONS = 8;

/** Evaluations no σ search does without (a bracket and one interpolation): the estimate below which it is refused before any work. */
export const MIN_SEARCH_EVALUATIONS = 3;

/**
 * Estimated grid points of one direction's FFT composition of `steps` releases:
 * min(cap, max(2¹⁸, ⌈280·√steps⌉)).
 *
 * @example compositionWork(1e9) // 4194304 (the PLD grid budget)
 */
export function compositionWork(steps: number, cap: number = DEFAULT_PLD_MAX_GRID_POINTS): number {
  return Math.min(cap, Math.max(MIN_COMPOSITION_POINTS, Math.ceil(POINTS_PER_ROOT_STEP * Math.sqrt(steps))));
}

/**
 * Charge of one accountant evaluation of ε for a composition of `steps` releases: PLD two
 * directions of {@link compositionWork} (capped at its grid budget), PRV twice that capped at
 * its larger grid, RDP and GDP a small constant.
 *
 * @example accountantEvaluationWork('pld', 1e9) // 8388608
 */
export function accountantEvaluationWork(kind: AccountantKind, steps: number): number {
  if (kind === 'pld') return 2 * compositionWork(steps);
  // a PRV evaluation discretises and composes twice per direction (its error bracket): 3–10 s at its 2²³-point budget
  if (kind === 'prv') return 4 * compositionWork(steps, DEFAULT_MAX_GRID_POINTS);
  return CLOSED_FORM_WORK;
}

/**
 * Charge of one max-test lower bound over `epochs` epochs: ⌈log₂(epochs + 1)⌉ composition rounds
 * (repeated squaring) of {@link MAX_TEST_ROUND_WORK} each.
 *
 * @example maxTestLowerBoundWork(10_000) // 14 rounds: 7340032
 */
export function maxTestLowerBoundWork(epochs: number): number {
  requireInteger('epochs', epochs, { min: 0 });
  return Math.max(1, Math.ceil(Math.log2(epochs + 1))) * MAX_TEST_ROUND_WORK;
}

/**
 * Validates a `maxWork` option: an integer in [2¹², 2⁵³ − 1] (undefined gives
 * {@link DEFAULT_CALIBRATION_MAX_WORK}).
 *
 * @example requireMaxWork(undefined) // 134217728
 */
export function requireMaxWork(value: unknown): number {
  if (value === undefined) return DEFAULT_CALIBRATION_MAX_WORK;
  return requireInteger('maxWork', value, { min: MIN_MAX_WORK, max: Number.MAX_SAFE_INTEGER });
}

/** The work a calibration may do, what it has done, and the parameter a refusal names. */
export interface WorkMeter {
  /** The budget, in grid points. */
  readonly maxWork: number;
  /** Work counted so far (charged before it is done). */
  used: number;
  /** The parameter that drives the work (`steps`), named by a refusal. */
  readonly parameter: string;
  /** Its value, reported as found. */
  readonly found: number;
}

/**
 * A fresh meter for one calibration.
 *
 * @example createWorkMeter(2 ** 27, 'steps', 1e9).used // 0
 */
export function createWorkMeter(maxWork: number, parameter: string, found: number): WorkMeter {
  return { maxWork, used: 0, parameter, found };
}

function refusal(meter: WorkMeter, needed: string): DpboundsRangeError {
  return new DpboundsRangeError({
    code: 'ERR_OUT_OF_RANGE',
    parameter: meter.parameter,
    expected: `small enough for the calibration's work budget, maxWork = ${meter.maxWork} grid points (about 15 s of CPU at the default; ${needed}): lower the ${meter.parameter}, or raise maxWork`,
    found: meter.found,
  });
}

/**
 * Counts `units` of work about to be done (`what`, for the refusal); throws a
 * `DpboundsRangeError` naming the meter's parameter, before the work, when the total would pass
 * the budget. So a refused calibration has counted at most `maxWork`.
 *
 * @example const m = createWorkMeter(2 ** 12, 'steps', 10); chargeWork(m, 100, 'one evaluation'); m.used // 100
 */
export function chargeWork(meter: WorkMeter, units: number, what: string): void {
  if (meter.used + units > meter.maxWork) throw refusal(meter, `${what} needs ${units} more after ${meter.used} counted`);
  meter.used += units;
}

/**
 * Refuses, before any work, a search whose estimated work `units` (`what`) does not fit what is
 * left of the budget; counts nothing.
 *
 * @example requireEstimatedWork(createWorkMeter(2 ** 27, 'steps', 1e9), 8 * 8388608, 'the σ search') // fits
 */
export function requireEstimatedWork(meter: WorkMeter, units: number, what: string): void {
  if (meter.used + units > meter.maxWork) throw refusal(meter, `${what} is estimated at ${units} before it starts, ${meter.maxWork - meter.used} left`);
}

/**
 * {@link chargeWork} whose refusal names the parameter that made this piece of work necessary
 * rather than the meter's (truncated Poisson's tilted compositions exist because `delta` is below
 * what its composed grid resolves: raising δ removes them, lowering the steps barely does).
 *
 * @example chargeWorkBlaming(meter, 5 * 2 ** 20, 'a tilted composition', { parameter: 'delta', found: 1e-200, expected: 'a δ the composition resolves' })
 */
export function chargeWorkBlaming(meter: WorkMeter, units: number, what: string, blame: { readonly parameter: string; readonly found: unknown; readonly expected: string }): void {
  if (meter.used + units > meter.maxWork) {
    throw new DpboundsRangeError({
      code: 'ERR_OUT_OF_RANGE',
      parameter: blame.parameter,
      expected: `${blame.expected}, within the calibration's work budget, maxWork = ${meter.maxWork} grid points (about 15 s of CPU at the default; ${what} needs ${units} more after ${meter.used} counted): or raise maxWork`,
      found: blame.found,
    });
  }
  meter.used += units;
}

