/**
 * Fixed-size sampling without replacement: each step draws a uniformly random subset of
 * exactly b = L of the N records, independently of the other steps (the sampling of
 * Balle et al. 2018 and of dp_accounting's sampling-without-replacement event). Each record is
 * in a batch with probability b/N; batch sizes never vary.
 */
import type { BatchSampler, SamplerInput } from './batch-sampler.js';
import { uniformSubset } from './batch-sampler.js';

/**
 * A fixed-size sampler of b = L records per step (L must be an integer).
 *
 * @example
 * const sampler = fixedSizeSampler({ datasetSize: 1000, expectedBatchSize: 50, rng: createRng(1) });
 * sampler.next(0).length; // 50
 */
export function fixedSizeSampler(input: SamplerInput): BatchSampler {
  const { datasetSize: N, expectedBatchSize: b, rng } = input;
  // The pool is always a permutation of 0..N−1, so a partial shuffle of it is a uniform subset.
  const pool = new Uint32Array(N);
  for (let i = 0; i < N; i++) pool[i] = i;
  return {
    description: { name: 'fixed-size', datasetSize: N, expectedBatchSize: b, samplingRate: b / N },
    next: () => uniformSubset(pool, N, b, rng),
  };
}
