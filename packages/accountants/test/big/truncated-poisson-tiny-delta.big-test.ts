/**
 * Truncated Poisson at tiny δ on the reported run's grid (`pnpm test:big`: about 6 s of CPU): the
 * case where the tilted window sits above the answer and the Chernoff bound of the same
 * discretisation binds (docs/math/batch-samplers.md §4). The default suite
 * (src/sampling/truncated-poisson-pld.test.ts) checks the tilted path on shorter runs.
 */
import { describe, expect, it } from 'vitest';
import { truncatedPoissonEpsilon } from '../../src/sampling/truncated-poisson-pld.js';

describe('truncated Poisson at δ = 1e-300, N = 1e4, b = 100, B = 120, σ = 1, T = 50 (substitution)', () => {
  it('the automatic grid (h = 9.8e-5) is within 10 % of the twice coarser grid (its tilted window alone sits above the answer: 314.3 against 257.2)', () => {
    const run = { samplingRate: 0.01, maxBatchSize: 120, datasetSize: 10_000, noiseMultiplier: 1, steps: 50 };
    const fine = truncatedPoissonEpsilon(run, 1e-300, 'substitution', { valueDiscretizationInterval: 9.8e-5 });
    const coarse = truncatedPoissonEpsilon(run, 1e-300, 'substitution', { valueDiscretizationInterval: 2e-4 });
    expect(fine / coarse - 1).toBeLessThanOrEqual(0.1);
  });
});
