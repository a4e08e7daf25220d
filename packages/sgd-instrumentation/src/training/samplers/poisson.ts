/**
 * Poisson sampling: each record joins each step's batch independently with probability
 * q = L/N, so batch sizes are Binomial(N, q). This is the sampling the subsampled-Gaussian
 * accountants assume (Abadi et al. 2016; Mironov et al. 2019).
 */
import type { BatchSampler, SamplerInput } from './batch-sampler.js';

/**
 * A Poisson sampler at rate q = L/N.
 *
 * @example
 * const sampler = poissonSampler({ datasetSize: 1000, expectedBatchSize: 50, rng: createRng(1) });
 * sampler.next(0); // about 50 sorted indices
 */
export function poissonSampler(input: SamplerInput): BatchSampler {
  const { datasetSize: N, expectedBatchSize: L, rng } = input;
  const q = L / N;
  return {
    description: { name: 'poisson', datasetSize: N, expectedBatchSize: L, samplingRate: q },
    next: () => rng.poissonSample(N, q),
  };
}
