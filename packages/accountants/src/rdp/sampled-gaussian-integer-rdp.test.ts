import fc from 'fast-check';
import { logAddExp, logBinomialCoefficient, logSumExp } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { createStepRdpEvaluator, sampledGaussianIntegerRdp, StepRdpEvaluator, stepRdpEvaluatorCache } from './sampled-gaussian-integer-rdp.js';

/** Direct log-space sum over every k ≥ 2 with lgamma-based binomials (a test-only reference). */
function allTerms(alpha: number, q: number, c: number): number {
  const terms: number[] = [];
  for (let k = 2; k <= alpha; k++) {
    const x = k * (k - 1) * c;
    terms.push(logBinomialCoefficient(alpha, k) + k * Math.log(q) + (alpha - k) * Math.log1p(-q) + x + Math.log(-Math.expm1(-x)));
  }
  return logAddExp(0, logSumExp(terms)) / (alpha - 1);
}

describe('the integer-order sampled-Gaussian RDP kernel (Mironov et al. 2019 §3.3; Thudi et al. 2024 Thm 3.2)', () => {
  it('reproduces the numbers quoted in its doc comments', () => {
    expect(new StepRdpEvaluator(32, 0.01).at(0.5)).toBeCloseTo(11.246275937048068, 12);
    expect(sampledGaussianIntegerRdp(0.01, 1, 32)).toBeCloseTo(11.246275937048068, 12);
    expect(createStepRdpEvaluator(8, 128 / 60000).at(0.5 / 0.69977 ** 2)).toBeCloseTo(1.14036348277955, 12);
  });

  it('matches a direct sum over all terms (skipping underflowing terms changes nothing)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 3, 16, 64, 300, 2048),
        fc.double({ min: 1e-4, max: 0.9, noNaN: true }),
        fc.double({ min: 0.3, max: 30, noNaN: true }),
        (alpha, q, sigma) => {
          const c = 0.5 / (sigma * sigma);
          const got = sampledGaussianIntegerRdp(q, sigma, alpha);
          const want = allTerms(alpha, q, c);
          // Reference built from lgamma: ~1e-13 absolute on each log term.
          expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-11 * want);
        },
      ),
      { seed: 20261122, numRuns: 60 },
    );
  });

  it('memoises one evaluator per order', () => {
    const evaluatorFor = stepRdpEvaluatorCache(0.01);
    expect(evaluatorFor(8)).toBe(evaluatorFor(8));
    expect(evaluatorFor(9)).not.toBe(evaluatorFor(8));
    expect(evaluatorFor(9).alpha).toBe(9);
  });
});
