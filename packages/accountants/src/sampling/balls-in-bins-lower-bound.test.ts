import { describe, expect, it } from 'vitest';
import { dpSgdEvent, gaussianEvent, selfComposedEvent } from '../events/mechanism-event.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { ballsInBinsEpsilonLowerBound } from './balls-in-bins-lower-bound.js';

describe('balls-in-bins lower bound', () => {
  it('with one batch per epoch is the Gaussian mechanism: just below the exact Gaussian ε', () => {
    for (const [sigma, epochs] of [[1, 1], [2, 10], [0.7, 3]] as const) {
      const exact = new PldAccountant({ valueDiscretizationInterval: 1e-4 }).compose(selfComposedEvent(gaussianEvent(sigma), epochs)).getEpsilon(1e-5);
      const lower = ballsInBinsEpsilonLowerBound({ datasetSize: 100, batchSize: 100, epochs, noiseMultiplier: sigma }, 1e-5);
      expect(lower).toBeLessThanOrEqual(exact);
      expect(lower).toBeGreaterThan(exact - 0.03);
    }
  });

  it('never exceeds the no-amplification guarantee, and decreases with σ and with more batches', () => {
    const lb = (batchSize: number, sigma: number, epochs = 5): number => ballsInBinsEpsilonLowerBound({ datasetSize: 1000, batchSize, epochs, noiseMultiplier: sigma }, 1e-5);
    const gaussian = new PldAccountant().compose(selfComposedEvent(gaussianEvent(1), 5)).getEpsilon(1e-5);
    expect(lb(100, 1)).toBeLessThan(gaussian);
    expect(lb(100, 1.5)).toBeLessThan(lb(100, 1));
    expect(lb(10, 1)).toBeLessThan(lb(100, 1));
    expect(lb(100, 1, 10)).toBeGreaterThan(lb(100, 1, 5));
    expect(lb(100, 1, 0)).toBe(0);
  });

  it('stays below the Poisson ε at the allocation rate 1/k (a numerical fact the random-allocation papers report, checked here with zero tolerance)', () => {
    for (const [datasetSize, batchSize, sigma, epochs] of [[1000, 100, 0.8, 5], [1000, 10, 2, 3], [100, 50, 0.5, 2], [10_000, 100, 1.5, 5]] as const) {
      const k = Math.ceil(datasetSize / batchSize);
      const poisson = new PldAccountant().compose(dpSgdEvent({ samplingRate: 1 / k, noiseMultiplier: sigma, steps: k * epochs })).getEpsilon(1e-5);
      expect(ballsInBinsEpsilonLowerBound({ datasetSize, batchSize, epochs, noiseMultiplier: sigma }, 1e-5)).toBeLessThan(poisson);
    }
  });

  it('stays finite and below the guarantee with very little noise (coarser grid, still a lower bound)', () => {
    const lower = ballsInBinsEpsilonLowerBound({ datasetSize: 1000, batchSize: 100, epochs: 8, noiseMultiplier: 0.08 }, 1e-5);
    const gaussian = new PldAccountant().compose(selfComposedEvent(gaussianEvent(0.08), 8)).getEpsilon(1e-5);
    expect(lower).toBeGreaterThan(0);
    expect(lower).toBeLessThanOrEqual(gaussian);
  });

  it('refuses bad input naming the parameter', () => {
    expect(() => ballsInBinsEpsilonLowerBound({ datasetSize: 10, batchSize: 20, epochs: 1, noiseMultiplier: 1 }, 1e-5)).toThrow(/batchSize/);
    expect(() => ballsInBinsEpsilonLowerBound({ datasetSize: 10, batchSize: 2, epochs: 1.5, noiseMultiplier: 1 }, 1e-5)).toThrow(/epochs/);
    expect(() => ballsInBinsEpsilonLowerBound({ datasetSize: 10, batchSize: 2, epochs: 1, noiseMultiplier: 0 }, 1e-5)).toThrow(/noiseMultiplier/);
    expect(() => ballsInBinsEpsilonLowerBound({ datasetSize: 10, batchSize: 2, epochs: 1, noiseMultiplier: 1 }, 0)).toThrow(/delta/);
  });
});
