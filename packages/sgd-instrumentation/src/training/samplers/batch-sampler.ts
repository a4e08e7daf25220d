/**
 * The batch samplers of the reference trainer: how the records of one DP-SGD step are drawn.
 * Each sampler is one file in this folder and implements {@link BatchSampler}; the trainer
 * builds one with `createBatchSampler` and records its {@link SamplerDescription} in the run
 * result. Only Poisson sampling matches the Poisson-subsampled-Gaussian accounting (Abadi et al.
 * 2016; Mironov et al. 2019); the others need their own accounting (docs/math/trainer-batch-samplers.md).
 */
import type { Rng } from '@dpbounds/special-functions';

/** The batch samplers the reference trainer implements. */
export type SamplingName = 'poisson' | 'shuffle' | 'fixed-size' | 'balls-in-bins' | 'truncated-poisson';

/** Which sampler ran and with which parameters (recorded in the run result). */
export interface SamplerDescription {
  readonly name: SamplingName;
  /** Number of records N. */
  readonly datasetSize: number;
  /** Expected batch size L (exact for `shuffle` and `fixed-size`). */
  readonly expectedBatchSize: number;
  /** Per-step inclusion probability of a record: L/N for Poisson, fixed-size and truncated Poisson (before the cap), 1/k for shuffle and balls-in-bins. */
  readonly samplingRate: number;
  /**
   * Batches per epoch k (`shuffle`: ⌊N/L⌋, `balls-in-bins`: round(N/L)): every record is used at
   * most once per k steps, so T steps are ⌈T/k⌉ epochs. Price the run with this k (the
   * `batchesPerEpoch` of @dpbounds/accountants' `samplerEpsilon`), not with ⌈N/L⌉, which would
   * count fewer epochs than ran (docs/math/batch-samplers.md, sections 5 and 6).
   */
  readonly batchesPerEpoch?: number;
  /** The cap of a truncated-Poisson batch. */
  readonly maxBatchSize?: number;
}

/** Draws the batch of each step: sorted, distinct record indices in [0, N). */
export interface BatchSampler {
  readonly description: SamplerDescription;
  /** The batch of step `step` (0-based; steps are drawn in order 0, 1, 2, …). */
  next(step: number): Uint32Array;
}

/** What every sampler is built from. */
export interface SamplerInput {
  /** Number of records N (integer ≥ 1). */
  readonly datasetSize: number;
  /** Expected batch size L in [1, N]. */
  readonly expectedBatchSize: number;
  /** The trainer's sampling fork of its seeded RNG. */
  readonly rng: Rng;
}

/**
 * Moves a uniformly random `k`-subset of `pool[0..n)` to `pool[0..k)` by a partial
 * Fisher–Yates shuffle (Durstenfeld 1964) and returns it sorted. `pool` is modified.
 */
export function uniformSubset(pool: Uint32Array, n: number, k: number, rng: Rng): Uint32Array {
  for (let i = 0; i < k; i++) {
    const j = i + rng.integer(n - i);
    const t = pool[i] as number;
    pool[i] = pool[j] as number;
    pool[j] = t;
  }
  return pool.slice(0, k).sort();
}
