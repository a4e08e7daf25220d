/**
 * One property, checked at two sizes (src/audit/audit.test.ts and test/big/audit.big-test.ts):
 * with q = 1, T Gaussian steps of the Poisson-subsampled Gaussian family are the Gaussian family
 * at μ = √T/σ, so the audit through the PLD privacy profile at T = 4 finds σ* = 2/μ* of the
 * one-step Gaussian audit (up to its conservative hypothesis) and the same ε.
 */
import { expect } from 'vitest';
import { auditOneRun } from '../../index.js';

/** Audits `correct` of 100 guesses (1 000 canaries) both ways and checks they agree. */
export function expectComposedGaussianFamily(correct: number): void {
  const obs = { canaries: 1000, guesses: 100, correct };
  const gaussian = auditOneRun(obs);
  const composed = auditOneRun(obs, { family: { kind: 'subsampled-gaussian', samplingRate: 1, steps: 4 } });
  // σ* of 4 steps = 2/μ*: a slightly weaker (conservative) hypothesis can only move it up.
  expect(composed.empiricalNoise as number).toBeGreaterThanOrEqual(2 * (gaussian.empiricalNoise as number) * (1 - 1e-4));
  expect(composed.empiricalNoise as number).toBeLessThan(2 * (gaussian.empiricalNoise as number) * 1.02);
  expect(composed.empiricalEpsilon).toBeLessThanOrEqual(gaussian.empiricalEpsilon + 1e-6);
  expect(composed.empiricalEpsilon).toBeGreaterThan(gaussian.empiricalEpsilon * 0.97);
}
