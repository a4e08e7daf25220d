/**
 * The reference trainer's recorded sampler, priced by the accounting, covers the batches the
 * trainer actually drew (docs/soundness.md, "Batch samplers"; docs/math/batch-samplers.md,
 * sections 5 and 6). A shuffle or balls-in-bins run of T steps is run on a tiny data set, every
 * record's batches are counted from the trainer's own steps, and the guarantee the accounting
 * gives for the trainer's `description` (its `batchesPerEpoch` included) must be at least the
 * best provable bound for the most-used record's m releases: for shuffle, m Gaussian releases
 * of sensitivity 1 (the exact μ-GDP ε with μ = √m/σ; no bound credits shuffling); for
 * balls-in-bins, the smaller of that and the random-allocation RDP bound of m epochs of the k
 * batches the trainer cut (section 5, eq. (6c)). Pricing the same run with the default ⌈N/b⌉
 * batches per epoch fails this whenever the trainer cut fewer batches (shuffle ⌊N/L⌋,
 * balls-in-bins round(N/L)).
 */
import { samplerEpsilon, type SamplerEpsilon, type SamplerRun } from '@dpbounds/accountants';
import { ballsInBinsRdpEpsilon } from '@dpbounds/accountants/advanced';
import { logisticRegression, trainDpSgd, type Dataset, type Instrument, type SamplerDescription } from '@dpbounds/sgd-instrumentation';
import { gdpEpsilon } from '@dpbounds/tradeoff-core';
import { requireSound, slack } from '../violation.js';

/** A tiny epoch-based trainer run. */
export interface TrainerEpochCase {
  readonly sampler: 'shuffle' | 'balls-in-bins';
  /** N records (tiny: every batch is recorded). */
  readonly datasetSize: number;
  /** The trainer's batch size L (an integer in [1, N]). */
  readonly batchSize: number;
  readonly steps: number;
  readonly noiseMultiplier: number;
  readonly delta: number;
  readonly seed: number;
}

/** N records of one feature, alternating labels (what the model learns does not matter here). */
function tinyDataset(size: number): Dataset {
  const features = Float64Array.from({ length: size }, (_, i) => Math.sin(i + 1));
  const labels = Uint8Array.from({ length: size }, (_, i) => i % 2);
  const encoding = { columns: [{ kind: 'numeric' as const, name: 'x', featureIndex: 0, mean: 0, scale: 1 }], labelColumn: 'y', positiveLabel: '1', featureNames: ['x'], featureCount: 1 };
  return { size, featureCount: 1, features, labels, encoding };
}

/** Runs the trainer and counts, per record, the steps whose batch held it; returns the counts with the recorded description. */
export function trainerParticipation(c: TrainerEpochCase): { counts: Uint32Array; description: SamplerDescription; steps: number } {
  const counts = new Uint32Array(c.datasetSize);
  const counter: Instrument<null> = {
    name: 'participation-counter',
    onStep(context) {
      for (const r of context.batch) counts[r] = (counts[r] as number) + 1;
    },
    trace: () => null,
  };
  const result = trainDpSgd({ model: logisticRegression(1), data: tinyDataset(c.datasetSize), expectedBatchSize: c.batchSize, steps: c.steps, noiseMultiplier: c.noiseMultiplier, clip: 1, learningRate: 0.1, seed: c.seed, sampling: c.sampler, instruments: [counter] });
  return { counts, description: result.sampler, steps: result.steps };
}

/** The accounting of the trainer's description: its N, its (rounded) batch size and its recorded batches per epoch. */
export function priceDescription(description: SamplerDescription, noiseMultiplier: number, steps: number, delta: number): SamplerEpsilon {
  const run: SamplerRun = {
    sampler: description.name,
    datasetSize: description.datasetSize,
    batchSize: Math.min(description.datasetSize, Math.max(1, Math.round(description.expectedBatchSize))),
    ...(description.batchesPerEpoch === undefined ? {} : { batchesPerEpoch: description.batchesPerEpoch }),
    noiseMultiplier,
    steps,
  };
  return samplerEpsilon(run, delta);
}

/**
 * The priced guarantee (`upper`) ≥ the best provable ε of the most-used record's m releases (module comment),
 * and the priced epoch count ≥ m. `price` is the accounting under test (the trainer's description by
 * default; the tests pass a pricing that drops `batchesPerEpoch` to show the check can fail).
 */
export function checkTrainerEpochsCovered(c: TrainerEpochCase, price: typeof priceDescription = priceDescription): { releases: number; guarantee: number; bound: number } {
  const { counts, description, steps } = trainerParticipation(c);
  const releases = counts.reduce((m, x) => Math.max(m, x), 0);
  const priced = price(description, c.noiseMultiplier, steps, c.delta);
  const guarantee = priced.upper?.value ?? Number.NaN;
  const gaussian = releases === 0 ? 0 : gdpEpsilon(Math.sqrt(releases) / c.noiseMultiplier, c.delta);
  const k = description.batchesPerEpoch;
  const bound = c.sampler === 'balls-in-bins' && releases > 0 && k !== undefined && k > 1
    ? Math.min(gaussian, ballsInBinsRdpEpsilon({ noiseMultiplier: c.noiseMultiplier, batchesPerEpoch: k, epochs: releases }, c.delta))
    : gaussian;
  const what = (): string => `${c.sampler}, N = ${c.datasetSize}, L = ${c.batchSize}, T = ${steps}, σ = ${c.noiseMultiplier}, δ = ${c.delta}, seed ${c.seed}: the trainer ran ${description.batchesPerEpoch ?? '?'} batches per epoch and used a record in ${releases} steps`;
  requireSound(priced.upper?.kind === 'guarantee', () => `${what()}; no guarantee was priced`);
  requireSound((priced.epochs ?? 0) >= releases, () => `${what()}, but the accounting counts ${priced.epochs ?? '?'} epochs of ${priced.batchesPerEpoch ?? '?'} batches`);
  requireSound(guarantee >= bound - slack(bound), () => `${what()}: guarantee ε = ${guarantee} is below the best provable ε of ${releases} releases, ${bound}`);
  return { releases, guarantee, bound };
}
