/**
 * Per-example clipped-gradient norms of chosen target records at checkpoints, over several
 * seeded training runs: the input of per-instance Rényi DP (Thudi et al., "Gradients Look
 * Alike", USENIX Security 2024, Thm 3.2–3.3; spec per-instance-rdp §4–§7). At checkpoint step s
 * the instrument records r = ‖ḡ_s(x*)‖/C = min(‖g_s(x*)‖/C, 1) for every target x* at θ_s,
 * whether or not x* is in the batch (the sum-rule sensitivity of step s).
 */
import { DpboundsRangeError, requireArray, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { Dataset } from '../data/dataset.js';
import { trainDpSgd } from '../training/trainer.js';
import type { TrainOptions, TrainResult } from '../training/trainer.js';
import { PER_INSTANCE_TRACE_FORMAT, PER_INSTANCE_TRACE_VERSION } from '../traces/per-instance-trace-schema.js';
import { validatePerInstanceTrace } from '../traces/per-instance-trace.js';
import type { PerInstanceTrace } from '../traces/per-instance-trace.js';
import type { Instrument, RunInfo, StepContext } from './instrument.js';

/** Options of {@link perInstanceNormInstrument}. */
export interface PerInstanceNormOptions {
  /** The target records. */
  readonly targets: Dataset;
  /** Caller's ids of the targets (default 0 … n−1). */
  readonly targetIds?: readonly number[];
  /** Record every `every` steps, starting at step 0 (default 1). Ignored when `checkpoints` is given. */
  readonly every?: number;
  /** Explicit strictly increasing checkpoint steps. */
  readonly checkpoints?: readonly number[];
  /**
   * Also train `runs` runs on `data`, the training set with every target removed, and record the
   * targets' norms there too: the runs the reverse direction D_α(M(X)‖M(X')) of per-instance RDP
   * takes its expectation over (Thudi et al. 2024, Thm 3.3). Used by {@link collectPerInstanceNorms}.
   */
  readonly withoutTargets?: { readonly runs: number; readonly data: Dataset };
}

/** One run's ratios: `ratios[checkpoint][target]`. */
export interface PerInstanceNormRun {
  readonly seed: number;
  readonly checkpointSteps: readonly number[];
  readonly ratios: readonly Float64Array[];
}

/**
 * The per-instance instrument for one run (module comment). `trace()` returns that run's
 * ratios; combine runs with {@link collectPerInstanceNorms}.
 *
 * @throws DpboundsRangeError when `every` is not an integer ≥ 1, checkpoints are not strictly
 *   increasing, or ids do not match the targets.
 * @example const norms = perInstanceNormInstrument({ targets, every: 10 });
 */
export function perInstanceNormInstrument(options: PerInstanceNormOptions): Instrument<PerInstanceNormRun> {
  requireOptions('options', options, ['targets', 'targetIds', 'every', 'checkpoints', 'withoutTargets']);
  requireInteger('targets.size', requireObject('targets', options.targets)['size'], { min: 0 });
  const every = requireInteger('every', options.every ?? 1, { min: 1 });
  if (options.targetIds !== undefined && options.targetIds.length !== options.targets.size) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'targetIds', expected: `length ${options.targets.size}`, found: options.targetIds.length });
  }
  const explicit = options.checkpoints;
  if (explicit !== undefined) {
    explicit.forEach((s, i) => {
      requireInteger(`checkpoints[${i}]`, s, { min: 0 });
      if (i > 0 && !(s > (explicit[i - 1] as number))) {
        throw new DpboundsRangeError({ code: 'ERR_OUT_OF_RANGE', parameter: `checkpoints[${i}]`, expected: 'strictly increasing steps', found: s });
      }
    });
  }
  let run: RunInfo | undefined;
  let steps: number[] = [];
  let ratios: Float64Array[] = [];
  let gradient = new Float64Array(0);
  const wanted = explicit === undefined ? undefined : new Set(explicit);
  const { targets } = options;
  const d = targets.featureCount;
  return {
    name: 'per-instance',
    onStart(info) {
      run = info;
      steps = [];
      ratios = [];
      gradient = new Float64Array(info.model.parameterCount);
    },
    onStep(context: StepContext) {
      const t = context.step;
      if (wanted !== undefined ? !wanted.has(t) : t % every !== 0) return;
      const C = context.run.clip;
      const row = new Float64Array(targets.size);
      for (let i = 0; i < targets.size; i++) {
        context.run.model.lossAndGradient(context.parameters, targets.features.subarray(i * d, (i + 1) * d), targets.labels[i] as number, gradient);
        let nn = 0;
        for (let p = 0; p < gradient.length; p++) nn += (gradient[p] as number) ** 2;
        row[i] = Math.min(1, Math.sqrt(nn) / C);
      }
      steps.push(t);
      ratios.push(row);
    },
    trace: () => ({ seed: run?.seed ?? 0, checkpointSteps: [...steps], ratios: [...ratios] }),
  };
}

/** Several runs' ratios for the same targets and checkpoints. */
export interface PerInstanceNorms {
  readonly targetIds: readonly number[];
  readonly samplingRate: number;
  readonly noiseMultiplier: number;
  readonly clip: number;
  readonly steps: number;
  readonly checkpointSteps: readonly number[];
  /** `ratios[run][checkpoint][target]`. */
  readonly ratios: readonly (readonly Float64Array[])[];
  readonly seeds: readonly number[];
  /** Per run: true when it trained without the targets (`withoutTargets`). */
  readonly withoutTargets: readonly boolean[];
}

/** Options of {@link collectPerInstanceNorms}: the instrument's options plus how many runs. */
export interface CollectPerInstanceNormsOptions extends PerInstanceNormOptions {
  /** Number of seeded runs on `trainOptions.data` (seeds seed, seed+1, …), an integer ≥ 1. */
  readonly runs: number;
  /** Other instruments to attach to the first run only (default none). */
  readonly firstRunInstruments?: readonly Instrument[];
}

const COLLECT_NORM_KEYS = ['targets', 'targetIds', 'every', 'checkpoints', 'withoutTargets', 'runs', 'firstRunInstruments'] as const;

/**
 * Runs `options.runs` seeded trainings (seeds seed, seed+1, …) with a per-instance instrument
 * (plus any other instruments on the first run only, via `firstRunInstruments`) and gathers the
 * ratios, the shape per-instance RDP needs (`ratios[run][checkpoint][target]`). With
 * `options.withoutTargets`, it then trains that many more runs (seeds continuing the sequence)
 * on the data without the targets, measuring the targets' norms on those models: both
 * directions of the pair. All targets are left out together, so for one target the reverse
 * runs also lack the other targets (an approximation of D \ {x*} when the targets are few).
 *
 * @throws DpboundsRangeError when `options.runs` is not an integer ≥ 1 or
 *   `withoutTargets.runs` not ≥ 0; DpboundsTypeError naming `options.<key>` for an unknown key.
 * @example const { norms, first } = collectPerInstanceNorms(trainOptions, { targets, every: 10, withoutTargets: { runs: 3, data: rest }, runs: 3 });
 */
export function collectPerInstanceNorms(
  trainOptions: TrainOptions,
  options: CollectPerInstanceNormsOptions,
): { readonly norms: PerInstanceNorms; readonly first: TrainResult } {
  const { runs: runsOption, firstRunInstruments = [], ...instrumentOptions } = requireOptions<CollectPerInstanceNormsOptions>('options', options, COLLECT_NORM_KEYS);
  const runs = requireInteger('options.runs', runsOption, { min: 1 });
  const without = options.withoutTargets;
  const runsWithout = without === undefined ? 0 : requireInteger('withoutTargets.runs', without.runs, { min: 0 });
  const all: PerInstanceNormRun[] = [];
  let first: TrainResult | undefined;
  for (let r = 0; r < runs; r++) {
    const instrument = perInstanceNormInstrument(instrumentOptions);
    const result = trainDpSgd({ ...trainOptions, seed: trainOptions.seed + r, instruments: [instrument, ...(r === 0 ? firstRunInstruments : [])] });
    if (r === 0) first = result;
    all.push(instrument.trace());
  }
  if (runsWithout > 0) {
    // Same sampling rate q and the same T as the runs with the targets: the analysis has one q.
    const data = (without as { data: Dataset }).data;
    const { epochs: _epochs, ...rest } = trainOptions;
    const withoutOptions: TrainOptions = { ...rest, data, steps: (first as TrainResult).steps, expectedBatchSize: ((first as TrainResult).samplingRate * data.size) };
    for (let r = runs; r < runs + runsWithout; r++) {
      const instrument = perInstanceNormInstrument(instrumentOptions);
      trainDpSgd({ ...withoutOptions, seed: trainOptions.seed + r, instruments: [instrument] });
      all.push(instrument.trace());
    }
  }
  const result = first as TrainResult;
  return {
    first: result,
    norms: {
      targetIds: options.targetIds ?? Array.from({ length: options.targets.size }, (_, i) => i),
      samplingRate: result.samplingRate,
      noiseMultiplier: result.noiseMultiplier,
      clip: result.clip,
      steps: result.steps,
      checkpointSteps: all[0]?.checkpointSteps ?? [],
      ratios: all.map((x) => x.ratios),
      seeds: all.map((x) => x.seed),
      withoutTargets: all.map((_, r) => r >= runs),
    },
  };
}

/**
 * The version-2 per-instance trace (`dpbounds per-instance --trace`) from collected norms:
 * stored values are clipped norms min(‖g‖, C) = ratio·C, `gradientNorms[checkpoint][record]`
 * per run; runs trained without the targets list them all in `excludedRecords`. Validated
 * before it is returned.
 *
 * @throws DpboundsTypeError/DpboundsRangeError when the result does not validate (e.g. σ = 0).
 * @example const trace = perInstanceTraceFromNorms(norms, { datasetSize: train.size, labels });
 */
export function perInstanceTraceFromNorms(
  norms: PerInstanceNorms,
  options: { readonly datasetSize: number; readonly labels?: readonly string[]; readonly meta?: Readonly<Record<string, unknown>> },
): PerInstanceTrace {
  requireObject('norms', norms);
  requireArray('norms.checkpointSteps', norms.checkpointSteps);
  requireOptions('options', options, ['datasetSize', 'labels', 'meta']);
  return validatePerInstanceTrace({
    format: PER_INSTANCE_TRACE_FORMAT,
    version: PER_INSTANCE_TRACE_VERSION,
    updateRule: 'sum',
    samplingRate: norms.samplingRate,
    noiseMultiplier: norms.noiseMultiplier,
    clip: norms.clip,
    datasetSize: options.datasetSize,
    steps: norms.steps,
    checkpointSteps: [...norms.checkpointSteps],
    records: norms.targetIds.map((id, i) => ({ id, ...(options.labels?.[i] !== undefined ? { label: options.labels[i] } : {}) })),
    runs: norms.ratios.map((run, r) => ({
      seed: norms.seeds[r] ?? r,
      ...(norms.withoutTargets[r] === true ? { excludedRecords: [...norms.targetIds] } : {}),
      gradientNorms: run.map((row) => Array.from(row, (v) => Math.min(norms.clip, v * norms.clip))),
    })),
    ...(options.meta !== undefined ? { meta: options.meta } : {}),
  });
}
