// The closed form against the exact β* = 1 − δ(0) of the PLD accountant (Cherubin et al. 2024,
// Prop. 8 and §4.1: error ≤ 0.01 for σ ≥ 1 up to 50 epochs at p = 0.001): the estimate is close,
// and the certified lower bound never exceeds the PLD's upper end of the true β*.
import { describe, expect, it } from 'vitest';
import { bayesSecurityMia } from './bayes-security-mia.js';
import { bayesSecurityFromPld } from './bayes-security-pld.js';

describe('Bayes security vs the PLD accountant', () => {
  for (const [p, sigma, steps, relation] of [
    [0.01, 2, 1000, 'substitution'],
    [0.001, 1, 3000, 'substitution'],
    [0.01, 2, 1000, 'addRemove'],
  ] as const) {
    it(`p = ${p}, σ = ${sigma}, T = ${steps}, ${relation}`, () => {
      const exact = bayesSecurityFromPld({ samplingRate: p, noiseMultiplier: sigma, steps, relation });
      expect(exact.lower).toBeLessThanOrEqual(exact.upper);
      expect(exact.upper - exact.lower).toBeLessThan(0.01);
      const bound = bayesSecurityMia({ samplingRate: p, noiseMultiplier: sigma, steps, relation });
      expect(Math.abs(bound.bayesSecurity - exact.lower)).toBeLessThan(0.01);
      expect(bound.certifiedLowerBound).toBeLessThanOrEqual(exact.upper);
    });
  }
  it('p = 0 is perfectly secure and inputs are validated', () => {
    expect(bayesSecurityFromPld({ samplingRate: 0, noiseMultiplier: 1, steps: 10 })).toEqual({ lower: 1, upper: 1 });
    expect(() => bayesSecurityFromPld({ samplingRate: 0.1, noiseMultiplier: 1, steps: 1.5 })).toThrow(/steps/);
  });
});
