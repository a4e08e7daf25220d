/**
 * The reference DP-SGD trainer (Abadi et al. 2016, with Poisson sampling as analysed by the
 * subsampled-Gaussian accountants): each step samples every record independently with
 * probability q = L/N, clips per-example gradients to norm C, adds N(0, σ²C²I) to the sum and
 * takes θ_{t+1} = θ_t − η_t·(Σ ḡ_i + ξ)/L. Seeded and reproducible: the sampling, the noise and
 * the initialisation use separate forks of `createRng(seed)`.
 */
import { createRng, DpboundsRangeError, requireInRange, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { Dataset } from '../data/dataset.js';
import { stepContextFrom } from '../instruments/instrument.js';
import type { Instrument, RunInfo } from '../instruments/instrument.js';
import type { Model } from '../models/model.js';
import { learningRateAt, scheduleValue } from './learning-rate.js';
import type { LearningRateSchedule } from './learning-rate.js';
import type { SamplerDescription, SamplingName } from './samplers/batch-sampler.js';
import { createBatchSampler } from './samplers/create-batch-sampler.js';

/** Options of {@link trainDpSgd}. */
export interface TrainOptions {
  readonly model: Model;
  readonly data: Dataset;
  /** Expected batch size L; the sampling rate is q = L/N. */
  readonly expectedBatchSize: number;
  /** Number of epochs E; the run takes T = round(E/q) steps. Give `steps` instead to fix T. */
  readonly epochs?: number;
  readonly steps?: number;
  /** Noise multiplier σ ≥ 0 (0: no noise, not private). */
  readonly noiseMultiplier: number;
  /** Clipping norm C > 0. */
  readonly clip: number;
  readonly learningRate: LearningRateSchedule;
  readonly seed: number;
  /**
   * How each step's batch is drawn (one file each under `training/samplers/`):
   * `poisson` (default): each record joins each batch independently with probability q, as the
   * accountants assume. `fixed-size`: L of N without replacement, independently each step.
   * `shuffle`: a fresh permutation per epoch cut into batches of L. `balls-in-bins`: each epoch
   * every record goes to one of round(N/L) batches uniformly at random. `truncated-poisson`:
   * Poisson at rate q capped at `maxBatchSize` (excess dropped uniformly). Only Poisson batches
   * match the Poisson-subsampling accounting; the result says so (`matchesPoissonAccounting`).
   */
  readonly sampling?: SamplingName;
  /** The cap of a `truncated-poisson` batch (integer in [1, N]); only with that sampler. */
  readonly maxBatchSize?: number;
  readonly instruments?: readonly Instrument[];
  /** Starting parameters (default: the model's seeded initialisation). */
  readonly initialParameters?: Float64Array;
  /** Called after every step with (steps done, total). */
  readonly onProgress?: (done: number, total: number) => void;
}

/** The outcome of {@link trainDpSgd}. */
export interface TrainResult {
  readonly parameters: Float64Array;
  readonly steps: number;
  readonly samplingRate: number;
  readonly expectedBatchSize: number;
  readonly noiseMultiplier: number;
  readonly clip: number;
  readonly sampling: SamplingName;
  /** The sampler that ran and its parameters (batches per epoch, cap). */
  readonly sampler: SamplerDescription;
  /** True only for Poisson sampling: the (q, σ, T) accounting applies to this run. */
  readonly matchesPoissonAccounting: boolean;
  /** Mean realised batch size. */
  readonly meanBatchSize: number;
  /** Mean training loss over the batches of each step (length T). */
  readonly stepLoss: Float64Array;
}

/**
 * The error for a run whose noise or parameters leave float64 (σ, C or η near the top of the
 * double range): names the option responsible, the larger of σ and C when the noise std σ·C is
 * huge (≥ 1e150), else the learning rate, with all three values in the message.
 */
/** Parameters beyond this magnitude mean the run has diverged (models overflow on them). */
const DIVERGED = 1e150;

/** max |θ_p| (NaN counts as ∞). */
function largestMagnitude(parameters: Float64Array): number {
  let m = 0;
  for (const v of parameters) {
    const a = Math.abs(v);
    if (!(a <= m)) m = Number.isNaN(a) ? Infinity : a;
  }
  return m;
}

function divergenceError(step: number, what: 'noise' | 'parameters', sigma: number, C: number, eta: number, found: number): DpboundsRangeError {
  const noiseBlame = sigma >= C ? 'noiseMultiplier' : 'clip';
  const parameter = what === 'noise' || sigma * C >= 1e150 ? noiseBlame : 'learningRate';
  const value = parameter === 'noiseMultiplier' ? sigma : parameter === 'clip' ? C : eta;
  const happened = what === 'noise' ? 'a draw of the Gaussian noise of std noiseMultiplier·clip overflowed float64' : `the parameters diverged (a parameter reached ${found}) under the update learningRate/L·(clipped sum + noise)`;
  return new DpboundsRangeError({
    code: 'ERR_OUT_OF_RANGE',
    parameter,
    expected: `a value for which training stays finite: at step ${step} ${happened} (noiseMultiplier = ${sigma}, clip = ${C}, learningRate = ${eta})`,
    found: value,
  });
}

/**
 * Runs DP-SGD (see the module comment) with the given instruments.
 *
 * @throws DpboundsRangeError on invalid options (L outside [1, N], or not an integer for
 *   `shuffle` and `fixed-size`, `maxBatchSize` missing or given with the wrong sampler, σ < 0, C ≤ 0, bad epochs/steps,
 *   data and model with different feature counts), and when the run diverges (noise or parameters
 *   beyond float64), naming σ, C or the learning rate.
 * @example
 * const result = trainDpSgd({ model: mlp(108, 64), data: train, expectedBatchSize: 256, epochs: 1,
 *   noiseMultiplier: 1, clip: 1, learningRate: 0.5, seed: 7 });
 */
export function trainDpSgd(options: TrainOptions): TrainResult {
  requireOptions('options', options, ['model', 'data', 'expectedBatchSize', 'epochs', 'steps', 'noiseMultiplier', 'clip', 'learningRate', 'seed', 'sampling', 'maxBatchSize', 'instruments', 'initialParameters', 'onProgress']);
  requireObject('options.model', options.model);
  requireObject('options.data', options.data);
  const { model, data } = options;
  if (model.featureCount !== data.featureCount) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'model.featureCount', expected: `the dataset's feature count ${data.featureCount}`, found: model.featureCount });
  }
  const N = requireInteger('data.size', data.size, { min: 1 });
  const L = requireInRange('expectedBatchSize', options.expectedBatchSize, { min: 1, max: N });
  const sigma = requireInRange('noiseMultiplier', options.noiseMultiplier, { min: 0 });
  const C = requireInRange('clip', options.clip, { min: 0, minExclusive: true });
  const seed = requireInteger('seed', options.seed, { min: 0, max: 2 ** 32 - 1 });
  const sampling = options.sampling ?? 'poisson';
  const q = L / N;
  let T: number;
  if (options.steps !== undefined) T = requireInteger('steps', options.steps, { min: 1 });
  else {
    const epochs = requireInRange('epochs', options.epochs ?? Number.NaN, { min: 0, minExclusive: true });
    T = Math.max(1, Math.round(epochs / q));
  }
  learningRateAt(options.learningRate, { step: 0, steps: T });
  const P = model.parameterCount;
  const d = data.featureCount;
  const root = createRng(seed);
  const sampler = createBatchSampler(sampling, { datasetSize: N, expectedBatchSize: L, rng: root.fork('sampling') }, options.maxBatchSize);
  const noiseRng = root.fork('noise');
  const parameters = options.initialParameters !== undefined ? Float64Array.from(options.initialParameters) : model.initialParameters(root.fork('init'));
  if (parameters.length !== P) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'initialParameters', expected: `length ${P}`, found: parameters.length });
  }
  const run: RunInfo = { model, data, totalSteps: T, samplingRate: q, expectedBatchSize: L, noiseMultiplier: sigma, clip: C, sampling, sampler: sampler.description, seed };
  const instruments = options.instruments ?? [];
  for (const instrument of instruments) instrument.onStart?.(run, parameters);
  const info = new Float64Array(2);
  const noise = new Float64Array(P);
  const noisySum = new Float64Array(P);
  const stepLoss = new Float64Array(T);
  let batchTotal = 0;
  for (let t = 0; t < T; t++) {
    try {
      const batch = sampler.next(t);
      const n = batch.length;
      batchTotal += n;
      const norms = new Float64Array(n);
      const clipFactors = new Float64Array(n);
      noisySum.fill(0);
      let lossSum = 0;
      for (let i = 0; i < n; i++) {
        const r = batch[i] as number;
        model.accumulateClipped(parameters, data.features.subarray(r * d, (r + 1) * d), data.labels[r] as number, C, noisySum, info);
        lossSum += info[0] as number;
        const norm = info[1] as number;
        norms[i] = norm;
        clipFactors[i] = norm > C ? C / norm : 1;
      }
      stepLoss[t] = n > 0 ? lossSum / n : 0;
      for (const instrument of instruments) {
        for (const extra of instrument.contributions?.(t, parameters) ?? []) {
          let s = 0;
          for (let p = 0; p < P; p++) s += (extra[p] as number) ** 2;
          const c = Math.sqrt(s) > C ? C / Math.sqrt(s) : 1;
          for (let p = 0; p < P; p++) noisySum[p] = (noisySum[p] as number) + c * (extra[p] as number);
        }
      }
      const scale = sigma * C;
      const eta = scheduleValue(options.learningRate, t, T);
      for (let p = 0; p < P; p++) {
        const z = scale === 0 ? 0 : scale * noiseRng.normal();
        if (!Number.isFinite(z)) throw divergenceError(t, 'noise', sigma, C, eta, z);
        noise[p] = z;
        noisySum[p] = (noisySum[p] as number) + z;
      }
      if (instruments.length > 0) {
        // Dense per-example gradients are materialised only if an instrument reads them.
        const denseGradients = (): Float64Array => {
          const out = new Float64Array(n * P);
          for (let i = 0; i < n; i++) {
            const r = batch[i] as number;
            model.lossAndGradient(parameters, data.features.subarray(r * d, (r + 1) * d), data.labels[r] as number, out.subarray(i * P, (i + 1) * P));
          }
          return out;
        };
        const context = stepContextFrom({ step: t, run, parameters, batch, gradients: denseGradients, norms, clipFactors, noise, noisySum, learningRate: eta });
        for (const instrument of instruments) instrument.onStep?.(context);
      }
      const factor = eta / L;
      for (let p = 0; p < P; p++) {
        const updated = (parameters[p] as number) - factor * (noisySum[p] as number);
        if (!Number.isFinite(updated)) throw divergenceError(t, 'parameters', sigma, C, eta, updated);
        parameters[p] = updated;
      }
      options.onProgress?.(t + 1, T);
    } catch (error) {
      // a model or instrument that met non-finite numbers because the run diverged (parameters
      // astronomically large after the previous update): say which option made it diverge
      if (t > 0 && error instanceof DpboundsRangeError && !Number.isFinite(Number(error.found)) && largestMagnitude(parameters) > DIVERGED) {
        throw divergenceError(t, 'parameters', sigma, C, scheduleValue(options.learningRate, t, T), largestMagnitude(parameters));
      }
      throw error;
    }
  }
  for (const instrument of instruments) instrument.onEnd?.(run, parameters);
  return {
    parameters,
    steps: T,
    samplingRate: q,
    expectedBatchSize: L,
    noiseMultiplier: sigma,
    clip: C,
    sampling,
    sampler: sampler.description,
    matchesPoissonAccounting: sampling === 'poisson',
    meanBatchSize: batchTotal / T,
    stepLoss,
  };
}
