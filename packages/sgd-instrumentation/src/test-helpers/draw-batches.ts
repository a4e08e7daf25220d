/** Draws many batches from a sampler for the distribution tests of the sampler files. */
import { createRng } from '@dpbounds/special-functions';
import type { BatchSampler, SamplerInput } from '../training/samplers/batch-sampler.js';

/** Batch sizes, per-record inclusion counts and the batches of `steps` steps of a fresh sampler. */
export function drawBatches(make: (input: SamplerInput) => BatchSampler, N: number, L: number, steps: number, seed: number): { sizes: Uint32Array; counts: Uint32Array; batches: Uint32Array[] } {
  const sampler = make({ datasetSize: N, expectedBatchSize: L, rng: createRng(seed).fork('sampling') });
  const sizes = new Uint32Array(steps);
  const counts = new Uint32Array(N);
  const batches: Uint32Array[] = [];
  for (let t = 0; t < steps; t++) {
    const batch = sampler.next(t);
    sizes[t] = batch.length;
    for (const r of batch) counts[r] = (counts[r] as number) + 1;
    batches.push(batch);
  }
  return { sizes, counts, batches };
}

/** True when the batch is strictly increasing (sorted, no repeats) and within [0, N). */
export function isSortedDistinct(batch: Uint32Array, N: number): boolean {
  for (let i = 0; i < batch.length; i++) {
    if ((batch[i] as number) >= N) return false;
    if (i > 0 && (batch[i] as number) <= (batch[i - 1] as number)) return false;
  }
  return true;
}
