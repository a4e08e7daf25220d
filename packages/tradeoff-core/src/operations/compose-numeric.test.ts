import { describe, expect, it } from 'vitest';
import { DpboundsRangeError } from '@dpbounds/special-functions';
import { epsilonDeltaTradeOff } from '../curve/epsilon-delta-trade-off.js';
import { gaussianTradeOff } from '../curve/gaussian-trade-off.js';
import { identityTradeOff } from '../curve/identity-trade-off.js';
import { laplaceTradeOff } from '../curve/laplace-trade-off.js';
import { piecewiseLinearTradeOff } from '../curve/piecewise-linear-trade-off.js';
import { checkGrid, expectTradeOffProperties } from '../test-helpers/curve-properties.js';
import { composeNumeric } from './compose-numeric.js';
import { subsample } from './subsample.js';

describe('composeNumeric (Dong, Roth & Su 2022, Definition 3.1)', () => {
  it('is exact for piecewise-linear curves: two randomised responses', () => {
    const eps = 0.7;
    const e = Math.exp(eps);
    // f_{ε,0} is the trade-off of P = (e^ε, 1)/(1 + e^ε), Q = (1, e^ε)/(1 + e^ε)
    const rr = piecewiseLinearTradeOff([1 / (1 + e)], [1 / (1 + e)]);
    const both = composeNumeric(rr, rr);
    // product atoms by likelihood ratio e^{2ε}, 1 (twice), e^{−2ε}
    const lo = 1 / (1 + e) ** 2;
    const mid = (2 * e) / (1 + e) ** 2;
    const expected = piecewiseLinearTradeOff([0, lo, lo + mid, 1], [1, 1 - e * e * lo, 1 - e * e * lo - mid, 0]);
    for (const a of checkGrid) expect(both.evaluate(a)).toBeCloseTo(expected.evaluate(a), 14);
  });

  it('G_μ1 ⊗ G_μ2 stays below G_√(μ1²+μ2²) and close to it', () => {
    const exact = gaussianTradeOff(Math.hypot(1, 1.5));
    const numeric = composeNumeric(gaussianTradeOff(1), gaussianTradeOff(1.5));
    expectTradeOffProperties(numeric, 1e-12, 'G ⊗ G');
    let worst = 0;
    for (const a of checkGrid) {
      const gap = exact.evaluate(a) - numeric.evaluate(a);
      expect(gap, `α=${a}`).toBeGreaterThanOrEqual(-1e-12);
      worst = Math.max(worst, gap);
    }
    expect(worst).toBeLessThan(1e-5);
  });

  it('the identity is neutral (up to the pessimistic discretisation); other curves compose to valid curves', () => {
    const f = subsample(laplaceTradeOff(2), 0.4);
    const withId = composeNumeric(f, identityTradeOff());
    for (const a of checkGrid) {
      expect(withId.evaluate(a)).toBeLessThanOrEqual(f.evaluate(a) + 1e-12);
      expect(f.evaluate(a) - withId.evaluate(a)).toBeLessThan(1e-5);
    }
    const mixed = composeNumeric(laplaceTradeOff(1), epsilonDeltaTradeOff(0.5, 0.01), { maxKnots: 200 });
    expectTradeOffProperties(mixed, 1e-12, 'L ⊗ f_{ε,δ}');
    expect(mixed.alpha.length).toBeLessThanOrEqual(200);
    // composing never helps privacy: below both factors
    for (const a of checkGrid) expect(mixed.evaluate(a)).toBeLessThanOrEqual(Math.min(laplaceTradeOff(1).evaluate(a), epsilonDeltaTradeOff(0.5, 0.01).evaluate(a)) + 1e-12);
    expect(() => composeNumeric(f, f, { maxKnots: 3 })).toThrow(DpboundsRangeError);
  });
});
