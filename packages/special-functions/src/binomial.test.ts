import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binomialCdf, binomialSf, logBinomialCdf, logBinomialCoefficient, logBinomialSf } from './binomial.js';

const seed = 20261122;

function exactCdf(k: number, n: number, p: number): number {
  // direct summation of C(n, i) pᶦ qⁿ⁻ⁱ with exact integer coefficients (small n only)
  let total = 0;
  let c = 1;
  for (let i = 0; i <= k; i++) {
    total += c * p ** i * (1 - p) ** (n - i);
    c = (c * (n - i)) / (i + 1);
  }
  return total;
}

describe('binomial', () => {
  it('matches direct summation for small n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.nat(), (n, p, kk) => {
        const k = kk % (n + 1);
        const exact = exactCdf(k, n, p);
        expect(Math.abs(binomialCdf(k, n, p) - exact)).toBeLessThanOrEqual(1e-13 * Math.max(exact, 1e-3));
      }),
      { seed, numRuns: 300 },
    );
  });
  it('CDF + SF = 1, CDF non-decreasing in k and non-increasing in p', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.double({ min: 1e-6, max: 1 - 1e-6, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (n, p, r) => {
        const k = Math.floor(r * n);
        const cdf = binomialCdf(k, n, p);
        expect(Math.abs(cdf + binomialSf(k, n, p) - 1)).toBeLessThanOrEqual(1e-13);
        if (k + 1 <= n) expect(binomialCdf(k + 1, n, p)).toBeGreaterThanOrEqual(cdf);
        expect(logBinomialCdf(k, n, Math.min(1, p * 1.01))).toBeLessThanOrEqual(logBinomialCdf(k, n, p));
      }),
      { seed, numRuns: 200 },
    );
  });
  it('symmetry: P[X ≤ k; n, p] = P[X > n − k − 1; n, 1 − p]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 1e-4, max: 0.9999, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (n, p, r) => {
        const k = Math.floor(r * (n - 1));
        const a = logBinomialCdf(k, n, p);
        const b = logBinomialSf(n - k - 1, n, 1 - p);
        // 1 − p rounds, so compare with a tolerance that covers n·ulp(p) sensitivity
        expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a)));
      }),
      { seed, numRuns: 200 },
    );
  });
  it('log forms reach far below 1e-308', () => {
    expect(logBinomialCdf(0, 10_000, 0.5)).toBeCloseTo(10_000 * Math.log(0.5), 9);
    expect(binomialCdf(0, 10_000, 0.5)).toBe(0);
    expect(logBinomialSf(9_999, 10_000, 0.5)).toBeCloseTo(10_000 * Math.log(0.5), 9);
  });
  it('logBinomialCoefficient: Pascal rule and symmetry', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1e9 }), fc.double({ min: 0.001, max: 0.999, noNaN: true }), (n, r) => {
        const k = Math.max(1, Math.floor(r * n));
        fc.pre(k < n);
        expect(Math.abs(logBinomialCoefficient(n, k) - logBinomialCoefficient(n, n - k))).toBeLessThanOrEqual(1e-14 * Math.max(1, logBinomialCoefficient(n, k)));
        // C(n, k) = C(n, k − 1)·(n − k + 1)/k
        const lhs = logBinomialCoefficient(n, k);
        const rhs = logBinomialCoefficient(n, k - 1) + Math.log((n - k + 1) / k);
        expect(Math.abs(lhs - rhs)).toBeLessThanOrEqual(2e-14 * Math.max(1, Math.abs(lhs)));
      }),
      { seed, numRuns: 300 },
    );
    expect(logBinomialCoefficient(10, 3)).toBeCloseTo(Math.log(120), 14);
    expect(logBinomialCoefficient(5, 0)).toBe(0);
    expect(logBinomialCoefficient(5, 5)).toBe(0);
  });
  it('domain: NaN for bad n or p, limits for k outside [0, n)', () => {
    for (const [k, n, p] of [
      [1, -1, 0.5],
      [1, 2.5, 0.5],
      [1, 10, -0.1],
      [1, 10, 1.1],
      [Number.NaN, 10, 0.5],
      [1, 10, Number.NaN],
    ] as const) {
      expect(binomialCdf(k, n, p)).toBeNaN();
      expect(binomialSf(k, n, p)).toBeNaN();
      expect(logBinomialCdf(k, n, p)).toBeNaN();
      expect(logBinomialSf(k, n, p)).toBeNaN();
    }
    expect(binomialCdf(-1, 10, 0.5)).toBe(0);
    expect(binomialCdf(10, 10, 0.5)).toBe(1);
    expect(binomialSf(-1, 10, 0.5)).toBe(1);
    expect(binomialSf(10, 10, 0.5)).toBe(0);
    expect(binomialCdf(3, 10, 0)).toBe(1);
    expect(binomialCdf(3, 10, 1)).toBe(0);
    expect(binomialCdf(3.7, 10, 0.5)).toBe(binomialCdf(3, 10, 0.5));
    expect(logBinomialCoefficient(5, 6)).toBe(-Infinity);
    expect(logBinomialCoefficient(5, -1)).toBe(-Infinity);
    expect(logBinomialCoefficient(-5, 1)).toBeNaN();
    expect(logBinomialCoefficient(5, Number.NaN)).toBeNaN();
  });
});
