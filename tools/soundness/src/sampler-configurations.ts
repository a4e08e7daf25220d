/**
 * Seeded random tiny data sets for the batch-sampler soundness checks (brute force needs N ≤ 6,
 * b ≤ 3, 1–3 steps), tiny reference-trainer runs whose batches are counted, and random
 * practitioner-sized sampler runs for monotonicity and calibration.
 */
import fc from 'fast-check';
import type { BatchSampler, SamplerRun } from '@dpbounds/accountants';
import type { NeighbouringRelation } from '@dpbounds/tradeoff-core';
import { logUniform, logUniformInteger } from './configurations.js';
import { commonRecords, worstCaseStep, type StepGradients, type TinyBallsInBinsCase, type TinySamplerCase } from './checks/batch-samplers.js';
import type { TrainerEpochCase } from './checks/trainer-epochs.js';

const gradient = fc.double({ min: -1, max: 1, noNaN: true }).map((x) => Number(x.toFixed(3)));

/** One step's gradients: the worst-case patterns (remove-like, add-like) or random ones in [−1, 1]. */
function stepGradients(others: number): fc.Arbitrary<StepGradients> {
  return fc.oneof(
    fc.constantFrom(worstCaseStep(others, 'remove'), worstCaseStep(others, 'add')),
    fc.record({ target: gradient, replacement: gradient, others: fc.array(gradient, { minLength: others, maxLength: others }) }),
  );
}

/** Tiny fixed-size / truncated-Poisson cases: N ∈ [2, 6], b ∈ [1, 3], cap B ∈ [b, N], σ ∈ [0.4, 4], 1–3 steps. */
export function tinySamplerCase(): fc.Arbitrary<TinySamplerCase> {
  return fc
    .record({
      datasetSize: fc.integer({ min: 2, max: 6 }),
      batchSize: fc.integer({ min: 1, max: 3 }),
      capExtra: fc.integer({ min: 0, max: 3 }),
      noiseMultiplier: logUniform(0.4, 4),
      delta: logUniform(1e-5, 1e-2),
      neighbouring: fc.constantFrom<NeighbouringRelation>('add-remove', 'substitution'),
      largerIsN: fc.boolean(),
      steps: fc.integer({ min: 1, max: 3 }),
    })
    .chain((r) => {
      const largerIsN = r.neighbouring === 'substitution' ? true : r.largerIsN;
      // removal needs b ≤ N − 1 records in the smaller data set
      const batchSize = Math.max(1, Math.min(r.batchSize, largerIsN && r.neighbouring === 'add-remove' ? r.datasetSize - 1 : r.datasetSize));
      const base = { datasetSize: r.datasetSize, batchSize, maxBatchSize: Math.min(r.datasetSize, batchSize + r.capExtra), noiseMultiplier: r.noiseMultiplier, delta: r.delta, neighbouring: r.neighbouring, largerIsN };
      return fc.array(stepGradients(commonRecords(base)), { minLength: r.steps, maxLength: r.steps }).map((steps) => ({ ...base, steps }));
    });
}

/** Tiny balls-in-bins cases with k = 2 batches: N ∈ [2, 4], σ ∈ [0.5, 3], 1–2 epochs. */
export function tinyBallsInBinsCase(): fc.Arbitrary<TinyBallsInBinsCase> {
  return fc
    .record({ datasetSize: fc.integer({ min: 2, max: 4 }), noiseMultiplier: logUniform(0.5, 3), epochs: fc.integer({ min: 1, max: 2 }), delta: logUniform(1e-5, 1e-2), neighbouring: fc.constantFrom<NeighbouringRelation>('add-remove', 'substitution') })
    .chain((r) => fc.array(stepGradients(r.datasetSize - 1), { minLength: r.epochs, maxLength: r.epochs }).map((perEpoch) => ({ ...r, perEpoch })));
}

/** Practitioner-sized runs of every sampler with an accountant: N ∈ [100, 10⁵], b ≤ N/4, σ ∈ [0.5, 10], T ∈ [1, 2000]. */
export function samplerRun(): fc.Arbitrary<SamplerRun & { readonly delta: number }> {
  return fc
    .record({
      sampler: fc.constantFrom<BatchSampler>('poisson', 'fixed-size', 'balls-in-bins', 'truncated-poisson'),
      datasetSize: logUniformInteger(100, 100_000),
      batchFraction: logUniform(1e-3, 0.25),
      capFactor: logUniform(1, 2),
      noiseMultiplier: logUniform(0.5, 10),
      steps: logUniformInteger(1, 2000),
      delta: logUniform(1e-8, 1e-3),
      neighbouring: fc.constantFrom<NeighbouringRelation>('add-remove', 'substitution'),
    })
    .map((r) => {
      const batchSize = Math.max(1, Math.round(r.batchFraction * r.datasetSize));
      const run = { sampler: r.sampler, datasetSize: r.datasetSize, batchSize, noiseMultiplier: r.noiseMultiplier, steps: r.steps, neighbouring: r.neighbouring, delta: r.delta };
      return r.sampler === 'truncated-poisson' ? { ...run, maxBatchSize: Math.min(r.datasetSize, Math.ceil(batchSize * r.capFactor)) } : run;
    });
}

/** Tiny shuffle / balls-in-bins trainer runs: N ∈ [2, 30], L ∈ [1, N], T ∈ [1, 40], σ ∈ [0.5, 3], δ ∈ [10⁻⁶, 10⁻²]. */
export function trainerEpochCase(): fc.Arbitrary<TrainerEpochCase> {
  return fc
    .record({
      sampler: fc.constantFrom<'shuffle' | 'balls-in-bins'>('shuffle', 'balls-in-bins'),
      datasetSize: fc.integer({ min: 2, max: 30 }),
      batchFraction: fc.double({ min: 0, max: 1, noNaN: true }),
      steps: fc.integer({ min: 1, max: 40 }),
      noiseMultiplier: logUniform(0.5, 3),
      delta: logUniform(1e-6, 1e-2),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    })
    .map((r) => ({ sampler: r.sampler, datasetSize: r.datasetSize, batchSize: Math.max(1, Math.min(r.datasetSize, Math.ceil(r.batchFraction * r.datasetSize))), steps: r.steps, noiseMultiplier: r.noiseMultiplier, delta: r.delta, seed: r.seed }));
}
