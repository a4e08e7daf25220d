import { describe, expect, it } from 'vitest';
import { drawBatches, isSortedDistinct } from '../../test-helpers/draw-batches.js';
import { binomialMass, chiSquarePValue, uniformityPValue } from '../../test-helpers/goodness-of-fit.js';
import { fixedSizeSampler } from './fixed-size.js';
import { poissonSampler } from './poisson.js';

// Chi-square tests at level α = 0.001, on seeded draws (deterministic).
const ALPHA = 0.001;

describe('poissonSampler', () => {
  const N = 200;
  const L = 20;
  const { sizes, counts, batches } = drawBatches(poissonSampler, N, L, 5000, 3);

  it('draws batch sizes ~ Binomial(N, q) (and the test rejects fixed-size batches of the same mean)', () => {
    const fit = chiSquarePValue(sizes, binomialMass(N, L / N), N);
    expect(fit.cells).toBeGreaterThan(10);
    expect(fit.pValue).toBeGreaterThan(ALPHA);
    const fixed = drawBatches((input) => fixedSizeSampler(input), N, L, 5000, 3);
    expect(chiSquarePValue(fixed.sizes, binomialMass(N, L / N), N).pValue).toBeLessThan(1e-12);
  });

  it('includes every record with probability q, independently of its index', () => {
    const total = counts.reduce((s, c) => s + c, 0);
    const steps = sizes.length;
    const frequency = total / (N * steps);
    // standard error of the mean frequency: √(q(1 − q)/(N·T))
    expect(Math.abs(frequency - L / N)).toBeLessThan(4 * Math.sqrt((0.1 * 0.9) / (N * steps)));
    expect(uniformityPValue(counts)).toBeGreaterThan(ALPHA);
    for (const batch of batches.slice(0, 50)) expect(isSortedDistinct(batch, N)).toBe(true);
  });

  it('is reproducible by seed and describes itself', () => {
    const again = drawBatches(poissonSampler, N, L, 20, 3).batches;
    expect(again).toEqual(batches.slice(0, 20));
    expect(drawBatches(poissonSampler, N, L, 20, 4).batches).not.toEqual(again);
    expect(poissonSampler({ datasetSize: N, expectedBatchSize: L, rng: undefined as never }).description).toEqual({ name: 'poisson', datasetSize: N, expectedBatchSize: L, samplingRate: 0.1 });
  });
});
