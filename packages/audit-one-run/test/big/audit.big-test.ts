/**
 * The heavier audit searches (`pnpm test:big`): each probe of the T > 1 subsampled-Gaussian
 * family composes a PLD, and a sharper observation needs less noise, hence wider grids. The
 * default suite (src/audit/audit.test.ts) checks the same property at 80 of 100 correct.
 */
import { describe, it } from 'vitest';
import { expectComposedGaussianFamily } from '../../src/audit/test-helpers/composed-gaussian-family.js';

describe('Poisson-subsampled Gaussian family at T > 1, sharp observation', () => {
  it('95 of 100 correct: with q = 1, T = 4 Gaussian steps are the Gaussian family at μ = √T/σ', () => {
    expectComposedGaussianFamily(95);
  });
});
