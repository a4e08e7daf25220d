/**
 * The per-instance batch instrument: at checkpoints, the clipped-gradient sums and sizes of M
 * independent Poisson batches of the data without the targets, and each target's clipped
 * gradient, over several seeded runs (with and, when asked, without the targets). Its trace is
 * the input of per-instance RDP under any update rule (Thudi et al. 2024, Thm 3.6;
 * `dpbounds per-instance --batch-trace`). The reference trainer adds noise N(0, σ²C²) to the
 * SUM of clipped gradients, so its traces say `updateRule: 'sum'` with σ_U = σC.
 */
import { createRng, DpboundsRangeError, requireArray, requireInteger, requireObject, requireOptions } from '@dpbounds/special-functions';
import type { Dataset } from '../data/dataset.js';
import { trainDpSgd } from '../training/trainer.js';
import type { TrainOptions, TrainResult } from '../training/trainer.js';
import { PER_INSTANCE_BATCH_TRACE_FORMAT, PER_INSTANCE_BATCH_TRACE_VERSION, validatePerInstanceBatchTrace } from '../traces/per-instance-batch-trace.js';
import type { PerInstanceBatchTrace, PerInstanceBatchTraceCheckpoint } from '../traces/per-instance-batch-trace.js';
import type { Instrument, StepContext } from './instrument.js';

/** Options of {@link perInstanceBatchInstrument}. */
export interface PerInstanceBatchOptions {
  /** The target records. */
  readonly targets: Dataset;
  /** The data the batches are drawn from: the training set without the targets. */
  readonly background: Dataset;
  /** Record every `every` steps from step 0 (default 100). */
  readonly every?: number;
  /** Batches M per checkpoint (default 120: 20 outer batches and 100 tuples at α = 1). */
  readonly batches?: number;
  /** Seed of the batch draws (default 0; each run adds its own seed). */
  readonly seed?: number;
}

/** One run's measurements. */
export interface PerInstanceBatchRunTrace {
  readonly seed: number;
  readonly checkpointSteps: readonly number[];
  readonly checkpoints: readonly PerInstanceBatchTraceCheckpoint[];
}

function clippedGradient(context: StepContext, data: Dataset, i: number, out: Float64Array): number[] {
  const d = data.featureCount;
  context.run.model.lossAndGradient(context.parameters, data.features.subarray(i * d, (i + 1) * d), data.labels[i] as number, out);
  let sq = 0;
  for (let p = 0; p < out.length; p++) sq += (out[p] as number) ** 2;
  const factor = Math.min(1, context.run.clip / Math.sqrt(sq || 1));
  return Array.from(out, (v) => v * factor);
}

/**
 * The batch instrument for one run (module comment).
 *
 * @throws DpboundsRangeError when `every` or `batches` is not an integer ≥ 1.
 * @example const batches = perInstanceBatchInstrument({ targets, background, every: 50 });
 */
export function perInstanceBatchInstrument(options: PerInstanceBatchOptions): Instrument<PerInstanceBatchRunTrace> {
  requireOptions('options', options, ['targets', 'background', 'every', 'batches', 'seed']);
  const every = requireInteger('every', options.every ?? 100, { min: 1 });
  const M = requireInteger('batches', options.batches ?? 120, { min: 1 });
  let seed = 0;
  let steps: number[] = [];
  let points: PerInstanceBatchTraceCheckpoint[] = [];
  let gradient = new Float64Array(0);
  const { targets, background } = options;
  return {
    name: 'per-instance-batches',
    onStart(info) {
      seed = info.seed;
      steps = [];
      points = [];
      gradient = new Float64Array(info.model.parameterCount);
    },
    onStep(context) {
      const t = context.step;
      if (t % every !== 0) return;
      const rng = createRng((options.seed ?? 0) * 1_000_003 + seed).fork(`batches-${t}`);
      const q = context.run.samplingRate;
      const batchSums: number[][] = [];
      const batchSizes: number[] = [];
      for (let m = 0; m < M; m++) {
        const sum = new Array<number>(gradient.length).fill(0);
        let size = 0;
        for (let i = 0; i < background.size; i++) {
          if (!rng.bernoulli(q)) continue;
          const g = clippedGradient(context, background, i, gradient);
          for (let p = 0; p < g.length; p++) sum[p] = (sum[p] as number) + (g[p] as number);
          size++;
        }
        batchSums.push(sum);
        batchSizes.push(size);
      }
      const recordGradients = Array.from({ length: targets.size }, (_, i) => clippedGradient(context, targets, i, gradient));
      steps.push(t);
      points.push({ batchSums, batchSizes, recordGradients });
    },
    trace: () => ({ seed, checkpointSteps: [...steps], checkpoints: [...points] }),
  };
}

/** Options of {@link collectPerInstanceBatchTrace}: the instrument's options, the run counts and the trace's record metadata. */
export interface CollectPerInstanceBatchTraceOptions extends PerInstanceBatchOptions {
  /** Number of seeded runs on `trainOptions.data`, an integer ≥ 1. */
  readonly runs: number;
  /** Number of further runs on `background` (the data without the targets), an integer ≥ 0. */
  readonly runsWithout: number;
  /** The caller's ids of the targets, one per target record. */
  readonly targetIds: readonly number[];
  /** Size n of the full training set (written to the trace). */
  readonly datasetSize: number;
  /** Optional per-target labels written to the trace's records. */
  readonly labels?: readonly string[];
  /** Free-form metadata written to the trace. */
  readonly meta?: Readonly<Record<string, unknown>>;
}

const COLLECT_BATCH_KEYS = ['targets', 'background', 'every', 'batches', 'seed', 'runs', 'runsWithout', 'targetIds', 'datasetSize', 'labels', 'meta'] as const;

/**
 * Trains `options.runs` seeded runs on `trainOptions.data` and `options.runsWithout` more on
 * `background` (the data without the targets, at the same q and T), measures batches at
 * checkpoints in each, and returns the validated batch trace (`updateRule: 'sum'`, σ_U = σC:
 * the reference trainer's rule).
 *
 * @throws DpboundsRangeError when `runs` < 1 or `runsWithout` < 0; DpboundsTypeError naming
 *   `options.<key>` for an unknown key.
 * @example const trace = collectPerInstanceBatchTrace(trainOptions, { targets, background, every: 100, runs: 2, runsWithout: 2, targetIds, datasetSize });
 */
export function collectPerInstanceBatchTrace(trainOptions: TrainOptions, options: CollectPerInstanceBatchTraceOptions): PerInstanceBatchTrace {
  const { runs: runsOption, runsWithout: runsWithoutOption, targetIds, datasetSize, labels, meta, ...instrumentOptions } =
    requireOptions<CollectPerInstanceBatchTraceOptions>('options', options, COLLECT_BATCH_KEYS);
  const runs = requireInteger('options.runs', runsOption, { min: 1 });
  const runsWithout = requireInteger('options.runsWithout', runsWithoutOption, { min: 0 });
  requireArray('options.targetIds', targetIds);
  const info = { targetIds, datasetSize, labels, meta };
  if (info.targetIds.length !== options.targets.size) {
    throw new DpboundsRangeError({ code: 'ERR_INVALID_LENGTH', parameter: 'options.targetIds', expected: `length ${options.targets.size}`, found: info.targetIds.length });
  }
  const traces: PerInstanceBatchRunTrace[] = [];
  let first: TrainResult | undefined;
  for (let r = 0; r < runs + runsWithout; r++) {
    const instrument = perInstanceBatchInstrument(instrumentOptions);
    const without = r >= runs;
    const { epochs: _epochs, ...rest } = trainOptions;
    const run: TrainOptions = without
      ? { ...rest, data: options.background, steps: (first as TrainResult).steps, expectedBatchSize: (first as TrainResult).samplingRate * options.background.size }
      : trainOptions;
    const result = trainDpSgd({ ...run, seed: trainOptions.seed + r, instruments: [instrument] });
    if (r === 0) first = result;
    traces.push(instrument.trace());
  }
  const head = first as TrainResult;
  return validatePerInstanceBatchTrace({
    format: PER_INSTANCE_BATCH_TRACE_FORMAT,
    version: PER_INSTANCE_BATCH_TRACE_VERSION,
    updateRule: 'sum',
    samplingRate: head.samplingRate,
    noiseStd: head.noiseMultiplier * head.clip,
    clip: head.clip,
    datasetSize: info.datasetSize,
    steps: head.steps,
    checkpointSteps: traces[0]?.checkpointSteps ?? [],
    records: info.targetIds.map((id, i) => ({ id, ...(info.labels?.[i] !== undefined ? { label: info.labels[i] } : {}) })),
    runs: traces.map((trace, r) => ({ seed: trace.seed, ...(r >= runs ? { excludedRecords: [...info.targetIds] } : {}), checkpoints: trace.checkpoints })),
    ...(info.meta !== undefined ? { meta: info.meta } : {}),
  });
}
