/**
 * Shuffling: each epoch a fresh uniformly random permutation of the N records is cut into
 * k = ⌊N/L⌋ batches of exactly L (the N − kL records at the end of the permutation sit the
 * epoch out). Every record is used at most once per epoch, exactly once when L divides N. This
 * is what most training loops do; the Poisson accounting does not cover it (Chua et al. 2024).
 */
import type { BatchSampler, SamplerInput } from './batch-sampler.js';

/**
 * A shuffling sampler with batches of exactly L (L must be an integer).
 *
 * @example
 * const sampler = shuffleSampler({ datasetSize: 100, expectedBatchSize: 10, rng: createRng(1) });
 * sampler.next(0); // 10 indices; steps 0..9 use every record once
 */
export function shuffleSampler(input: SamplerInput): BatchSampler {
  const { datasetSize: N, expectedBatchSize: L, rng } = input;
  const k = Math.max(1, Math.floor(N / L));
  let permutation: Uint32Array = new Uint32Array(0);
  return {
    description: { name: 'shuffle', datasetSize: N, expectedBatchSize: L, samplingRate: 1 / k, batchesPerEpoch: k },
    next(step: number): Uint32Array {
      const b = step % k;
      if (b === 0) permutation = rng.permutation(N);
      return permutation.slice(b * L, (b + 1) * L).sort();
    },
  };
}
