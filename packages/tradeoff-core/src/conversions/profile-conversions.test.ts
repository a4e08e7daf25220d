import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { epsilonDeltaTradeOff } from '../curve/epsilon-delta-trade-off.js';
import { gaussianTradeOff } from '../curve/gaussian-trade-off.js';
import { laplaceTradeOff } from '../curve/laplace-trade-off.js';
import { piecewiseLinearTradeOff } from '../curve/piecewise-linear-trade-off.js';
import { checkGrid } from '../test-helpers/curve-properties.js';
import { subsample } from '../operations/subsample.js';
import { epsilonFromTradeOff } from './epsilon-from-trade-off.js';
import { gdpDelta } from './gdp-delta.js';
import { privacyProfile } from './privacy-profile.js';
import { tradeOffFromEpsilonDeltaPairs, tradeOffFromPrivacyProfile } from './trade-off-from-profile.js';

describe('ε(δ) of a curve', () => {
  it('inverts closed-form profiles: Laplace ε = μ + 2 ln(1 − δ); (ε, δ) curve gives back ε', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 8, noNaN: true }), fc.double({ min: 1e-6, max: 0.3, noNaN: true }), (mu, delta) => {
        const expected = Math.max(0, mu + 2 * Math.log1p(-delta));
        expect(epsilonFromTradeOff(laplaceTradeOff(mu), delta)).toBeCloseTo(expected, 9);
        expect(epsilonFromTradeOff(epsilonDeltaTradeOff(mu, delta), delta)).toBeLessThanOrEqual(mu + 1e-9);
        expect(epsilonFromTradeOff(epsilonDeltaTradeOff(mu, delta), delta * 0.999)).toBe(Infinity);
      }),
      { seed: 31, numRuns: 30 },
    );
  });

  it('agrees with gdpEpsilon on a subsampled curve through the generic profile, and is 0 above TV', () => {
    const f = subsample(gaussianTradeOff(3), 0.2);
    const eps = epsilonFromTradeOff(f, 1e-4);
    expect(privacyProfile(f, eps)).toBeCloseTo(1e-4, 12);
    expect(epsilonFromTradeOff(f, 0.99)).toBe(0);
    expect(() => epsilonFromTradeOff(f, 0)).toThrow(DpboundsRangeError);
  });
});

describe('from a profile back to a curve (Dong, Roth & Su 2022, Proposition 2.12)', () => {
  it('G_μ from its GDP profile: never above G_μ, close to it', () => {
    for (const mu of [0.5, 1, 3]) {
      const g = gaussianTradeOff(mu);
      const back = tradeOffFromPrivacyProfile((e) => gdpDelta(mu, e), { symmetric: true });
      const twoSided = tradeOffFromPrivacyProfile((e) => gdpDelta(mu, e));
      for (const a of checkGrid) {
        expect(back.evaluate(a)).toBeLessThanOrEqual(g.evaluate(a) + 1e-12);
        expect(twoSided.evaluate(a)).toBeLessThanOrEqual(g.evaluate(a) + 1e-12);
        expect(g.evaluate(a) - back.evaluate(a)).toBeLessThan(1e-3);
      }
      expect(Math.abs(back.evaluate(0.1) - g.evaluate(0.1))).toBeLessThan(1e-5);
    }
  });

  it('one (ε, δ) pair gives f_{ε,δ}; several give their maximum', () => {
    const one = tradeOffFromEpsilonDeltaPairs([1], [1e-5]);
    const exact = epsilonDeltaTradeOff(1, 1e-5);
    for (const a of checkGrid) expect(one.evaluate(a)).toBeCloseTo(exact.evaluate(a), 14);
    const two = tradeOffFromEpsilonDeltaPairs([0.5, 2], [0.1, 0.01]);
    for (const a of checkGrid) expect(two.evaluate(a)).toBeCloseTo(Math.max(epsilonDeltaTradeOff(0.5, 0.1).evaluate(a), epsilonDeltaTradeOff(2, 0.01).evaluate(a)), 14);
  });

  it('round-trips a numeric curve through its exact profile on the knot slopes', () => {
    const f = piecewiseLinearTradeOff([0.05, 0.2, 0.5], [0.6, 0.25, 0.05]);
    const slopes = [];
    for (let i = 1; i < f.alpha.length; i++) slopes.push(Math.log(-(((f.beta[i] as number) - (f.beta[i - 1] as number)) / ((f.alpha[i] as number) - (f.alpha[i - 1] as number)))));
    const back = tradeOffFromPrivacyProfile((e) => privacyProfile(f, e), { epsilons: slopes.filter(Number.isFinite) });
    for (const a of checkGrid) expect(back.evaluate(a)).toBeCloseTo(f.evaluate(a), 12);
  });

  it('rejects invalid profiles', () => {
    expect(() => tradeOffFromPrivacyProfile(() => Number.NaN)).toThrow(DpboundsRangeError);
    expect(() => tradeOffFromPrivacyProfile(1e-5 as unknown as (e: number) => number)).toThrow(/delta must be a function/);
    expect(() => tradeOffFromPrivacyProfile(() => 1.5)).toThrow(/delta\(/);
    expect(() => tradeOffFromEpsilonDeltaPairs([-1], [0.1])).toThrow(/epsilons\[0\]/);
    expect(() => tradeOffFromEpsilonDeltaPairs([1, 2], [0.1])).toThrow();
  });
});
