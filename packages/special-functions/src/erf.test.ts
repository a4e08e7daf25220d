import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erf, erfc, erfcx } from './erf.js';
import { erfcinv, erfinv } from './erfinv.js';

const seed = 20261122;

describe('erf family: properties', () => {
  it('erf is odd and erfc(−x) = 2 − erfc(x)', () => {
    fc.assert(
      fc.property(fc.double({ min: -30, max: 30, noNaN: true }), (x) => {
        expect(erf(-x)).toBe(-erf(x));
        expect(Math.abs(erfc(-x) - (2 - erfc(x)))).toBeLessThanOrEqual(4e-16);
      }),
      { seed, numRuns: 500 },
    );
  });
  it('erf is non-decreasing and erfc non-increasing (sorted grid across Cody intervals)', () => {
    let prevErf = -1;
    let prevErfc = 2;
    for (let x = -7; x <= 7; x += 0.0013) {
      expect(erf(x)).toBeGreaterThanOrEqual(prevErf);
      expect(erfc(x)).toBeLessThanOrEqual(prevErfc);
      prevErf = erf(x);
      prevErfc = erfc(x);
    }
  });
  it('erf + erfc = 1 where representable', () => {
    fc.assert(
      fc.property(fc.double({ min: -6, max: 6, noNaN: true }), (x) => {
        expect(Math.abs(erf(x) + erfc(x) - 1)).toBeLessThanOrEqual(4.5e-16);
      }),
      { seed, numRuns: 500 },
    );
  });
  it('erfinv ∘ erf and erfcinv ∘ erfc round-trip', () => {
    fc.assert(
      fc.property(fc.double({ min: -5.5, max: 5.5, noNaN: true }), (x) => {
        fc.pre(Math.abs(x) > 1e-300);
        expect(Math.abs(erfinv(erf(x)) - x)).toBeLessThanOrEqual(1e-15 * Math.abs(x) + 1e-15 * Math.exp(x * x));
      }),
      { seed, numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 26, noNaN: true }), (x) => {
        expect(Math.abs(erfcinv(erfc(x)) - x)).toBeLessThanOrEqual(2e-15 * Math.max(x, 1));
      }),
      { seed, numRuns: 500 },
    );
  });
  it('erfcx(x) = exp(x²)·erfc(x) for moderate x and ~1/(x√π) for large x', () => {
    for (const x of [-3, -1, 0, 0.3, 2, 5]) expect(Math.abs(erfcx(x) / (Math.exp(x * x) * erfc(x)) - 1)).toBeLessThan(1e-13);
    expect(erfcx(1e10)).toBeCloseTo(1 / (1e10 * Math.sqrt(Math.PI)), 25);
  });
});

describe('erf family: domain', () => {
  it('NaN in, NaN out; limits at ±∞', () => {
    for (const f of [erf, erfc, erfcx, erfinv, erfcinv]) expect(f(Number.NaN)).toBeNaN();
    expect(erf(Infinity)).toBe(1);
    expect(erf(-Infinity)).toBe(-1);
    expect(erfc(Infinity)).toBe(0);
    expect(erfc(-Infinity)).toBe(2);
    expect(erfcx(Infinity)).toBe(0);
    expect(erfcx(-Infinity)).toBe(Infinity);
    expect(erfcx(-30)).toBe(Infinity);
  });
  it('erfinv: ±∞ at ±1, NaN outside [−1, 1]', () => {
    expect(erfinv(1)).toBe(Infinity);
    expect(erfinv(-1)).toBe(-Infinity);
    expect(erfinv(1.0000001)).toBeNaN();
    expect(erfinv(-2)).toBeNaN();
    expect(erfinv(0)).toBe(0);
  });
  it('erfcinv: +∞ at 0, −∞ at 2, NaN outside [0, 2]', () => {
    expect(erfcinv(0)).toBe(Infinity);
    expect(erfcinv(2)).toBe(-Infinity);
    expect(erfcinv(-1e-300)).toBeNaN();
    expect(erfcinv(2.5)).toBeNaN();
    expect(erfcinv(1)).toBe(0);
  });
});
