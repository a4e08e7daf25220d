/**
 * Balls-in-bins sampling: at the start of each epoch every record is assigned to one of
 * k = max(1, round(N/L)) batches uniformly at random, independently of the other records; the
 * epoch's k steps then use the batches in order. Every record is used exactly once per epoch and
 * each batch size is Binomial(N, 1/k) (Chua et al. 2024, "Scalable DP-SGD: Shuffling vs. Poisson
 * Subsampling"; one random allocation per epoch, Feldman and Shenfeld 2025). The bins are drawn
 * afresh each epoch, unlike jax_privacy's BallsInBinsSampling, which reuses one draw every cycle.
 */
import type { BatchSampler, SamplerInput } from './batch-sampler.js';

/**
 * A balls-in-bins sampler with k = max(1, round(N/L)) batches per epoch.
 *
 * @example
 * const sampler = ballsInBinsSampler({ datasetSize: 1000, expectedBatchSize: 50, rng: createRng(1) });
 * sampler.next(0); // about 50 indices; steps 0..19 use every record exactly once
 */
export function ballsInBinsSampler(input: SamplerInput): BatchSampler {
  const { datasetSize: N, expectedBatchSize: L, rng } = input;
  const k = Math.max(1, Math.round(N / L));
  // Records grouped by bin: bins[start[j] .. start[j + 1]) hold bin j's records in increasing order.
  const bins = new Uint32Array(N);
  const start = new Uint32Array(k + 1);
  const assignment = new Uint32Array(N);
  const assign = (): void => {
    start.fill(0);
    for (let i = 0; i < N; i++) {
      const j = rng.integer(k);
      assignment[i] = j;
      start[j + 1] = (start[j + 1] as number) + 1;
    }
    for (let j = 0; j < k; j++) start[j + 1] = (start[j + 1] as number) + (start[j] as number);
    const fill = start.slice(0, k);
    for (let i = 0; i < N; i++) {
      const j = assignment[i] as number;
      bins[fill[j] as number] = i;
      fill[j] = (fill[j] as number) + 1;
    }
  };
  return {
    description: { name: 'balls-in-bins', datasetSize: N, expectedBatchSize: N / k, samplingRate: 1 / k, batchesPerEpoch: k },
    next(step: number): Uint32Array {
      const j = step % k;
      if (j === 0) assign();
      return bins.slice(start[j] as number, start[j + 1] as number);
    },
  };
}
