/**
 * The work of a sampler calibration (`samplerNoiseMultiplier`), in the grid points of
 * calibration/calibration-work.ts: what one evaluation of the sampler's ε(σ) is charged, what the
 * final `samplerEpsilon` at the calibrated σ is charged, and the estimate of a whole search made
 * before it starts. Charges follow what each sampler composes (docs/math/batch-samplers.md): T
 * steps (Poisson, fixed-size, truncated Poisson), E = ⌈T/k⌉ epochs (balls-in-bins, shuffle), the
 * max-test lower bounds over the full epochs.
 */
import { DpboundsTypeError, requireInteger } from '@dpbounds/special-functions';
import { accountantEvaluationWork, compositionWork, maxTestLowerBoundWork, TYPICAL_SEARCH_EVALUATIONS } from '../calibration/calibration-work.js';
import { autoDiscretizationInterval } from '../pld/pld-accountant.js';
import { DEFAULT_PLD_MAX_GRID_POINTS } from '../pld/work-budget.js';
import { requireOptions } from '../events/validate-event.js';
import type { BatchSampler } from './sampler-accounting.js';

/** What the work of a sampler run depends on: its sampler, its steps and, for the epoch-based samplers, its batches per epoch. */
export interface SamplerWorkRun {
  readonly sampler: BatchSampler;
  readonly steps: number;
  /** Batches per epoch k (shuffle, balls-in-bins; default ⌈N/b⌉ from the two fields below, else 1). */
  readonly batchesPerEpoch?: number;
  /** Number of records N (for the default k). */
  readonly datasetSize?: number;
  /** Batch size b (for the default k). */
  readonly batchSize?: number;
}

/**
 * A truncated-Poisson ε mixes two PLDs per step and composes T of them: measured about 8 times a
 * PLD evaluation of T Poisson steps (14 s of CPU for a search of 20–30 evaluations at 10⁶ steps).
 */
const TRUNCATED_POISSON_FACTOR = 8;

/**
 * Charge per grid point of a tilted composition (truncated Poisson at a δ below its FFT grid's
 * floor, docs/math/pld-tiny-delta.md), in units of an FFT composition's grid point: tilting,
 * the Chernoff and saddle-point scans of the one-step PMFs and the error bounds around each FFT
 * cost 0.47–0.73 µs of CPU per point of the tilted windows (measured on 5 runs, T = 20 to 10⁵,
 * δ = 1e-12 to 1e-200, loaded 2-core machine), against about 0.13 µs per unit: charged as 5.
 * A tilted evaluation composes 4–8 windows (ΣW from 0.9·10⁶ to 2.2·10⁷ points), 10–25 times an
 * FFT evaluation, which the fixed charge of {@link samplerEvaluationWork} does not count.
 */
export const TILTED_COMPOSITION_WORK_FACTOR = 5;

/**
 * The random-allocation RDP bound of balls-in-bins: moments by quadrature over the orders (up to
 * 4096 nodes), 0.07–0.15 s of CPU measured whatever the epochs: charged as 2²⁰ grid points.
 */
export const BALLS_IN_BINS_RDP_WORK: number = 2 ** 20;

/** Half-width of a composed Gaussian loss window in its standard deviations μ (tail mass 1e-15 each side). */
const WINDOW_HALF_WIDTH = 8;

/**
 * Charge of the PLD of E Gaussian releases at noise σ that balls-in-bins' guarantee composes when
 * its RDP bound misses. Its search prices σ far from the answer (its bracket starts at 0.25), where
 * the grid is much wider than a calibrated run's, so the charge reads σ: the composition's loss is
 * Gaussian with standard deviation μ = √E/σ (Dong, Roth, Su 2022), its window about 16μ wide on the
 * PLD accountant's `auto` grid step h (`autoDiscretizationInterval`), so 2·min(2²², max(2¹⁸, 16μ/h))
 * for the two directions (measured: σ = 300 over 10⁶ epochs, 5.7·10⁵ points against 5.4·10⁵ here;
 * σ ≤ 30 there fills the grid budget). Without σ: the calibrated run's {@link accountantEvaluationWork}.
 *
 * @example ballsInBinsPldWork(1e6, 300) // 2 · ⌈16 · (1000/300) / 9.8e-5⌉
 */
export function ballsInBinsPldWork(epochs: number, sigma?: number): number {
  if (sigma === undefined || !(sigma > 0) || !Number.isFinite(sigma)) return accountantEvaluationWork('pld', epochs);
  const h = autoDiscretizationInterval([{ samplingRate: 1, noiseMultiplier: sigma, count: epochs }], 'add-remove');
  const points = Math.ceil((2 * WINDOW_HALF_WIDTH * Math.sqrt(epochs)) / sigma / h);
  return 2 * Math.min(DEFAULT_PLD_MAX_GRID_POINTS, Math.max(compositionWork(1), Number.isFinite(points) ? points : DEFAULT_PLD_MAX_GRID_POINTS));
}

function epochs(run: SamplerWorkRun): { epochs: number; fullEpochs: number } {
  const sized = run.datasetSize !== undefined && run.batchSize !== undefined && run.batchSize > 0 ? Math.ceil(run.datasetSize / run.batchSize) : 1;
  const k = run.batchesPerEpoch ?? sized;
  return { epochs: Math.ceil(run.steps / k), fullEpochs: Math.floor(run.steps / k) };
}

/**
 * Charge of one evaluation of the sampler's own ε(σ) in its σ search (the searches that reuse
 * the DP-SGD calibration, Poisson, fixed-size under add-remove and shuffle on its guarantee,
 * are charged there per accountant evaluation; this is their PLD evaluation of T steps, or E
 * Gaussian releases for shuffle). Balls-in-bins: the RDP bound and the PLD of E releases.
 *
 * @example samplerEvaluationWork({ sampler: 'truncated-poisson', steps: 1e6 }) // 8 PLD evaluations of 10⁶ steps
 */
export function samplerEvaluationWork(run: SamplerWorkRun): number {
  const T = run.steps;
  switch (run.sampler) {
    case 'poisson':
    case 'fixed-size':
      return accountantEvaluationWork('pld', T);
    case 'truncated-poisson':
      return TRUNCATED_POISSON_FACTOR * accountantEvaluationWork('pld', T);
    case 'balls-in-bins':
      return BALLS_IN_BINS_RDP_WORK + ballsInBinsPldWork(epochs(run).epochs);
    case 'shuffle':
      return accountantEvaluationWork('pld', epochs(run).epochs);
  }
}

/**
 * Charge of `samplerEpsilon` at one σ (PLD): the Poisson ε at b/N beside every sampler, and the
 * sampler's own values: Poisson and fixed-size with the discretisation bracket (twice the
 * compositions), truncated Poisson's mixture, balls-in-bins' guarantee, its estimate at rate 1/k
 * and its lower bound, shuffle's guarantee and its lower bound.
 *
 * @example samplerEpsilonWork({ sampler: 'shuffle', steps: 1e6, batchesPerEpoch: 100 })
 */
export function samplerEpsilonWork(run: SamplerWorkRun): number {
  const T = run.steps;
  const poisson = accountantEvaluationWork('pld', T);
  const { fullEpochs } = epochs(run);
  switch (run.sampler) {
    case 'poisson':
    case 'fixed-size':
      return poisson + 2 * accountantEvaluationWork('pld', T);
    case 'truncated-poisson':
      return poisson + samplerEvaluationWork(run);
    case 'balls-in-bins':
      return poisson + samplerEvaluationWork(run) + accountantEvaluationWork('pld', T) + maxTestLowerBoundWork(fullEpochs);
    case 'shuffle':
      return poisson + samplerEvaluationWork(run) + maxTestLowerBoundWork(fullEpochs);
  }
}

const SAMPLERS: readonly string[] = ['poisson', 'fixed-size', 'shuffle', 'balls-in-bins', 'truncated-poisson'];

/** Checks the fields the work depends on (the other fields of a run are left to its own validator). */
function requireWorkRun(run: unknown): SamplerWorkRun {
  const r = requireOptions<SamplerWorkRun>('run', run, ['sampler', 'steps', 'batchesPerEpoch', 'datasetSize', 'batchSize', 'maxBatchSize', 'neighbouring', 'noiseMultiplier'], false);
  if (typeof r.sampler !== 'string' || !SAMPLERS.includes(r.sampler)) throw new DpboundsTypeError({ code: 'ERR_INVALID_TYPE', parameter: 'sampler', expected: `one of ${SAMPLERS.join(', ')}`, found: r.sampler });
  requireInteger('steps', r.steps, { min: 1 });
  if (r.batchesPerEpoch !== undefined) requireInteger('batchesPerEpoch', r.batchesPerEpoch, { min: 1 });
  if (r.datasetSize !== undefined) requireInteger('datasetSize', r.datasetSize, { min: 1 });
  if (r.batchSize !== undefined) requireInteger('batchSize', r.batchSize, { min: 1 });
  return r;
}

/**
 * The work a sampler's σ search is estimated to need before it starts: a typical search
 * ({@link TYPICAL_SEARCH_EVALUATIONS} evaluations of its ε(σ)) and `samplerEpsilon` at the
 * answer. Truncated Poisson whose cap rarely binds also runs the Poisson search for its start
 * (counted when it runs, not here).
 *
 * @example samplerCalibrationWorkEstimate({ sampler: 'poisson', steps: 1e9 }) // 8 + 3 PLD evaluations at the grid budget
 */
export function samplerCalibrationWorkEstimate(run: SamplerWorkRun): number {
  const r = requireWorkRun(run);
  return TYPICAL_SEARCH_EVALUATIONS * samplerEvaluationWork(r) + samplerEpsilonWork(r);
}
