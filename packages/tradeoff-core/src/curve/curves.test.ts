import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, DpboundsTypeError, normalCdf } from '@dpbounds/special-functions';
import { expectInvolution, expectTradeOffProperties } from '../test-helpers/curve-properties.js';
import { epsilonDeltaTradeOff } from './epsilon-delta-trade-off.js';
import { gaussianTradeOff } from './gaussian-trade-off.js';
import { identityTradeOff } from './identity-trade-off.js';
import { laplaceTradeOff } from './laplace-trade-off.js';
import { piecewiseLinearTradeOff } from './piecewise-linear-trade-off.js';
import { tradeOffFromFunction } from './trade-off-from-function.js';

const params = { seed: 20261122, numRuns: 25 };

describe('analytic curves', () => {
  it('are trade-off functions and their own inverses (fast-check over parameters)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 12, noNaN: true }), (mu) => {
        expectTradeOffProperties(gaussianTradeOff(mu), 1e-12, `G_${mu}`);
        expectTradeOffProperties(laplaceTradeOff(mu), 1e-12, `L_${mu}`);
        const g = gaussianTradeOff(mu);
        expect(g.inverse()).toBe(g);
        expect(laplaceTradeOff(mu).inverse().evaluate(0.2)).toBe(laplaceTradeOff(mu).evaluate(0.2));
      }),
      params,
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (eps, delta) => {
        expectTradeOffProperties(epsilonDeltaTradeOff(eps, delta), 1e-12, `f_${eps},${delta}`);
      }),
      params,
    );
    expectTradeOffProperties(identityTradeOff(), 1e-15);
  });

  it('G_μ matches Φ(Φ⁻¹(1−α) − μ) and its TPR formula Q(Q⁻¹(a) − μ)', () => {
    const g = gaussianTradeOff(2);
    expect(g.evaluate(0.5)).toBeCloseTo(normalCdf(-2), 15);
    // symmetric: G(G(α)) = α
    for (const a of [1e-9, 0.01, 0.3, 0.9]) expect(g.evaluate(g.evaluate(a))).toBeCloseTo(a, 12);
    expect(gaussianTradeOff(0).evaluate(0.25)).toBe(0.75);
  });

  it('Laplace curve is continuous at its breakpoints', () => {
    const mu = 1.3;
    const l = laplaceTradeOff(mu);
    const b = Math.exp(-mu) / 2;
    expect(l.evaluate(b * (1 - 1e-12))).toBeCloseTo(l.evaluate(b), 10);
    expect(l.evaluate(0.5 - 1e-12)).toBeCloseTo(l.evaluate(0.5), 10);
  });

  it('(ε, δ) curve with ε = δ = 0 is the identity and hits 0 at α = 1 − δ', () => {
    expect(epsilonDeltaTradeOff(0, 0).evaluate(0.37)).toBeCloseTo(0.63, 15);
    const f = epsilonDeltaTradeOff(1, 0.2);
    expect(f.evaluate(0.8)).toBe(0);
    expect(f.evaluate(0.79)).toBeGreaterThan(0);
  });

  it('reject invalid parameters and α with typed errors naming the parameter', () => {
    expect(() => gaussianTradeOff(-1)).toThrow(DpboundsRangeError);
    expect(() => gaussianTradeOff(Number.NaN)).toThrow(/mu/);
    expect(() => gaussianTradeOff(Infinity)).toThrow(DpboundsRangeError);
    expect(() => gaussianTradeOff(1).evaluate(1.5)).toThrow(/alpha must be in \[0, 1\]; found 1.5/);
    expect(() => laplaceTradeOff(-0.1)).toThrow(/epsilon/);
    expect(() => epsilonDeltaTradeOff(1, 1.1)).toThrow(/delta/);
    expect(() => identityTradeOff().evaluate(Number.NaN)).toThrow(DpboundsRangeError);
  });

  it('serialise to JSON and sample on the plotting grid', () => {
    expect(JSON.parse(JSON.stringify(gaussianTradeOff(1.5)))).toEqual({ kind: 'gaussian', mu: 1.5 });
    expect(epsilonDeltaTradeOff(1, 1e-5).toJSON()).toEqual({ kind: 'epsilonDelta', epsilon: 1, delta: 1e-5 });
    const s = gaussianTradeOff(1).sample(50);
    expect(s.alpha.length).toBe(50);
    expect(s.alpha[0]).toBe(0);
    expect(s.alpha[49]).toBe(1);
    for (let i = 1; i < 50; i++) expect(s.alpha[i]).toBeGreaterThan(s.alpha[i - 1] as number);
    expect(s.beta[0]).toBe(1);
    expect(() => gaussianTradeOff(1).sample(2)).toThrow(DpboundsRangeError);
  });
});

describe('piecewise-linear curves', () => {
  const knots = fc
    .array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 40 })
    .map((pts) => ({ alpha: pts.map((p) => p[0]), beta: pts.map((p) => p[1]) }));

  it('are convex trade-off functions below every knot, and invert as an involution', () => {
    fc.assert(
      fc.property(knots, ({ alpha, beta }) => {
        const curve = piecewiseLinearTradeOff(alpha, beta);
        expectTradeOffProperties(curve, 1e-12, 'pl');
        expectTradeOffProperties(curve.inverse(), 1e-12, 'pl⁻¹');
        expectInvolution(curve, 1e-12, 'pl');
        alpha.forEach((a, i) => expect(curve.evaluate(a)).toBeLessThanOrEqual((beta[i] as number) + 1e-15));
      }),
      params,
    );
  });

  it('are exact at hull knots and linear between them', () => {
    const c = piecewiseLinearTradeOff([0.5, 0.1, 0.3], [0.1, 0.5, 0.4]);
    // (0.3, 0.4) lies above the chord from (0.1, 0.5) to (0.5, 0.1): dropped
    expect(Array.from(c.alpha)).toEqual([0, 0.1, 0.5, 1]);
    expect(c.evaluate(0.3)).toBeCloseTo(0.3, 15);
    expect(c.evaluate(0.1)).toBe(0.5);
    expect(c.evaluate(0.05)).toBeCloseTo(0.75, 15);
    expect(c.evaluateMany([0, 1])).toEqual(Float64Array.of(1, 0));
  });

  it('inverse swaps the axes (f⁻¹(0) is the first zero of f)', () => {
    const c = piecewiseLinearTradeOff([0, 0.6], [0.9, 0]);
    const inv = c.inverse();
    expect(inv.evaluate(0)).toBeCloseTo(0.6, 15);
    expect(inv.evaluate(0.95)).toBe(0);
    expect(inv.evaluate(0.45)).toBeCloseTo(0.3, 15);
  });

  it('reject malformed knots with typed errors', () => {
    expect(() => piecewiseLinearTradeOff([0.1], [0.2, 0.3])).toThrow(DpboundsTypeError);
    expect(() => piecewiseLinearTradeOff([], [])).toThrow(DpboundsTypeError);
    expect(() => piecewiseLinearTradeOff([1.2], [0])).toThrow(DpboundsRangeError);
    expect(() => piecewiseLinearTradeOff([0.2], [Number.NaN])).toThrow(/beta\[0\]/);
  });

  it('round-trip through JSON knots', () => {
    const c = piecewiseLinearTradeOff([0.2, 0.6], [0.5, 0.1]);
    const json = c.toJSON() as unknown as { alpha: number[]; beta: number[] };
    expect(piecewiseLinearTradeOff(json.alpha, json.beta).toJSON()).toEqual(json);
  });
});

describe('tradeOffFromFunction', () => {
  it('approximates G_μ within the tolerance, including near both ends', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 6, noNaN: true }), (mu) => {
        const g = gaussianTradeOff(mu);
        const numeric = tradeOffFromFunction((a) => g.evaluate(a), { tolerance: 1e-8 });
        expectTradeOffProperties(numeric, 1e-12, `numeric G_${mu}`);
        for (const a of [1e-10, 1e-6, 1e-3, 0.05, 0.37, 0.999]) {
          expect(Math.abs(numeric.evaluate(a) - g.evaluate(a)), `α=${a}`).toBeLessThan(3e-8);
        }
      }),
      { seed: 7, numRuns: 8 },
    );
  });

  it('rejects functions returning NaN or values outside [0, 1]', () => {
    expect(() => tradeOffFromFunction(() => Number.NaN)).toThrow(DpboundsRangeError);
    expect(() => tradeOffFromFunction((a) => 2 - a)).toThrow(/f\(/);
    expect(() => tradeOffFromFunction((a) => 1 - a, { tolerance: 0 })).toThrow(/tolerance/);
    expect(() => tradeOffFromFunction(0.5 as unknown as (a: number) => number)).toThrow(DpboundsTypeError);
  });
});
