// The closed form against the exact β* = 1 − δ(0) of the substitution PLD (Cherubin et al. 2024,
// Prop. 8 and §4.1: error ≤ 0.01 for σ ≥ 1 up to 50 epochs): the estimate is close, and the
// certified lower bound is never above the (pessimistic, hence lower) PLD value.
import { describe, expect, it } from 'vitest';
import { dpSgdEvent } from '../../events/mechanism-event.js';
import { PldAccountant } from '../../pld/pld-accountant.js';
import { bayesSecurityMia } from './bayes-security-mia.js';

describe('Bayes security vs the PLD accountant (substitution)', () => {
  for (const [p, sigma, steps] of [
    [0.01, 2, 1000],
    [0.001, 1, 5000],
  ] as const) {
    it(`p = ${p}, σ = ${sigma}, T = ${steps}`, () => {
      const pld = new PldAccountant({ neighbouring: 'substitution' }).compose(dpSgdEvent({ samplingRate: p, noiseMultiplier: sigma, steps }));
      const exact = 1 - pld.getDelta(0);
      const bound = bayesSecurityMia({ samplingRate: p, noiseMultiplier: sigma, steps });
      expect(Math.abs(bound.bayesSecurity - exact)).toBeLessThan(0.01);
      expect(bound.certifiedLowerBound).toBeLessThanOrEqual(exact + 1e-9);
    });
  }
});
