import { describe, expect, it } from 'vitest';
import { connectTheDotsPld } from '../pld/connect-the-dots.js';
import { pldEpsilonAt, pldTotalMass } from '../pld/discrete-pld.js';
import { composePldGroups } from '../pld/fft-composition.js';
import fixtures from './fixtures/sampler-fixtures.json' with { type: 'json' };
import { mixtureGaussianPld, mixtureGaussianPrivacyLoss } from './mixture-gaussian-privacy-loss.js';

function composedEpsilon(sigma: number, c: readonly number[], p: readonly number[], steps: number, h: number, delta: number): number {
  return Math.max(...(['remove', 'add'] as const).map((d) => pldEpsilonAt(composePldGroups([{ pld: mixtureGaussianPld(d, sigma, c, p, { h }), count: steps }], 1e-15), delta)));
}

describe('mixture-of-Gaussians privacy loss', () => {
  it('matches dp_accounting from_mixture_gaussian_mechanism (same grid) to 1e-9 relative', () => {
    for (const c of fixtures.mixture_gaussian) {
      const eps = composedEpsilon(c.sigma, c.sensitivities, c.probabilities, c.steps, c.h, c.delta);
      expect(Math.abs(eps - c.epsilon) / c.epsilon).toBeLessThan(1e-9);
    }
  });

  it('with sensitivities (0, 1) is the Poisson-subsampled Gaussian pair', () => {
    for (const d of ['remove', 'add'] as const) {
      const a = mixtureGaussianPld(d, 0.9, [0, 1], [0.97, 0.03], { h: 1e-3 });
      const b = connectTheDotsPld(d, 0.03, 0.9, { h: 1e-3 });
      expect(Math.abs(pldEpsilonAt(a, 1e-4) - pldEpsilonAt(b, 1e-4))).toBeLessThan(2e-3);
      expect(Math.abs(pldTotalMass(a) - 1)).toBeLessThan(1e-12);
    }
  });

  it('inverts its loss and is non-increasing', () => {
    const pair = mixtureGaussianPrivacyLoss('add', 1.3, [0, 0.5, 2], [0.5, 0.3, 0.2]);
    let prev = Infinity;
    for (let x = -8; x <= 8; x += 0.25) {
      const l = pair.loss(x);
      expect(l).toBeLessThanOrEqual(prev);
      prev = l;
      expect(Math.abs(pair.inverseLoss(l) - x)).toBeLessThan(1e-9 * Math.max(1, Math.abs(x)));
    }
    expect(pair.inverseLoss(10)).toBe(-Infinity); // above −log P(c = 0)
  });

  it('is pessimistic: a coarser grid never gives a smaller ε', () => {
    const fine = composedEpsilon(1, [0, 1, 2], [0.9, 0.09, 0.01], 20, 2e-4, 1e-5);
    for (const h of [1e-3, 5e-3, 2e-2]) expect(composedEpsilon(1, [0, 1, 2], [0.9, 0.09, 0.01], 20, h, 1e-5)).toBeGreaterThanOrEqual(fine - 1e-12);
  });

  it('refuses bad mixtures naming the field', () => {
    expect(() => mixtureGaussianPrivacyLoss('remove', 1, [0, 1], [0.5, 0.6])).toThrow(/probabilities/);
    expect(() => mixtureGaussianPrivacyLoss('remove', 1, [0, -1], [0.5, 0.5])).toThrow(/sensitivities\[1\]/);
    expect(() => mixtureGaussianPrivacyLoss('remove', 1, [0, 1], [1])).toThrow(/probabilities/);
    expect(() => mixtureGaussianPrivacyLoss('remove', 0, [1], [1])).toThrow(/sigma/);
    expect(() => mixtureGaussianPrivacyLoss('remove', 1, [0, 1], [1, 0])).toThrow(/at least one positive sensitivity/);
    expect(() => mixtureGaussianPrivacyLoss('replace' as never, 1, [1], [1])).toThrow(/direction/);
  });
});
