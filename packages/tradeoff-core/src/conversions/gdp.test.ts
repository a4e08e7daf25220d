import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DpboundsRangeError, normalCdf } from '@dpbounds/special-functions';
import { gaussianTradeOff } from '../curve/gaussian-trade-off.js';
import { gdpDelta } from './gdp-delta.js';
import { gdpEpsilon } from './gdp-epsilon.js';
import { gdpMuFromEpsilonDelta } from './gdp-mu.js';
import { privacyProfile } from './privacy-profile.js';

describe('GDP conversions (Dong, Roth & Su 2022, Corollary 2.13)', () => {
  it('δ(ε; μ) is non-increasing in ε, increasing in μ, within [max(0, 1 − e^ε), 1]', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10, noNaN: true }), fc.double({ min: -20, max: 60, noNaN: true }), (mu, eps) => {
        const d = gdpDelta(mu, eps);
        expect(Number.isNaN(d)).toBe(false);
        expect(d).toBeGreaterThanOrEqual(Math.max(0, -Math.expm1(eps)));
        expect(d).toBeLessThanOrEqual(1);
        expect(gdpDelta(mu, eps + 0.25)).toBeLessThanOrEqual(d * (1 + 1e-12) + 1e-300);
        expect(gdpDelta(mu + 0.25, eps)).toBeGreaterThanOrEqual(d * (1 - 1e-12));
      }),
      { seed: 1, numRuns: 200 },
    );
  });

  it('the erfcx branch agrees with the direct form where both are accurate, and keeps deep tails', () => {
    // a = −ε/μ + μ/2 crosses −5 at ε = μ(5 + μ/2): compare both sides of the switch
    const mu = 1;
    const edge = mu * (5 + mu / 2);
    const below = gdpDelta(mu, edge - 1e-9);
    const above = gdpDelta(mu, edge + 1e-9);
    expect(Math.abs(below - above) / below).toBeLessThan(1e-7);
    expect(gdpDelta(0.5, 5)).toBeCloseTo(4.4154434702996196e-24, 29);
    expect(gdpDelta(1, 300)).toBeGreaterThanOrEqual(0);
    expect(gdpDelta(3, 0)).toBeCloseTo(2 * normalCdf(1.5) - 1, 14);
  });

  it('ε(δ) and μ(ε, δ) invert δ(ε; μ)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 8, noNaN: true }), fc.double({ min: -15, max: -1, noNaN: true }), (mu, logDelta) => {
        const delta = 10 ** logDelta;
        const eps = gdpEpsilon(mu, delta);
        if (eps > 0) {
          expect(gdpDelta(mu, eps) / delta).toBeCloseTo(1, 8);
          expect(gdpMuFromEpsilonDelta(eps, delta) / mu).toBeCloseTo(1, 8);
        } else expect(delta).toBeGreaterThanOrEqual(gdpDelta(mu, 0));
      }),
      { seed: 2, numRuns: 60 },
    );
  });

  it('agree with the generic conjugate of G_μ', () => {
    const g = gaussianTradeOff(1.7);
    const opaque = { kind: 'opaque', evaluate: (a: number) => g.evaluate(a), inverse: () => g, sample: (n?: number) => g.sample(n), toJSON: () => g.toJSON() };
    for (const eps of [-2, -0.3, 0, 0.4, 1.5, 3]) expect(privacyProfile(opaque, eps)).toBeCloseTo(gdpDelta(1.7, eps), 13);
  });

  it('reject invalid input with typed errors', () => {
    expect(() => gdpDelta(-1, 0)).toThrow(DpboundsRangeError);
    expect(() => gdpDelta(1, Number.NaN)).toThrow(/epsilon/);
    expect(() => gdpEpsilon(1, 0)).toThrow(/delta must be in \(0, 1\]/);
    expect(() => gdpMuFromEpsilonDelta(-1, 1e-5)).toThrow(/epsilon/);
    expect(() => gdpMuFromEpsilonDelta(1, 1)).toThrow(/delta/);
    expect(() => privacyProfile(g0(), Number.NaN)).toThrow(DpboundsRangeError);
  });
});

function g0() {
  return gaussianTradeOff(0);
}
