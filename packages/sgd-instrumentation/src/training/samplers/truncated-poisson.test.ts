import { describe, expect, it } from 'vitest';
import { binomialCdf } from '@dpbounds/special-functions';
import { drawBatches, isSortedDistinct } from '../../test-helpers/draw-batches.js';
import { binomialMass, chiSquarePValue, uniformityPValue } from '../../test-helpers/goodness-of-fit.js';
import type { BatchSampler, SamplerInput } from './batch-sampler.js';
import { truncatedPoissonSampler } from './truncated-poisson.js';

const ALPHA = 0.001;

describe('truncatedPoissonSampler', () => {
  const N = 200;
  const L = 20;
  const B = 22; // P[Binomial(200, 0.1) > 22] ≈ 0.27: a third of the batches are cut
  const make = (input: SamplerInput): BatchSampler => truncatedPoissonSampler({ ...input, maxBatchSize: B });
  const steps = 5000;
  const { sizes, counts, batches } = drawBatches(make, N, L, steps, 11);
  const binomial = binomialMass(N, L / N);
  const truncated = (k: number): number => (k < B ? binomial(k) : k === B ? 1 - binomialCdf(B - 1, N, L / N) : 0);

  it('draws batch sizes ~ min(Binomial(N, q), B)', () => {
    expect(Math.max(...sizes)).toBe(B);
    const fit = chiSquarePValue(sizes, truncated, B);
    expect(fit.cells).toBeGreaterThan(8);
    expect(fit.pValue).toBeGreaterThan(ALPHA);
    // and not the untruncated law
    expect(chiSquarePValue(sizes, binomial, N).pValue).toBeLessThan(1e-12);
  });

  it('drops the excess uniformly: every record is included with probability E[min(X, B)]/N', () => {
    let expectedSize = 0;
    for (let k = 0; k <= B; k++) expectedSize += k * truncated(k);
    const p = expectedSize / N;
    const frequency = counts.reduce((s, c) => s + c, 0) / (N * steps);
    expect(Math.abs(frequency - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / (N * steps)));
    // keeping the first B records of a long draw would favour low indices; the counts are uniform
    expect(uniformityPValue(counts)).toBeGreaterThan(ALPHA);
    for (const batch of batches.slice(0, 200)) expect(isSortedDistinct(batch, N)).toBe(true);
  });

  it('is reproducible by seed and describes itself', () => {
    expect(drawBatches(make, N, L, 20, 11).batches).toEqual(batches.slice(0, 20));
    expect(drawBatches(make, N, L, 20, 12).batches).not.toEqual(batches.slice(0, 20));
    expect(make({ datasetSize: N, expectedBatchSize: L, rng: undefined as never }).description).toEqual({ name: 'truncated-poisson', datasetSize: N, expectedBatchSize: L, samplingRate: 0.1, maxBatchSize: B });
  });
});
