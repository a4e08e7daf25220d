import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, normalCdf } from '@dpbounds/special-functions';
import { epsilonDeltaTradeOff } from '../curve/epsilon-delta-trade-off.js';
import { gaussianTradeOff } from '../curve/gaussian-trade-off.js';
import { identityTradeOff } from '../curve/identity-trade-off.js';
import { laplaceTradeOff } from '../curve/laplace-trade-off.js';
import { piecewiseLinearTradeOff } from '../curve/piecewise-linear-trade-off.js';
import type { TradeOffCurve } from '../curve/trade-off-curve.js';
import { bestAttackAccuracy } from './attack-accuracy.js';
import { auc } from './auc.js';
import { advantage, bayesSecurity, totalVariation } from './total-variation.js';
import { tprAtFpr } from './tpr-at-fpr.js';
import { tprBoundFromBayesSecurity } from './tpr-bound-from-bayes-security.js';

/** The same curve without its closed forms, so the generic numerical paths are exercised. */
const opaque = (c: TradeOffCurve): TradeOffCurve => ({ kind: 'opaque', evaluate: (a) => c.evaluate(a), inverse: () => c, sample: (n) => c.sample(n), toJSON: () => c.toJSON() });

describe('attack summaries of G_μ (Dong, Roth & Su 2022, §2)', () => {
  it('match the closed forms TV = 2Φ(μ/2) − 1, accuracy Φ(μ/2), AUC Φ(μ/√2)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 8, noNaN: true }), (mu) => {
        const g = gaussianTradeOff(mu);
        const tv = 2 * normalCdf(mu / 2) - 1;
        expect(totalVariation(g)).toBeCloseTo(tv, 13);
        expect(totalVariation(opaque(g))).toBeCloseTo(tv, 12);
        expect(advantage(g)).toBe(totalVariation(g));
        expect(bayesSecurity(g)).toBeCloseTo(2 * normalCdf(-mu / 2), 13);
        expect(bestAttackAccuracy(g)).toBeCloseTo(normalCdf(mu / 2), 12);
        expect(auc(g)).toBeCloseTo(normalCdf(mu / Math.SQRT2), 10);
      }),
      { seed: 11, numRuns: 20 },
    );
  });

  it('TPR at FPR is Q(Q⁻¹(a) − μ) and keeps the order of the FPRs', () => {
    const rows = tprAtFpr(gaussianTradeOff(1), [0.1, 0.001, 0.01]);
    expect(rows.map((r) => r.fpr)).toEqual([0.1, 0.001, 0.01]);
    expect(rows[2]?.tpr).toBeCloseTo(1 - 0.907637751926306, 14);
    expect(rows[1]?.tpr).toBeCloseTo(1 - 0.9817015315943434, 14);
    expect(() => tprAtFpr(gaussianTradeOff(1), [0.1, 2])).toThrow(/fprs\[1\]/);
  });
});

describe('summaries of other curves', () => {
  it('(ε, δ): TV = (e^ε − 1 + 2δ)/(e^ε + 1) (Kairouz et al. 2015)', () => {
    const eps = 1.2;
    const delta = 0.01;
    expect(totalVariation(epsilonDeltaTradeOff(eps, delta))).toBeCloseTo((Math.exp(eps) - 1 + 2 * delta) / (Math.exp(eps) + 1), 14);
    expect(totalVariation(opaque(epsilonDeltaTradeOff(eps, delta)))).toBeCloseTo((Math.exp(eps) - 1 + 2 * delta) / (Math.exp(eps) + 1), 12);
  });

  it('identity: nothing to learn', () => {
    expect(bayesSecurity(identityTradeOff())).toBe(1);
    expect(auc(identityTradeOff())).toBeCloseTo(0.5, 12);
    expect(bestAttackAccuracy(identityTradeOff(), 0.8)).toBeCloseTo(0.8, 14);
  });

  it('numeric curves: exact from the knots', () => {
    const c = piecewiseLinearTradeOff([0.1], [0.3]);
    expect(totalVariation(c)).toBeCloseTo(0.6, 15);
    expect(auc(c)).toBeCloseTo(1 - (0.1 * 1.3) / 2 - (0.9 * 0.3) / 2, 15);
    // prior 0.9: 1 − min over knots of 0.1α + 0.9 f(α) = 1 − min(0.9, 0.01 + 0.27, 0.1)
    expect(bestAttackAccuracy(c, 0.9)).toBeCloseTo(0.9, 15);
    expect(bestAttackAccuracy(c, 0.5)).toBeCloseTo(0.8, 15);
  });

  it('accuracy increases with μ and is at least max(π, 1 − π)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), (prior, mu) => {
        const lo = bestAttackAccuracy(laplaceTradeOff(mu), prior);
        const hi = bestAttackAccuracy(laplaceTradeOff(mu + 0.5), prior);
        expect(lo).toBeGreaterThanOrEqual(Math.max(prior, 1 - prior) - 1e-15);
        expect(hi).toBeGreaterThanOrEqual(lo - 1e-12);
      }),
      { seed: 5, numRuns: 30 },
    );
    expect(() => bestAttackAccuracy(identityTradeOff(), 1.5)).toThrow(DpboundsRangeError);
  });

  it('Cherubin et al. Prop. 9 bound holds against the curve it came from', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 4, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (mu, fpr) => {
        const g = gaussianTradeOff(mu);
        const [bound] = tprBoundFromBayesSecurity(bayesSecurity(g), [fpr]);
        const [exact] = tprAtFpr(g, [fpr]);
        expect(exact?.tpr).toBeLessThanOrEqual((bound?.tpr as number) + 1e-12);
      }),
      { seed: 3, numRuns: 50 },
    );
    const rows = tprBoundFromBayesSecurity(0.9, [0.01, 0.95]);
    expect(rows[0]?.tpr).toBeCloseTo(0.11, 15);
    expect(rows[1]).toEqual({ fpr: 0.95, tpr: 1 });
    expect(() => tprBoundFromBayesSecurity(1.1, [0.1])).toThrow(/betaStar/);
  });
});
