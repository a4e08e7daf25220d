/**
 * Truncated Poisson sampling: a Poisson batch at rate q = L/N (each record independently with
 * probability q) capped at `maxBatchSize` B: when the draw holds more than B records, a
 * uniformly random subset of B of them is kept (the excess is dropped uniformly). Batch sizes are
 * min(Binomial(N, q), B); the truncated-Poisson sampling of dp_accounting and of Chua et al.
 * 2024 (bounded batches for compiled training loops).
 */
import type { BatchSampler, SamplerInput } from './batch-sampler.js';
import { uniformSubset } from './batch-sampler.js';

/**
 * A truncated-Poisson sampler at rate q = L/N with cap `maxBatchSize` (an integer ≥ 1).
 *
 * @example
 * const sampler = truncatedPoissonSampler({ datasetSize: 1000, expectedBatchSize: 50, maxBatchSize: 55, rng: createRng(1) });
 * sampler.next(0).length; // ≤ 55
 */
export function truncatedPoissonSampler(input: SamplerInput & { readonly maxBatchSize: number }): BatchSampler {
  const { datasetSize: N, expectedBatchSize: L, maxBatchSize: B, rng } = input;
  const q = L / N;
  return {
    description: { name: 'truncated-poisson', datasetSize: N, expectedBatchSize: L, samplingRate: q, maxBatchSize: B },
    next(): Uint32Array {
      const batch = rng.poissonSample(N, q);
      return batch.length <= B ? batch : uniformSubset(batch, batch.length, B, rng);
    },
  };
}
