/**
 * The heavier audit searches (`pnpm test:big`): each probe of the T > 1 subsampled-Gaussian
 * family composes a PLD, and a sharper observation needs less noise, hence wider grids. The
 * default suite (src/audit/audit.test.ts) checks the same property at 80 of 100 correct.
 */
import { describe, expect, it } from 'vitest';
import { auditOneRun } from '../../src/index.js';

describe('Poisson-subsampled Gaussian family at T > 1, sharp observation', () => {
  it('95 of 100 correct: with q = 1, T = 4 Gaussian steps are the Gaussian family at μ = √T/σ', () => {
    const obs = { canaries: 1000, guesses: 100, correct: 95 };
    const gaussian = auditOneRun(obs);
    const composed = auditOneRun(obs, { family: { kind: 'subsampled-gaussian', samplingRate: 1, steps: 4 } });
    // σ* of 4 steps = 2/μ*: a slightly weaker (conservative) hypothesis can only move it up.
    expect(composed.empiricalNoise as number).toBeGreaterThanOrEqual((2 * (gaussian.empiricalNoise as number)) * (1 - 1e-4));
    expect(composed.empiricalNoise as number).toBeLessThan(2 * (gaussian.empiricalNoise as number) * 1.02);
    expect(composed.empiricalEpsilon).toBeLessThanOrEqual(gaussian.empiricalEpsilon + 1e-6);
    expect(composed.empiricalEpsilon).toBeGreaterThan(gaussian.empiricalEpsilon * 0.97);
  });
});
