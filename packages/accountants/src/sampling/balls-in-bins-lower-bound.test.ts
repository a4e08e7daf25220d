import { describe, expect, it } from 'vitest';
import { dpSgdEvent, gaussianEvent, selfComposedEvent } from '../events/mechanism-event.js';
import { PldAccountant } from '../pld/pld-accountant.js';
import { normalCdf, normalPdf } from '@dpbounds/special-functions';
import { ballsInBinsEpsilonLowerBound, maxTestEpsilonLowerBound } from './balls-in-bins-lower-bound.js';

/**
 * The exact ε(δ) of one epoch of the max-test pair (docs/math/batch-samplers.md, eq. (9′)) by
 * quadrature of its densities, independently of the binned code: under Q the largest of k i.i.d.
 * N(0, 1), under P the same with one of them at N(μ, 1) with probability p. Both orders; ε by bisection.
 */
function maxTestExactEpsilon(k: number, p: number, mu: number, delta: number): number {
  const lo = -12;
  const hi = mu + 12;
  const n = 200_000;
  const dx = (hi - lo) / n;
  const fq = new Float64Array(n);
  const fp = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = lo + (i + 0.5) * dx;
    const q = k * normalPdf(t) * normalCdf(t) ** (k - 1);
    const present = (k - 1) * normalPdf(t) * normalCdf(t) ** Math.max(0, k - 2) * normalCdf(t - mu) + normalCdf(t) ** (k - 1) * normalPdf(t - mu);
    fq[i] = q * dx;
    fp[i] = (p * present + (1 - p) * q) * dx;
  }
  const hockey = (eps: number): number => {
    let ab = 0;
    let ba = 0;
    for (let i = 0; i < n; i++) {
      ab += Math.max(0, (fp[i] as number) - Math.exp(eps) * (fq[i] as number));
      ba += Math.max(0, (fq[i] as number) - Math.exp(eps) * (fp[i] as number));
    }
    return Math.max(ab, ba);
  };
  let a = 0;
  let b = 40;
  for (let i = 0; i < 60; i++) {
    const m = 0.5 * (a + b);
    if (hockey(m) > delta) a = m;
    else b = m;
  }
  return b;
}

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

  it('the max test with the record present with probability p < 1 (a shuffled loop that drops the leftover records): at most 0.03 below its exact ε by quadrature, never above', () => {
    for (const [k, p, sigma] of [[1, 0.8, 0.5], [2, 0.8, 0.5], [3, 0.5, 1], [10, 0.95, 0.7], [2, 1, 0.5]] as const) {
      const exact = maxTestExactEpsilon(k, p, 1 / sigma, 1e-5);
      const lower = maxTestEpsilonLowerBound({ batchesPerEpoch: k, presence: p, epochs: 1, noiseMultiplier: sigma }, 1e-5);
      expect(lower, `k = ${k}, p = ${p}, σ = ${sigma}`).toBeLessThanOrEqual(exact + 1e-9);
      expect(lower).toBeGreaterThan(exact - 0.03);
    }
    // a record that may be absent leaks less: the bound decreases with p
    const at = (presence: number): number => maxTestEpsilonLowerBound({ batchesPerEpoch: 2, presence, epochs: 2, noiseMultiplier: 0.5 }, 1e-5);
    expect(at(0.8)).toBeLessThan(at(1));
    expect(at(0.5)).toBeLessThan(at(0.8));
  });

  it('takes the loop\'s batches per epoch (default ⌈N/b⌉): fewer batches, larger bound', () => {
    const lb = (batchesPerEpoch?: number): number => ballsInBinsEpsilonLowerBound({ datasetSize: 1000, batchSize: 300, epochs: 2, noiseMultiplier: 0.5, ...(batchesPerEpoch === undefined ? {} : { batchesPerEpoch }) }, 1e-5);
    expect(lb()).toBe(lb(4));
    expect(lb(3)).toBeGreaterThan(lb(4));
    expect(lb(1)).toBeGreaterThan(lb(3));
    expect(() => lb(0)).toThrow(/batchesPerEpoch must be an integer in \[1, ∞\); found 0/);
    expect(() => lb(1001)).toThrow('batchesPerEpoch must be an integer in [1, datasetSize = 1000]; found 1001');
    expect(() => maxTestEpsilonLowerBound({ batchesPerEpoch: 2, presence: 0, epochs: 1, noiseMultiplier: 1 }, 1e-5)).toThrow(/presence/);
  });

  it('refuses bad input naming the parameter', () => {
    expect(() => ballsInBinsEpsilonLowerBound({ datasetSize: 10, batchSize: 20, epochs: 1, noiseMultiplier: 1 }, 1e-5)).toThrow(/batchSize/);
    expect(() => ballsInBinsEpsilonLowerBound({ datasetSize: 10, batchSize: 2, epochs: 1.5, noiseMultiplier: 1 }, 1e-5)).toThrow(/epochs/);
    expect(() => ballsInBinsEpsilonLowerBound({ datasetSize: 10, batchSize: 2, epochs: 1, noiseMultiplier: 0 }, 1e-5)).toThrow(/noiseMultiplier/);
    expect(() => ballsInBinsEpsilonLowerBound({ datasetSize: 10, batchSize: 2, epochs: 1, noiseMultiplier: 1 }, 0)).toThrow(/delta/);
  });
});
