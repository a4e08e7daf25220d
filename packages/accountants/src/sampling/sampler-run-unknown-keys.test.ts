import { describe, expect, it } from 'vitest';
import { dpSgdGuaranteeCurve } from '../threat/common/dp-sgd-guarantee-curve.js';
import { ballsInBinsEpsilonLowerBound } from './balls-in-bins-lower-bound.js';
import { shuffleEpsilonLowerBound } from './shuffle-lower-bound.js';
import { truncatedPoissonEpsilon, truncatedPoissonPlds } from './truncated-poisson-pld.js';

describe('sampler runs and the DP-SGD curve refuse a misspelt key instead of pricing without it', () => {
  it('truncatedPoissonEpsilon / truncatedPoissonPlds: run.max_batch_size says maxBatchSize', () => {
    const run = { samplingRate: 0.5, maxBatchSize: 8, datasetSize: 10, noiseMultiplier: 2, steps: 1 };
    expect(() => truncatedPoissonEpsilon({ ...run, max_batch_size: 30 } as never, 1e-5)).toThrow('run.max_batch_size must be absent: say maxBatchSize (');
    expect(() => truncatedPoissonPlds({ ...run, sigma: 1 } as never, 'add-remove')).toThrow('run.sigma must be absent');
    expect(truncatedPoissonEpsilon(run, 1e-5)).toBeGreaterThan(0);
  });

  it('shuffleEpsilonLowerBound: run.batchesPerEpch says batchesPerEpoch; a non-object names run', () => {
    const run = { datasetSize: 1000, batchSize: 100, noiseMultiplier: 1, steps: 10 };
    expect(() => shuffleEpsilonLowerBound({ ...run, batchesPerEpch: 8 } as never, 1e-5)).toThrow('run.batchesPerEpch must be absent: say batchesPerEpoch (');
    expect(() => shuffleEpsilonLowerBound(null as never, 1e-5)).toThrow(/^run must be/);
    expect(shuffleEpsilonLowerBound(run, 1e-5).value).toBeGreaterThan(0);
  });

  it('ballsInBinsEpsilonLowerBound: run.epoch says epochs', () => {
    const run = { datasetSize: 1000, batchSize: 100, epochs: 2, noiseMultiplier: 1 };
    expect(() => ballsInBinsEpsilonLowerBound({ ...run, epoch: 3 } as never, 1e-5)).toThrow('run.epoch must be absent: say epochs (');
    expect(ballsInBinsEpsilonLowerBound(run, 1e-5)).toBeGreaterThan(0);
  });

  it('dpSgdGuaranteeCurve: run.neighboring says neighbouring', () => {
    const run = { samplingRate: 1, noiseMultiplier: 2, steps: 4, neighbouring: 'add-remove' as const };
    expect(() => dpSgdGuaranteeCurve({ ...run, neighboring: 'substitution' } as never)).toThrow('run.neighboring must be absent: say neighbouring (');
    expect(dpSgdGuaranteeCurve(run).evaluate(0.01)).toBeGreaterThan(0);
  });
});
