/**
 * Truncated Poisson at tiny δ on the reported run's grid (`pnpm test:big`: about 6 s of CPU): the
 * case where the tilted window sits above the answer and the Chernoff bound of the same
 * discretisation binds (docs/math/batch-samplers.md §4). The default suite
 * (src/sampling/truncated-poisson-pld.test.ts) checks the tilted path on shorter runs.
 */
import { describe, expect, it } from 'vitest';
import { connectTheDotsPld } from '../../src/pld/connect-the-dots.js';
import { chernoffEpsilon, tiltedEpsilon } from '../../src/pld/tilted-tail.js';
import { mixPlds } from '../../src/sampling/mix-plds.js';
import { truncatedPoissonEpsilon, truncationParameters } from '../../src/sampling/truncated-poisson-pld.js';

describe('truncated Poisson at δ = 1e-300, N = 1e4, b = 100, B = 120, σ = 1, T = 50 (substitution)', () => {
  it('the automatic grid (h = 9.8e-5) is within 10 % of the twice coarser grid (its tilted window alone sits above the answer: 314.3 against 257.2)', () => {
    const run = { samplingRate: 0.01, maxBatchSize: 120, datasetSize: 10_000, noiseMultiplier: 1, steps: 50 };
    const fine = truncatedPoissonEpsilon(run, 1e-300, 'substitution', { valueDiscretizationInterval: 9.8e-5 });
    const coarse = truncatedPoissonEpsilon(run, 1e-300, 'substitution', { valueDiscretizationInterval: 2e-4 });
    expect(fine / coarse - 1).toBeLessThanOrEqual(0.1);
  });
});

describe('tiltedEpsilon where the Chernoff tilt is too steep (one mixture of that run: remove, N + 1 records, h = 9.8e-5)', () => {
  it('is at most the Chernoff bound of the same groups (the tilted search alone returned its window\'s bottom, 314.4, flat in δ)', () => {
    const { truncationProbability, conditionalRate } = truncationParameters(0.01, 120, 10_001);
    const options = { h: 9.8e-5, logMassTruncation: -700 };
    const mixture = mixPlds(connectTheDotsPld('replace', conditionalRate, 0.5, options), connectTheDotsPld('remove', 0.01, 1, options), truncationProbability);
    const groups = [{ pld: mixture, count: 50 }];
    const tilted = tiltedEpsilon(groups, 1e-290, 2 ** 22, true) as number;
    expect(tilted).toBeLessThanOrEqual(chernoffEpsilon(groups, 1e-290) as number);
    expect(tilted).toBeLessThan(300);
  });
});

