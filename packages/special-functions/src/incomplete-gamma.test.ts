import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquaredCdf, chiSquaredLogCdf, chiSquaredLogSf, chiSquaredQuantile, chiSquaredSf, chiSquaredSfInverse } from './chi-squared.js';
import { gammaP, gammaQ, logGammaP, logGammaQ } from './incomplete-gamma.js';
import { gammaPInverse, gammaQInverse } from './incomplete-gamma-inverse.js';
import { lgamma } from './lgamma.js';
import { normalSfInverse } from './normal-quantile.js';

const seed = 20261122;
const shape = fc.double({ min: 0.05, max: 2e4, noNaN: true });

describe('lgamma', () => {
  it('satisfies the recurrence lgamma(x + 1) = lgamma(x) + log x', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1e6, noNaN: true }), (x) => {
        const lhs = lgamma(x + 1);
        const rhs = lgamma(x) + Math.log(x);
        expect(Math.abs(lhs - rhs)).toBeLessThanOrEqual(3e-15 * Math.max(1, Math.abs(lhs), Math.abs(Math.log(x))));
      }),
      { seed, numRuns: 500 },
    );
  });
  it('matches log of factorials and is exact at 1 and 2', () => {
    let logFactorial = 0;
    for (let n = 1; n <= 30; n++) {
      expect(lgamma(n + 1)).toBeCloseTo((logFactorial += Math.log(n)), 12);
    }
    expect(lgamma(1)).toBe(0);
    expect(lgamma(2)).toBe(0);
  });
  it('domain: poles give +∞, NaN gives NaN, negative non-integers use reflection', () => {
    expect(lgamma(0)).toBe(Infinity);
    expect(lgamma(-3)).toBe(Infinity);
    expect(lgamma(Infinity)).toBe(Infinity);
    expect(lgamma(-Infinity)).toBe(Infinity);
    expect(lgamma(Number.NaN)).toBeNaN();
    expect(lgamma(-0.5)).toBeCloseTo(Math.log(2 * Math.sqrt(Math.PI)), 14);
  });
});

describe('incomplete gamma: properties', () => {
  it('P + Q = 1 and log forms agree with linear forms', () => {
    fc.assert(
      fc.property(shape, fc.double({ min: 0.01, max: 5, noNaN: true }), (a, r) => {
        const x = a * r;
        const p = gammaP(a, x);
        const q = gammaQ(a, x);
        expect(Math.abs(p + q - 1)).toBeLessThanOrEqual(1e-14);
        if (p > 1e-300) expect(Math.abs(logGammaP(a, x) - Math.log(p))).toBeLessThanOrEqual(1e-13 * Math.max(1, Math.abs(Math.log(p))));
        if (q > 1e-300) expect(Math.abs(logGammaQ(a, x) - Math.log(q))).toBeLessThanOrEqual(1e-13 * Math.max(1, Math.abs(Math.log(q))));
      }),
      { seed, numRuns: 300 },
    );
  });
  it('P is non-decreasing in x and non-increasing in a', () => {
    fc.assert(
      fc.property(shape, fc.double({ min: 0.01, max: 4, noNaN: true }), fc.double({ min: 1e-4, max: 0.5, noNaN: true }), (a, r, h) => {
        const x = a * r;
        expect(gammaP(a, x * (1 + h))).toBeGreaterThanOrEqual(gammaP(a, x));
        expect(gammaP(a * (1 + h), x)).toBeLessThanOrEqual(gammaP(a, x));
        expect(logGammaP(a, x * (1 + h))).toBeGreaterThanOrEqual(logGammaP(a, x));
      }),
      { seed, numRuns: 300 },
    );
  });
  it('gammaPInverse ∘ gammaP and gammaQInverse ∘ gammaQ round-trip', () => {
    fc.assert(
      fc.property(shape, fc.double({ min: 0.05, max: 4, noNaN: true }), (a, r) => {
        const x = a * r;
        const p = gammaP(a, x);
        const q = gammaQ(a, x);
        if (p > 1e-300 && p < 0.999) expect(Math.abs(gammaPInverse(a, p) / x - 1)).toBeLessThanOrEqual(1e-10);
        if (q > 1e-300 && q < 0.999) expect(Math.abs(gammaQInverse(a, q) / x - 1)).toBeLessThanOrEqual(1e-10);
      }),
      { seed, numRuns: 300 },
    );
  });
  it('gamma inverses reach tiny tail probabilities (down to 1e-300)', () => {
    const upper: [number, number][] = [[0.5, 650], [3, 700], [1e3, 2600], [5e4, 58_700], [5e4, 51_400]];
    for (const [a, x] of upper) {
      const q = gammaQ(a, x);
      expect(q).toBeGreaterThan(1e-305);
      expect(Math.abs(gammaQInverse(a, q) / x - 1)).toBeLessThanOrEqual(1e-13);
    }
    const lower: [number, number][] = [[0.5, 1e-290], [3, 1e-98], [1e3, 240], [5e4, 42_200], [5e4, 48_600]];
    for (const [a, x] of lower) {
      const p = gammaP(a, x);
      expect(p).toBeGreaterThan(1e-305);
      expect(Math.abs(gammaPInverse(a, p) / x - 1)).toBeLessThanOrEqual(1e-13);
    }
    // a root below the smallest double underflows towards 0 instead of failing
    expect(gammaPInverse(0.5, 1e-300)).toBeLessThanOrEqual(5e-324);
  });
  it('stays accurate for a far beyond 1e5: P(a, a) = ½ + 1/(3√(2πa)) + O(a^{-3/2})', () => {
    for (const a of [1e6, 1e8]) {
      expect(Math.abs(gammaP(a, a) - 0.5 - 1 / (3 * Math.sqrt(2 * Math.PI * a)))).toBeLessThan(1e-11);
    }
  });
  it('domain: NaN for a ≤ 0, x < 0 or NaN; boundary values at 0 and ∞', () => {
    for (const [a, x] of [
      [0, 1],
      [-1, 1],
      [1, -1],
      [Number.NaN, 1],
      [1, Number.NaN],
      [Infinity, 1],
    ] as const) {
      expect(gammaP(a, x)).toBeNaN();
      expect(gammaQ(a, x)).toBeNaN();
      expect(logGammaP(a, x)).toBeNaN();
      expect(logGammaQ(a, x)).toBeNaN();
    }
    expect(gammaP(2, 0)).toBe(0);
    expect(gammaQ(2, 0)).toBe(1);
    expect(gammaP(2, Infinity)).toBe(1);
    expect(gammaQ(2, Infinity)).toBe(0);
    expect(gammaPInverse(2, 0)).toBe(0);
    expect(gammaPInverse(2, 1)).toBe(Infinity);
    expect(gammaQInverse(2, 0)).toBe(Infinity);
    expect(gammaQInverse(2, 1)).toBe(0);
    expect(gammaPInverse(2, 1.5)).toBeNaN();
    expect(gammaQInverse(-2, 0.5)).toBeNaN();
    expect(gammaPInverse(2, Number.NaN)).toBeNaN();
  });
});

describe('chi-squared', () => {
  it('is the gamma distribution with shape k/2, scale 2; CDF + SF = 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0.01, max: 3, noNaN: true }), (k, r) => {
        const x = k * r;
        expect(chiSquaredCdf(x, k)).toBe(gammaP(k / 2, x / 2));
        expect(Math.abs(chiSquaredCdf(x, k) + chiSquaredSf(x, k) - 1)).toBeLessThanOrEqual(1e-14);
      }),
      { seed, numRuns: 200 },
    );
  });
  it('chiSquaredQuantile ∘ chiSquaredCdf round-trips and the quantile is monotone in p', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 1e-12, max: 1 - 1e-9, noNaN: true }), (k, p) => {
        const x = chiSquaredQuantile(p, k);
        expect(Math.abs(chiSquaredCdf(x, k) - p)).toBeLessThanOrEqual(1e-11 * Math.max(p, 1e-3));
        expect(chiSquaredQuantile(Math.min(1, p * 1.01), k)).toBeGreaterThanOrEqual(x);
      }),
      { seed, numRuns: 200 },
    );
  });
  it('known critical values (textbook tables)', () => {
    expect(chiSquaredQuantile(0.95, 1)).toBeCloseTo(3.841458820694124, 12);
    expect(chiSquaredQuantile(0.99, 10)).toBeCloseTo(23.209251158954356, 11);
    // P[χ²₁ > x] = 2Φ̄(√x)
    expect(chiSquaredSfInverse(1e-10, 1)).toBeCloseTo(normalSfInverse(5e-11) ** 2, 11);
  });
  it('log forms stay finite where the values underflow (k = 1e5, far tails)', () => {
    const lc = chiSquaredLogCdf(5e4, 1e5);
    const ls = chiSquaredLogSf(2e5, 1e5);
    expect(lc).toBeLessThan(-700);
    expect(ls).toBeLessThan(-700);
    expect(Number.isFinite(lc) && Number.isFinite(ls)).toBe(true);
    expect(chiSquaredCdf(5e4, 1e5)).toBe(0);
  });
  it('domain: NaN for k ≤ 0 or NaN; x ≤ 0 gives CDF 0 and SF 1', () => {
    expect(chiSquaredCdf(1, 0)).toBeNaN();
    expect(chiSquaredSf(1, -2)).toBeNaN();
    expect(chiSquaredCdf(Number.NaN, 2)).toBeNaN();
    expect(chiSquaredQuantile(0.5, 0)).toBeNaN();
    expect(chiSquaredQuantile(2, 3)).toBeNaN();
    expect(chiSquaredCdf(-1, 2)).toBe(0);
    expect(chiSquaredSf(-1, 2)).toBe(1);
    expect(chiSquaredLogCdf(0, 2)).toBe(-Infinity);
    expect(chiSquaredLogSf(0, 2)).toBe(0);
    expect(chiSquaredQuantile(0, 2)).toBe(0);
    expect(chiSquaredQuantile(1, 2)).toBe(Infinity);
    for (const k of [0, -1, Number.NaN, Infinity]) {
      expect(chiSquaredLogCdf(1, k)).toBeNaN();
      expect(chiSquaredLogSf(1, k)).toBeNaN();
      expect(chiSquaredSfInverse(0.5, k)).toBeNaN();
    }
    expect(chiSquaredSfInverse(-0.5, 2)).toBeNaN();
    expect(chiSquaredSfInverse(0, 2)).toBe(Infinity);
    expect(chiSquaredSfInverse(1, 2)).toBe(0);
    expect(chiSquaredLogSf(Infinity, 2)).toBe(-Infinity);
  });
});
