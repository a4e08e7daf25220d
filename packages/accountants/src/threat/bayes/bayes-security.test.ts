import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { bayesSecurity as curveBayesSecurity } from '@dpbounds/tradeoff-core';
import { bayesSecurityAttributeInference } from './bayes-security-ai.js';
import { analyzeBayesSecurity } from './bayes-security-analysis.js';
import { bayesSecurityMia } from './bayes-security-mia.js';
import { noiseMultiplierForBayesSecurity, samplingRateForBayesSecurity, stepsForBayesSecurity } from './bayes-parameter-selection.js';
import { bayesAttackSuccess, bayesSecurityFromEpsilonDelta, epsilonFromBayesSecurity } from './bayes-derived-metrics.js';

const params = { seed: 20261122, numRuns: 200 };
const rate = fc.double({ min: 1e-6, max: 0.5, noNaN: true });
const sigma = fc.double({ min: 0.3, max: 20, noNaN: true });
const steps = fc.integer({ min: 1, max: 100_000 });

describe('Bayes security against membership inference (Cherubin et al. 2024, Cor. 7)', () => {
  it('is in [0, 1], with certified lower bound ≤ estimate and add/remove ≥ substitution', () => {
    fc.assert(
      fc.property(rate, sigma, steps, (p, s, T) => {
        const sub = bayesSecurityMia({ samplingRate: p, noiseMultiplier: s, steps: T });
        const ar = bayesSecurityMia({ samplingRate: p, noiseMultiplier: s, steps: T, relation: 'addRemove' });
        for (const b of [sub, ar]) {
          expect(b.bayesSecurity).toBeGreaterThanOrEqual(0);
          expect(b.bayesSecurity).toBeLessThanOrEqual(1);
          expect(b.certifiedLowerBound).toBeGreaterThanOrEqual(0);
          expect(b.certifiedLowerBound).toBeLessThanOrEqual(b.bayesSecurity);
          expect(b.certifiedLowerBound).toBeGreaterThanOrEqual(b.mixtureConvexityLowerBound);
        }
        expect(ar.bayesSecurity).toBeGreaterThanOrEqual(sub.bayesSecurity);
        expect(sub.approximationError).toBeCloseTo(2 * sub.tvErrorTerm, 14);
        expect(ar.approximationError).toBe(ar.tvErrorTerm);
      }),
      params,
    );
  });

  it('increases with σ and decreases with p and T', () => {
    fc.assert(
      fc.property(rate, sigma, steps, fc.double({ min: 1.01, max: 3, noNaN: true }), (p, s, T, k) => {
        const b = (pp: number, ss: number, TT: number) => bayesSecurityMia({ samplingRate: pp, noiseMultiplier: ss, steps: TT }).bayesSecurity;
        expect(b(p, s * k, T)).toBeGreaterThanOrEqual(b(p, s, T));
        expect(b(Math.min(1, p * k), s, T)).toBeLessThanOrEqual(b(p, s, T));
        expect(b(p, s, Math.ceil(T * k))).toBeLessThanOrEqual(b(p, s, T));
      }),
      params,
    );
  });

  it('equals 1 − TV of its Gaussian approximation G_μ, μ = 2p√T/σ', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-4, max: 0.05, noNaN: true }), sigma, fc.integer({ min: 1, max: 5000 }), (p, s, T) => {
        const a = analyzeBayesSecurity({ threat: 'mia', samplingRate: p, noiseMultiplier: s, steps: T });
        expect(Math.abs(curveBayesSecurity(a.gaussianApproximation) - a.bayesSecurity)).toBeLessThan(1e-9);
      }),
      { ...params, numRuns: 40 },
    );
  });

  it('parameter selection (Eq. 4) reaches the target and round-trips', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.999, noNaN: true }), sigma, steps, (beta, s, T) => {
        const p = samplingRateForBayesSecurity({ targetBayesSecurity: beta, noiseMultiplier: s, steps: T });
        if (p < 1) expect(bayesSecurityMia({ samplingRate: p, noiseMultiplier: s, steps: T }).bayesSecurity).toBeCloseTo(beta, 10);
        const q = Math.min(p, 0.5);
        const sig = noiseMultiplierForBayesSecurity({ targetBayesSecurity: beta, samplingRate: q, steps: T });
        expect(bayesSecurityMia({ samplingRate: q, noiseMultiplier: sig, steps: T }).bayesSecurity).toBeCloseTo(beta, 10);
        const TT = stepsForBayesSecurity({ targetBayesSecurity: beta, noiseMultiplier: s, samplingRate: q });
        expect(bayesSecurityMia({ samplingRate: q, noiseMultiplier: s, steps: TT }).bayesSecurity).toBeCloseTo(beta, 9);
      }),
      params,
    );
    expect(noiseMultiplierForBayesSecurity({ targetBayesSecurity: 0.9, samplingRate: 0, steps: 100 })).toBe(0);
    expect(noiseMultiplierForBayesSecurity({ targetBayesSecurity: 1, samplingRate: 0.1, steps: 100 })).toBe(Infinity);
    expect(stepsForBayesSecurity({ targetBayesSecurity: 0.9, noiseMultiplier: 1, samplingRate: 0 })).toBe(Infinity);
    expect(samplingRateForBayesSecurity({ targetBayesSecurity: 0.001, noiseMultiplier: 100, steps: 1 })).toBe(1);
  });

  it('reports the paper example: β* ≥ 0.98 means at most 51 % success (uniform prior)', () => {
    expect(bayesAttackSuccess(0.98)).toBeCloseTo(0.51, 12);
    expect(bayesAttackSuccess(0.98, 0.1)).toBeCloseTo(1 - 0.98 * 0.1, 12);
    expect(bayesAttackSuccess(0.98, 0.9)).toBeCloseTo(1 - 0.98 * 0.1, 12);
  });

  it('relates to (ε, δ): β ≥ (2 − 2δ)/(e^ε + 1) inverts to the ε estimate', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 0.1, noNaN: true }), (eps, delta) => {
        const b = bayesSecurityFromEpsilonDelta(eps, delta);
        expect(epsilonFromBayesSecurity(b, delta)).toBeCloseTo(eps, 8);
      }),
      params,
    );
  });

  it('rejects out-of-domain input naming the parameter', () => {
    expect(() => bayesSecurityMia({ samplingRate: 1.5, noiseMultiplier: 1, steps: 1 })).toThrow(/samplingRate/);
    expect(() => bayesSecurityMia({ samplingRate: 0.1, noiseMultiplier: Number.NaN, steps: 1 })).toThrow(DpboundsRangeError);
    expect(() => bayesSecurityMia({ samplingRate: 0.1, noiseMultiplier: 1, steps: -1 })).toThrow(/steps/);
  });
});

describe('Bayes security against attribute inference (Cor. 10)', () => {
  it('is never below the membership bound of the same run (R_t ≤ 2C) and carries the leakage warning', () => {
    fc.assert(
      fc.property(rate, sigma, fc.double({ min: 0.1, max: 5, noNaN: true }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 200 }), (p, s, C, fractions) => {
        const R = fractions.map((f) => 2 * C * f);
        const ai = bayesSecurityAttributeInference({ samplingRate: p, noiseMultiplier: s, clip: C, sensitivities: R });
        const mia = bayesSecurityMia({ samplingRate: p, noiseMultiplier: s, steps: R.length });
        expect(ai.bayesSecurity).toBeGreaterThanOrEqual(mia.bayesSecurity - 1e-15);
        expect(ai.certifiedLowerBound).toBeLessThanOrEqual(ai.bayesSecurity);
        expect(ai.warning).toMatch(/leak/);
      }),
      params,
    );
  });

  it('with R_t = 2C at every step equals the substitution membership bound', () => {
    const ai = bayesSecurityAttributeInference({ samplingRate: 0.01, noiseMultiplier: 1.5, clip: 0.7, sensitivities: Array.from({ length: 400 }, () => 1.4) });
    const mia = bayesSecurityMia({ samplingRate: 0.01, noiseMultiplier: 1.5, steps: 400 });
    expect(ai.bayesSecurity).toBeCloseTo(mia.bayesSecurity, 14);
  });

  it('rejects sensitivities above 2C or negative, naming the step', () => {
    expect(() => bayesSecurityAttributeInference({ samplingRate: 0.1, noiseMultiplier: 1, clip: 1, sensitivities: [0.5, 2.5] })).toThrow(/sensitivities\[1\]/);
    expect(() => bayesSecurityAttributeInference({ samplingRate: 0.1, noiseMultiplier: 1, clip: 1, sensitivities: [-0.1] })).toThrow(/sensitivities\[0\]/);
    expect(() => bayesSecurityAttributeInference({ samplingRate: 0.1, noiseMultiplier: 1, clip: 1, sensitivities: [] })).toThrow(/sensitivities/);
  });

  it('the analysis curve is the (0, 1 − β*) curve and the TPR bounds follow Prop. 9', () => {
    const a = analyzeBayesSecurity({ threat: 'ai', samplingRate: 0.01, noiseMultiplier: 1, clip: 1, sensitivities: [0.5, 1.2, 2, 0, 1.9] }, { fprs: [0, 0.01, 0.5] });
    expect(a.curve.evaluate(0)).toBeCloseTo(a.bayesSecurity, 14);
    for (const row of a.tprAtFpr) {
      expect(row.tpr).toBeCloseTo(Math.min(1, row.fpr + 1 - a.bayesSecurity), 14);
      expect(row.tprCertified).toBeGreaterThanOrEqual(row.tpr);
    }
    expect(a.sensitivityNorm).toBeCloseTo(3.049590136395381, 12);
  });
});
