/**
 * The instrument hook API: framework-agnostic per-step callbacks for a DP-SGD loop.
 *
 * A DP-SGD step (Abadi et al. 2016; Poisson sampling as in Opacus) samples a batch B_t,
 * computes per-example gradients g_i, clips them to ḡ_i = g_i·min(1, C/‖g_i‖), adds
 * ξ ~ N(0, σ²C²I) to the sum and updates θ_{t+1} = θ_t − η_t(Σḡ_i + ξ)/L. After the noise is drawn
 * and before the update, every instrument's `onStep` receives a {@link StepContext} with all of
 * these quantities. Instruments only read; the one exception, `contributions`, lets a canary
 * instrument add gradient canaries to the sum without telling the trainer which are present.
 *
 * Any training loop can drive instruments: build a StepContext with {@link createStepContext}
 * from your dense per-example gradients and call `onStep` yourself.
 */
import { DpboundsRangeError, requireArray, requireFiniteArray, requireInRange, requireInteger, requireObject } from '@dpbounds/special-functions';
import type { Dataset } from '../data/dataset.js';
import type { Model } from '../models/model.js';
import type { SamplerDescription, SamplingName } from '../training/samplers/batch-sampler.js';

/** What every instrument learns when the run starts. */
export interface RunInfo {
  readonly model: Model;
  readonly data: Dataset;
  readonly totalSteps: number;
  readonly samplingRate: number;
  readonly expectedBatchSize: number;
  readonly noiseMultiplier: number;
  readonly clip: number;
  /** The batch sampler: only `poisson` matches the Poisson-subsampling accountants. */
  readonly sampling: SamplingName;
  /**
   * The sampler's parameters (batches per epoch, cap), as `trainDpSgd` records them. Canary
   * instruments make their canaries join batches with this sampler's law; in a hand-built
   * RunInfo it may be left out (then derived from `sampling`, except the cap of
   * `truncated-poisson`, which canary instruments then ask for).
   */
  readonly sampler?: SamplerDescription;
  readonly seed: number;
}

/** Everything one DP-SGD step computed, handed to `onStep` before the parameters move. */
export interface StepContext {
  /** 0-based step index t. */
  readonly step: number;
  readonly run: RunInfo;
  /** θ_t, the parameters the gradients were taken at (do not modify). */
  readonly parameters: Float64Array;
  /** Indices (into `run.data`) of the records in the batch B_t. */
  readonly batch: Uint32Array;
  /** Unclipped per-example gradients, row i (length P) for record batch[i]. */
  readonly gradients: Float64Array;
  /** ‖g_i‖₂ per batch record. */
  readonly norms: Float64Array;
  /** min(1, C/‖g_i‖) per batch record (1 for a zero gradient). */
  readonly clipFactors: Float64Array;
  /** The noise ξ added to the sum of clipped gradients (length P). */
  readonly noise: Float64Array;
  /** Σ ḡ_i + injected canary gradients + ξ: what the step releases (times η_t/L). */
  readonly noisySum: Float64Array;
  /** η_t. */
  readonly learningRate: number;
  /** Writes ḡ_i (the clipped gradient of batch record i) into `out` (allocated when absent). */
  clippedGradient(i: number, out?: Float64Array): Float64Array;
}

/** A per-step observer of a DP-SGD run that produces one trace. */
export interface Instrument<Trace = unknown> {
  /** Stable name (`ai-sensitivity`, `per-instance`, `gradient-stats`, `canaries`, …). */
  readonly name: string;
  onStart?(run: RunInfo, parameters: Float64Array): void;
  /**
   * Extra gradient contributions (each of norm ≤ C, length P) to add to step t's sum, decided by
   * the instrument alone (gradient canaries). The trainer adds them and never learns why.
   */
  contributions?(step: number, parameters: Float64Array): readonly Float64Array[];
  onStep?(context: StepContext): void;
  onEnd?(run: RunInfo, parameters: Float64Array): void;
  /** The trace recorded so far (a plain JSON-serialisable object with a `format` and `version`). */
  trace(): Trace;
}

/**
 * Runs several instruments as one: hooks are called in the given order; contributions are
 * concatenated; the trace is `{ [name]: trace }`.
 *
 * @throws DpboundsRangeError when two instruments share a name.
 * @example const all = composeInstruments([aiSensitivityInstrument(opts), gradientStatsInstrument(opts2)]);
 */
export function composeInstruments(instruments: readonly Instrument[]): Instrument<Record<string, unknown>> {
  requireArray('instruments', instruments).forEach((instrument, i) => requireObject(`instruments[${i}]`, instrument));
  const names = new Set<string>();
  for (const instrument of instruments) {
    if (names.has(instrument.name)) {
      throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'instruments', expected: 'distinct instrument names', found: instrument.name });
    }
    names.add(instrument.name);
  }
  return {
    name: instruments.map((i) => i.name).join('+'),
    onStart: (run, parameters) => instruments.forEach((i) => i.onStart?.(run, parameters)),
    contributions: (step, parameters) => instruments.flatMap((i) => i.contributions?.(step, parameters) ?? []),
    onStep: (context) => instruments.forEach((i) => i.onStep?.(context)),
    onEnd: (run, parameters) => instruments.forEach((i) => i.onEnd?.(run, parameters)),
    trace: () => Object.fromEntries(instruments.map((i) => [i.name, i.trace()])),
  };
}

/** Dense inputs of {@link createStepContext}, as any DP-SGD loop has them. */
export interface DenseStepInput {
  readonly step: number;
  readonly run: RunInfo;
  readonly parameters: Float64Array;
  readonly batch: Uint32Array;
  /** batch.length × P unclipped per-example gradients, row-major. */
  readonly gradients: Float64Array;
  readonly noise: Float64Array;
  readonly learningRate: number;
  /** Extra contributions already in the sum (default none). */
  readonly contributions?: readonly Float64Array[];
}

/**
 * Builds a {@link StepContext} from dense per-example gradients (norms, clip factors and the
 * noisy sum are computed here), so instruments can observe a loop written in any framework.
 *
 * @throws DpboundsRangeError on inconsistent lengths or non-finite gradients.
 * @example const ctx = createStepContext({ step, run, parameters, batch, gradients, noise, learningRate: 0.1 }); instrument.onStep?.(ctx);
 */
export function createStepContext(input: DenseStepInput): StepContext {
  requireObject('input', input);
  for (const field of ['parameters', 'batch', 'gradients', 'noise'] as const) requireFiniteArray(`input.${field}`, input[field]);
  const P = input.parameters.length;
  requireInteger('step', input.step, { min: 0 });
  requireInRange('learningRate', input.learningRate, { min: 0 });
  if (input.gradients.length !== input.batch.length * P) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'gradients', expected: `length batch.length × P = ${input.batch.length * P}`, found: input.gradients.length });
  }
  if (input.noise.length !== P) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'noise', expected: `length P = ${P}`, found: input.noise.length });
  }
  const n = input.batch.length;
  const C = input.run.clip;
  const norms = new Float64Array(n);
  const clipFactors = new Float64Array(n);
  const noisySum = Float64Array.from(input.noise);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let p = 0; p < P; p++) s += (input.gradients[i * P + p] as number) ** 2;
    if (!Number.isFinite(s)) {
      throw new DpboundsRangeError({ code: 'ERR_NOT_FINITE', parameter: `gradients[${i}]`, expected: 'finite values', found: s });
    }
    const norm = Math.sqrt(s);
    norms[i] = norm;
    const c = norm > C ? C / norm : 1;
    clipFactors[i] = c;
    for (let p = 0; p < P; p++) noisySum[p] = (noisySum[p] as number) + c * (input.gradients[i * P + p] as number);
  }
  for (const extra of input.contributions ?? []) for (let p = 0; p < P; p++) noisySum[p] = (noisySum[p] as number) + (extra[p] as number);
  const gradients = input.gradients;
  return stepContextFrom({ ...input, gradients: () => gradients, norms, clipFactors, noisySum });
}

/** @internal Assembles a StepContext from precomputed arrays (used by the trainer). */
export function stepContextFrom(parts: {
  readonly step: number;
  readonly run: RunInfo;
  readonly parameters: Float64Array;
  readonly batch: Uint32Array;
  /** Produces the dense per-example gradients on first access (then cached). */
  readonly gradients: () => Float64Array;
  readonly norms: Float64Array;
  readonly clipFactors: Float64Array;
  readonly noise: Float64Array;
  readonly noisySum: Float64Array;
  readonly learningRate: number;
}): StepContext {
  const P = parts.parameters.length;
  let dense: Float64Array | undefined;
  const gradients = (): Float64Array => (dense ??= parts.gradients());
  return {
    step: parts.step,
    run: parts.run,
    parameters: parts.parameters,
    batch: parts.batch,
    get gradients(): Float64Array {
      return gradients();
    },
    norms: parts.norms,
    clipFactors: parts.clipFactors,
    noise: parts.noise,
    noisySum: parts.noisySum,
    learningRate: parts.learningRate,
    clippedGradient(i: number, out: Float64Array = new Float64Array(P)): Float64Array {
      const c = parts.clipFactors[i];
      if (c === undefined) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: 'i', expected: `an index in [0, ${parts.batch.length})`, found: i });
      }
      const g = gradients();
      for (let p = 0; p < P; p++) out[p] = c * (g[i * P + p] as number);
      return out;
    },
  };
}
