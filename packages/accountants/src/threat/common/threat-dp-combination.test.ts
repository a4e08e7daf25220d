import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { epsilonDeltaTradeOff, gaussianTradeOff, privacyProfile, subsamplingOperator } from '@dpbounds/tradeoff-core';
import { dpSgdEvent } from '../../events/mechanism-event.js';
import { PldAccountant } from '../../pld/pld-accountant.js';
import { dpSgdGuaranteeCurve } from './dp-sgd-guarantee-curve.js';
import { weakerKind } from './result-kinds.js';
import { combineThreatWithDp } from './threat-dp-combination.js';

const params = { seed: 20261125, numRuns: 60 };

describe('the DP guarantee curve of a DP-SGD run', () => {
  it('one Poisson step lies on or below the exact curve C_q(G_{1/σ}) (add-remove)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.9, noNaN: true }), fc.double({ min: 0.5, max: 4, noNaN: true }), fc.double({ min: 1e-4, max: 0.999, noNaN: true }), (q, sigma, alpha) => {
        const guarantee = dpSgdGuaranteeCurve({ samplingRate: q, noiseMultiplier: sigma, steps: 1, neighbouring: 'add-remove' });
        const exact = subsamplingOperator(gaussianTradeOff(1 / sigma), q);
        expect(guarantee.evaluate(alpha)).toBeLessThanOrEqual(exact.evaluate(alpha) + 1e-9);
      }),
      { ...params, numRuns: 25 },
    );
  });

  it('its privacy profile is never below the PLD accountant’s rigorous lower bound on δ(ε) (both relations)', () => {
    for (const neighbouring of ['add-remove', 'substitution'] as const) {
      const run = { samplingRate: 0.02, noiseMultiplier: 1.2, steps: 300, neighbouring };
      const curve = dpSgdGuaranteeCurve(run);
      const pld = new PldAccountant({ neighbouring }).compose(dpSgdEvent({ samplingRate: run.samplingRate, noiseMultiplier: run.noiseMultiplier, steps: run.steps }));
      for (const eps of [0, 0.25, 0.5, 1, 2]) {
        expect(privacyProfile(curve, eps)).toBeGreaterThanOrEqual(pld.getDeltaBounds(eps).lower - 1e-12);
      }
    }
  });

  it('full batches give the exact Gaussian curve (sensitivity 2 for substitution), q = 0 gives 1 − α', () => {
    expect(dpSgdGuaranteeCurve({ samplingRate: 1, noiseMultiplier: 2, steps: 4, neighbouring: 'add-remove' }).evaluate(0.3)).toBeCloseTo(gaussianTradeOff(1).evaluate(0.3), 14);
    expect(dpSgdGuaranteeCurve({ samplingRate: 1, noiseMultiplier: 2, steps: 4, neighbouring: 'substitution' }).evaluate(0.3)).toBeCloseTo(gaussianTradeOff(2).evaluate(0.3), 14);
    expect(dpSgdGuaranteeCurve({ samplingRate: 0, noiseMultiplier: 2, steps: 4, neighbouring: 'substitution' }).evaluate(0.3)).toBeCloseTo(0.7, 14);
  });

  it('rejects bad input naming the parameter', () => {
    expect(() => dpSgdGuaranteeCurve({ samplingRate: 1.5, noiseMultiplier: 1, steps: 1, neighbouring: 'add-remove' })).toThrow(/samplingRate/);
    expect(() => dpSgdGuaranteeCurve({ samplingRate: 0.5, noiseMultiplier: 0, steps: 1, neighbouring: 'add-remove' })).toThrow(/noiseMultiplier/);
    expect(() => dpSgdGuaranteeCurve({ samplingRate: 0.5, noiseMultiplier: 1, steps: 1.5, neighbouring: 'add-remove' })).toThrow(/steps/);
    expect(() => dpSgdGuaranteeCurve({ samplingRate: 0.5, noiseMultiplier: 1, steps: 1, neighbouring: 'replace' as never })).toThrow(/neighbouring/);
  });
});

describe('combineThreatWithDp', () => {
  it('at every FPR: combined ≥ DP guarantee and ≥ threat curve; TPR rows say which binds', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 3, noNaN: true }), fc.double({ min: 0, max: 0.5, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (mu, tv, fpr) => {
        const threat = epsilonDeltaTradeOff(0, tv);
        const dp = gaussianTradeOff(mu);
        const c = combineThreatWithDp({ threat, threatKind: 'guarantee', dp, neighbouring: 'substitution', fprs: [fpr] });
        const combined = c.combined.curve.evaluate(fpr);
        expect(combined).toBeGreaterThanOrEqual(dp.evaluate(fpr) - 1e-15);
        expect(combined).toBeGreaterThanOrEqual(threat.evaluate(fpr) - 1e-15);
        const row = c.combined.tprAtFpr[0];
        expect(row?.tpr).toBeCloseTo(1 - combined, 12);
        expect(row?.binds).toBe(threat.evaluate(fpr) > dp.evaluate(fpr) + 1e-12 ? 'threat' : 'dp');
        expect(c.combined.bayesSecurity).toBeGreaterThanOrEqual(Math.max(c.dp.bayesSecurity, 1 - tv) - 1e-9);
      }),
      params,
    );
  });

  it('labels: the DP side is a guarantee, the combination takes the weaker kind', () => {
    const c = combineThreatWithDp({ threat: gaussianTradeOff(0.5), threatKind: 'estimate', dp: gaussianTradeOff(1), neighbouring: 'add-remove', fprs: [0.01] });
    expect(c.dp.kind).toBe('guarantee');
    expect(c.combined.kind).toBe('estimate');
    expect(c.combined.neighbouring).toBe('add-remove');
    // the curves tie at the ends (f(0) = 1, f(1) = 0; ties go to dp); the threat curve binds in between
    expect(c.combined.binding.filter((b) => b.binds === 'threat')).toEqual([expect.objectContaining({ binds: 'threat' })]);
    expect(c.combined.binding.find((b) => b.binds === 'threat')?.from).toBeLessThan(1e-9);
    expect(c.combined.dpEverywhere).toBe(false);
    expect(combineThreatWithDp({ threat: gaussianTradeOff(2), threatKind: 'guarantee', dp: gaussianTradeOff(1), neighbouring: 'add-remove', fprs: [0.01] }).combined.dpEverywhere).toBe(true);
    expect(weakerKind('guarantee', 'guarantee')).toBe('guarantee');
    expect(weakerKind('empirical', 'guarantee')).toBe('empirical');
    expect(weakerKind('lower-bound', 'estimate')).toBe('estimate');
  });
});

describe('combineThreatWithDp takes one checked options object', () => {
  it('refuses unknown keys, a bad kind, a non-curve and a bad relation, naming the field; fprs default to none', () => {
    const good = { threat: gaussianTradeOff(0.5), threatKind: 'estimate', dp: gaussianTradeOff(1), neighbouring: 'substitution' } as const;
    expect(combineThreatWithDp(good).combined.tprAtFpr).toEqual([]);
    expect(() => combineThreatWithDp({ ...good, fpr: [0.1] } as never)).toThrow(/options\.fpr/);
    expect(() => combineThreatWithDp({ ...good, threatKind: 'bound' as never })).toThrow(/threatKind/);
    expect(() => combineThreatWithDp({ ...good, dp: {} as never })).toThrow(/dp/);
    expect(() => combineThreatWithDp({ ...good, neighbouring: 'addRemove' as never })).toThrow(/neighbouring/);
  });
});
