import { normalCdf } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { binnedMixturePair, productHockeyStick, swapped } from './binned-hockey-stick.js';
import { fixedSizeSumLaw, truncatedPoissonSumLaw } from './batch-sum-laws.js';
import { twoBinBinnedPair } from './balls-in-bins-pair.js';

/** Exact δ(ε) of μ-GDP (Dong, Roth, Su 2022, Cor. 2.13). */
function gaussianDelta(mu: number, eps: number): number {
  return normalCdf(-eps / mu + mu / 2) - Math.exp(eps) * normalCdf(-eps / mu - mu / 2);
}

describe('binned hockey-stick reference', () => {
  it('one Gaussian step: binned δ is below the closed form and within 1e-6 of it', () => {
    for (const [mu, eps] of [[0.5, 0.1], [1, 1], [2, 3], [4, 6]] as const) {
      const pair = binnedMixturePair([{ weight: 1, mean: mu }], [{ weight: 1, mean: 0 }], 1, 20_000);
      const exact = gaussianDelta(mu, eps);
      const binned = productHockeyStick([pair], eps);
      expect(binned).toBeLessThanOrEqual(exact * (1 + 1e-12) + 1e-15);
      expect(binned).toBeGreaterThan(exact - 1e-6);
    }
  });

  it('two and three Gaussian steps compose to μ√T-GDP (binned below, within 1e-4 relative)', () => {
    const pair = binnedMixturePair([{ weight: 1, mean: 1 }], [{ weight: 1, mean: 0 }], 1, 1500);
    for (const T of [2, 3]) {
      const eps = 1.2;
      const exact = gaussianDelta(Math.sqrt(T), eps);
      const binned = productHockeyStick(Array.from({ length: T }, () => pair), eps);
      expect(binned).toBeLessThanOrEqual(exact * (1 + 1e-12));
      expect(binned).toBeGreaterThan(exact * (1 - 1e-4));
    }
  });

  it('the swapped pair of a symmetric Gaussian pair has the same δ', () => {
    const pair = binnedMixturePair([{ weight: 1, mean: 1 }], [{ weight: 1, mean: 0 }], 0.7, 5000);
    expect(productHockeyStick([swapped(pair)], 0.8)).toBeCloseTo(productHockeyStick([pair], 0.8), 10);
  });

  it('enumerated batch laws are probability laws with the right means', () => {
    const g = [1, -1, 0.5, 0.25, 0.75];
    for (const law of [fixedSizeSumLaw(g, 3), truncatedPoissonSumLaw(g, 0.4, 2)]) {
      expect(law.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 14);
    }
    // fixed-size: E[sum] = b · mean(g)
    const mean = fixedSizeSumLaw(g, 3).reduce((s, c) => s + c.weight * c.mean, 0);
    expect(mean).toBeCloseTo((3 * g.reduce((a, b) => a + b, 0)) / g.length, 12);
    // no cap reached: truncated Poisson is Poisson, E[sum] = q Σ g
    expect(truncatedPoissonSumLaw(g, 0.4, 5).reduce((s, c) => s + c.weight * c.mean, 0)).toBeCloseTo(0.4 * g.reduce((a, b) => a + b, 0), 12);
  });

  it('balls-in-bins with one record and nothing else is the 2-D mixture; k = 2 amplifies compared with one Gaussian', () => {
    const pair = twoBinBinnedPair([1], [], 1, 600);
    expect(pair.p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    const binned = productHockeyStick([pair], 0.5);
    expect(binned).toBeLessThan(gaussianDelta(1, 0.5));
    expect(binned).toBeGreaterThan(0.5 * gaussianDelta(1, 0.5));
  });
});
