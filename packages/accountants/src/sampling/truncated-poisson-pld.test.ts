import { describe, expect, it } from 'vitest';
import { PldAccountant } from '../pld/pld-accountant.js';
import { pldEpsilonAt } from '../pld/discrete-pld.js';
import { dpSgdEvent } from '../events/mechanism-event.js';
import fixtures from './fixtures/sampler-fixtures.json' with { type: 'json' };
import { truncatedPoissonEpsilon, truncatedPoissonPlds, truncationParameters } from './truncated-poisson-pld.js';

const base = { samplingRate: 0.01, datasetSize: 1000, noiseMultiplier: 1, steps: 100 };

describe('truncated Poisson PLD', () => {
  it('matches dp_accounting from_truncated_subsampled_gaussian_mechanism (h = 1e-4) to 1e-5 relative on the data set of N records, never below it by more than 1e-8', () => {
    for (const c of fixtures.truncated_poisson) {
      const run = { samplingRate: c.samplingRate, maxBatchSize: c.maxBatchSize, datasetSize: c.datasetSize, noiseMultiplier: c.sigma, steps: c.steps };
      const neighbouring = c.neighbouring as 'add-remove' | 'substitution';
      // add-remove: the first two PLDs are the larger data set of N records (dp_accounting's convention); the last two, N + 1
      const plds = truncatedPoissonPlds(run, neighbouring, { valueDiscretizationInterval: c.h });
      const atN = Math.max(0, ...plds.slice(0, neighbouring === 'substitution' ? 1 : 2).map((pld) => pldEpsilonAt(pld, c.delta)));
      expect(Math.abs(atN - c.epsilon) / c.epsilon).toBeLessThan(1e-5);
      const eps = truncatedPoissonEpsilon(run, c.delta, neighbouring, { valueDiscretizationInterval: c.h });
      expect(eps).toBeGreaterThan(c.epsilon * (1 - 1e-8));
      expect(eps).toBeGreaterThanOrEqual(atN);
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

describe('truncated Poisson under add-remove covers the addition neighbour (N + 1 records)', () => {
  it('q = 1, B = N = 2: the added record always displaces one, so one step is the sensitivity-2 Gaussian, not the Poisson (q = 1) one', () => {
    const eps = truncatedPoissonEpsilon({ samplingRate: 1, maxBatchSize: 2, datasetSize: 2, noiseMultiplier: 1, steps: 1 }, 0.01);
    // the addition neighbour's batch is 2 of its 3 records: the added one displaces another with
    // probability 2/3 (brute force: δ(2.32) ≈ 0.15 for gradients +1 and −1), so the Poisson q = 1 value is optimistic
    const sensitivityOne = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1, noiseMultiplier: 1, steps: 1 })).getEpsilon(0.01);
    expect(eps).toBeGreaterThan(sensitivityOne + 0.5);
  });
  it('add-remove prices both neighbours: remove and add directions with N and with N + 1 records in the larger data set', () => {
    const run = { samplingRate: 0.05, maxBatchSize: 3, datasetSize: 40, noiseMultiplier: 1, steps: 5 };
    const plds = truncatedPoissonPlds(run, 'add-remove');
    expect(plds).toHaveLength(4);
  });
});
