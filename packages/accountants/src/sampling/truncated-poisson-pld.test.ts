import { describe, expect, it } from 'vitest';
import { PldAccountant } from '../pld/pld-accountant.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import fixtures from './fixtures/sampler-fixtures.json' with { type: 'json' };
import { truncatedPoissonEpsilon, truncationParameters } from './truncated-poisson-pld.js';

const base = { samplingRate: 0.01, datasetSize: 1000, noiseMultiplier: 1, steps: 100 };

describe('truncated Poisson PLD', () => {
  it('matches dp_accounting from_truncated_subsampled_gaussian_mechanism (h = 1e-4) to 1e-5 relative, never below it by more than 1e-8', () => {
    for (const c of fixtures.truncated_poisson) {
      const eps = truncatedPoissonEpsilon({ samplingRate: c.samplingRate, maxBatchSize: c.maxBatchSize, datasetSize: c.datasetSize, noiseMultiplier: c.sigma, steps: c.steps }, c.delta, c.neighbouring as 'add-remove' | 'substitution', { valueDiscretizationInterval: c.h });
      expect(Math.abs(eps - c.epsilon) / c.epsilon).toBeLessThan(1e-5);
      expect(eps).toBeGreaterThan(c.epsilon * (1 - 1e-8));
    }
  });

  it('computes the truncation probability and conditional rate from the binomial tails', () => {
    const { truncationProbability, conditionalRate } = truncationParameters(0.01, 12, 1000);
    // scipy.stats.binom: sf(11, 999, 0.01) and sf(12, 1000, 0.01)·12/(p_T·1000)
    expect(Math.abs(truncationProbability - 0.3015079756676959)).toBeLessThan(1e-13);
    expect(Math.abs(conditionalRate - 0.008258026248126455)).toBeLessThan(1e-13);
    expect(truncationParameters(0.01, 1000, 1000)).toEqual({ truncationProbability: 0, conditionalRate: 0 });
  });

  it('tends to the Poisson ε as the cap grows, decreasing in the cap', () => {
    const poisson = new PldAccountant({ valueDiscretizationInterval: 1e-4 }).compose(dpSgdEvent({ samplingRate: 0.01, noiseMultiplier: 1, steps: 100 })).getEpsilon(1e-5);
    let prev = Infinity;
    for (const cap of [10, 14, 20, 30, 1000]) {
      const eps = truncatedPoissonEpsilon({ ...base, maxBatchSize: cap }, 1e-5, 'add-remove', { valueDiscretizationInterval: 1e-4 });
      expect(eps).toBeLessThanOrEqual(prev + 1e-9);
      expect(eps).toBeGreaterThanOrEqual(poisson - 1e-9);
      prev = eps;
    }
    expect(Math.abs(prev - poisson)).toBeLessThan(1e-9);
  });

  it('is monotone in σ and T, and pessimistic in the grid', () => {
    const eps = (sigma: number, steps: number, h?: number): number => truncatedPoissonEpsilon({ ...base, maxBatchSize: 12, noiseMultiplier: sigma, steps }, 1e-5, 'add-remove', h === undefined ? undefined : { valueDiscretizationInterval: h });
    expect(eps(1.2, 100)).toBeLessThan(eps(1, 100));
    expect(eps(1, 150)).toBeGreaterThan(eps(1, 100));
    expect(eps(1, 100, 1e-2)).toBeGreaterThanOrEqual(eps(1, 100, 1e-4));
  });

  it('refuses bad input naming the parameter', () => {
    expect(() => truncatedPoissonEpsilon({ ...base, maxBatchSize: 0 }, 1e-5)).toThrow(/maxBatchSize/);
    expect(() => truncatedPoissonEpsilon({ ...base, maxBatchSize: 12 }, 0)).toThrow(/delta/);
    expect(() => truncatedPoissonEpsilon({ ...base, maxBatchSize: 12, noiseMultiplier: 0 }, 1e-5)).toThrow(/noiseMultiplier/);
    expect(() => truncatedPoissonEpsilon({ ...base, maxBatchSize: 12 }, 1e-5, 'add-remove', { h: 1 } as never)).toThrow(/options\.h/);
  });
});
