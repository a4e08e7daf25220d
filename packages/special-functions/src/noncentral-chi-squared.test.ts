import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chiSquaredCdf, chiSquaredSf } from './chi-squared.js';
import { logNormalCdf, normalCdf } from './normal.js';
import {
  noncentralChiSquaredCdf,
  noncentralChiSquaredLogCdf,
  noncentralChiSquaredLogSf,
  noncentralChiSquaredQuantile,
  noncentralChiSquaredSf,
} from './noncentral-chi-squared.js';

const seed = 20261122;
const dof = fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0.1, max: 50, noNaN: true }));
const noncentrality = fc.oneof(fc.double({ min: 0, max: 100_000, noNaN: true }), fc.double({ min: 1e-6, max: 10, noNaN: true }));

describe('noncentral chi-squared: properties', () => {
  it('CDF + SF = 1 and the log forms agree with the linear forms', () => {
    fc.assert(
      fc.property(dof, noncentrality, fc.double({ min: -4, max: 4, noNaN: true }), (k, lambda, z) => {
        const x = Math.max(1e-6, k + lambda + z * Math.sqrt(2 * (k + 2 * lambda)));
        const cdf = noncentralChiSquaredCdf(x, k, lambda);
        const sf = noncentralChiSquaredSf(x, k, lambda);
        expect(Math.abs(cdf + sf - 1)).toBeLessThanOrEqual(1e-13);
        if (cdf > 1e-300) expect(Math.abs(noncentralChiSquaredLogCdf(x, k, lambda) - Math.log(cdf))).toBeLessThanOrEqual(1e-13 * Math.max(1, -Math.log(cdf)));
        if (sf > 1e-300) expect(Math.abs(noncentralChiSquaredLogSf(x, k, lambda) - Math.log(sf))).toBeLessThanOrEqual(1e-13 * Math.max(1, -Math.log(sf)));
      }),
      { seed, numRuns: 150 },
    );
  });
  it('CDF is non-decreasing in x and non-increasing in λ (stochastic order)', () => {
    fc.assert(
      fc.property(dof, noncentrality, fc.double({ min: 0.01, max: 4, noNaN: true }), fc.double({ min: 1e-3, max: 0.3, noNaN: true }), (k, lambda, r, h) => {
        const x = (k + lambda) * r;
        const base = noncentralChiSquaredLogCdf(x, k, lambda);
        expect(noncentralChiSquaredLogCdf(x * (1 + h), k, lambda)).toBeGreaterThanOrEqual(base);
        expect(noncentralChiSquaredLogCdf(x, k, lambda * (1 + h) + h)).toBeLessThanOrEqual(base + 1e-13 * Math.abs(base));
        expect(noncentralChiSquaredLogSf(x * (1 + h), k, lambda)).toBeLessThanOrEqual(noncentralChiSquaredLogSf(x, k, lambda));
      }),
      { seed, numRuns: 150 },
    );
  });
  it('reduces to the central χ² at λ = 0 and is continuous as λ → 0', () => {
    for (const [x, k] of [
      [0.5, 1],
      [30, 10],
      [1200, 1000],
    ] as const) {
      expect(noncentralChiSquaredCdf(x, k, 0)).toBe(chiSquaredCdf(x, k));
      expect(noncentralChiSquaredSf(x, k, 0)).toBe(chiSquaredSf(x, k));
      expect(Math.abs(noncentralChiSquaredCdf(x, k, 1e-12) / chiSquaredCdf(x, k) - 1)).toBeLessThan(1e-11);
    }
  });
  it('k = 1: P[(Z + √λ)² ≤ x] = Φ(√x − √λ) − Φ(−√x − √λ)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 400, noNaN: true }), fc.double({ min: 0.01, max: 400, noNaN: true }), (x, lambda) => {
        const exact = normalCdf(Math.sqrt(x) - Math.sqrt(lambda)) - normalCdf(-Math.sqrt(x) - Math.sqrt(lambda));
        if (exact > 1e-3) expect(Math.abs(noncentralChiSquaredCdf(x, 1, lambda) / exact - 1)).toBeLessThan(1e-12);
      }),
      { seed, numRuns: 150 },
    );
  });
  it('large λ (1e4 to 1e6, the GLiR regime), k = 1: both log tails match the normal formula out to ±30 sd', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e4, max: 1e6, noNaN: true }), fc.double({ min: -30, max: 30, noNaN: true }), (lambda, z) => {
        const x = Math.max(1e-6, 1 + lambda + z * Math.sqrt(2 * (1 + 2 * lambda)));
        const r = Math.sqrt(x);
        const l = Math.sqrt(lambda);
        // √x − √λ carries ~2e-13 absolute rounding, i.e. |t|·2e-13 in the log of a tail at t
        if (x < 1 + lambda) {
          const ref = Math.log(normalCdf(r - l) - normalCdf(-r - l));
          expect(Math.abs(noncentralChiSquaredLogCdf(x, 1, lambda) - ref)).toBeLessThanOrEqual(2e-11 + 1e-13 * Math.abs(ref));
        } else {
          const ref = Math.log(normalCdf(l - r) + normalCdf(-r - l));
          expect(Math.abs(noncentralChiSquaredLogSf(x, 1, lambda) - ref)).toBeLessThanOrEqual(2e-11 + 1e-13 * Math.abs(ref));
        }
      }),
      { seed, numRuns: 100 },
    );
  });
  it('large λ, k = 1000: log-CDF non-decreasing and log-SF non-increasing in x across both tails', () => {
    const lambda = 2.6e5;
    const sd = Math.sqrt(2 * (1000 + 2 * lambda));
    let lastCdf = -Infinity;
    let lastSf = 0;
    for (let z = -60; z <= 60; z += 0.75) {
      const x = 1000 + lambda + z * sd;
      const logCdf = noncentralChiSquaredLogCdf(x, 1000, lambda);
      const logSf = noncentralChiSquaredLogSf(x, 1000, lambda);
      expect(logCdf).toBeGreaterThanOrEqual(lastCdf);
      expect(logSf).toBeLessThanOrEqual(lastSf);
      expect(Math.abs(Math.exp(logCdf) + Math.exp(logSf) - 1)).toBeLessThanOrEqual(1e-13);
      lastCdf = logCdf;
      lastSf = logSf;
    }
  });
  it('far tails below 1e-300 (where SciPy returns 0 / −inf) match the normal asymptote for k = 1', () => {
    // k = 1, λ = 1e4, x = 100: log P ≈ log[Φ(√x − √λ) − Φ(−√x − √λ)] ≈ logΦ(−90) (second term negligible)
    const lc = noncentralChiSquaredLogCdf(100, 1, 1e4);
    expect(Math.abs(lc / logNormalCdf(10 - 100) - 1)).toBeLessThan(1e-12);
    expect(lc).toBeLessThan(-4000);
    const ls = noncentralChiSquaredLogSf(40_000, 1, 1e4);
    expect(Math.abs(ls / logNormalCdf(100 - 200) - 1)).toBeLessThan(1e-12);
    // k and λ at 1e5, both tails
    expect(noncentralChiSquaredLogCdf(1e5, 1e5, 1e5)).toBeLessThan(-690);
    expect(noncentralChiSquaredLogSf(4e5, 1e5, 1e5)).toBeLessThan(-690);
    expect(Number.isFinite(noncentralChiSquaredLogCdf(1, 1e5, 1e5))).toBe(true);
  });
  it('extreme arguments switch to the saddle point without hanging and match the k = 1 asymptote', () => {
    // k = 1: P[X > x] = Φ̄(√x − √λ) + Φ(−√x − √λ); the first term dominates
    for (const [x, lambda] of [
      [1e300, 1e5],
      [1e15, 1e5],
      [4e11, 1e5],
      [1e21, 1e20],
    ] as const) {
      const expected = logNormalCdf(Math.sqrt(lambda) - Math.sqrt(x));
      expect(Math.abs(noncentralChiSquaredLogSf(x, 1, lambda) / expected - 1)).toBeLessThan(1e-12);
    }
    // lower tail with λ/2 beyond 1e8: P[X ≤ x] = Φ(√x − √λ) − Φ(−√x − √λ)
    const lower = noncentralChiSquaredLogCdf(1e8, 1, 4e8);
    expect(Math.abs(lower / logNormalCdf(1e4 - 2e4) - 1)).toBeLessThan(1e-12);
    expect(noncentralChiSquaredLogSf(1e308, 3, 1e5)).toBeLessThan(-1e307);
    expect(noncentralChiSquaredCdf(1e300, 3, 1e5)).toBe(1);
  });
  it('noncentralChiSquaredQuantile ∘ CDF round-trips, tails included', () => {
    fc.assert(
      fc.property(dof, noncentrality, fc.double({ min: -8, max: 8, noNaN: true }), (k, lambda, z) => {
        const x = k + lambda + z * Math.sqrt(2 * (k + 2 * lambda));
        fc.pre(x > 1e-3);
        const p = noncentralChiSquaredCdf(x, k, lambda);
        fc.pre(p > 1e-300 && p < 1 - 1e-12);
        const back = noncentralChiSquaredQuantile(p, k, lambda);
        expect(Math.abs(back / x - 1)).toBeLessThan(1e-9);
      }),
      { seed, numRuns: 60 },
    );
  });
});

describe('noncentral chi-squared: domain', () => {
  it('NaN for k ≤ 0, λ < 0, non-finite parameters or NaN x', () => {
    const bad: [number, number, number][] = [
      [1, 0, 1],
      [1, -1, 1],
      [1, 2, -0.1],
      [1, Infinity, 1],
      [1, 2, Infinity],
      [Number.NaN, 2, 1],
      [1, Number.NaN, 1],
      [1, 2, Number.NaN],
    ];
    for (const [x, k, l] of bad) {
      expect(noncentralChiSquaredCdf(x, k, l)).toBeNaN();
      expect(noncentralChiSquaredSf(x, k, l)).toBeNaN();
      expect(noncentralChiSquaredLogCdf(x, k, l)).toBeNaN();
      expect(noncentralChiSquaredLogSf(x, k, l)).toBeNaN();
    }
    expect(noncentralChiSquaredQuantile(1.5, 2, 1)).toBeNaN();
    expect(noncentralChiSquaredQuantile(0.5, 0, 1)).toBeNaN();
    expect(noncentralChiSquaredQuantile(Number.NaN, 2, 1)).toBeNaN();
  });
  it('boundary values at x ≤ 0, x = ∞, p ∈ {0, 1}', () => {
    expect(noncentralChiSquaredCdf(0, 2, 1)).toBe(0);
    expect(noncentralChiSquaredCdf(-3, 2, 1)).toBe(0);
    expect(noncentralChiSquaredSf(0, 2, 1)).toBe(1);
    expect(noncentralChiSquaredCdf(Infinity, 2, 1)).toBe(1);
    expect(noncentralChiSquaredSf(Infinity, 2, 1)).toBe(0);
    expect(noncentralChiSquaredLogCdf(0, 2, 1)).toBe(-Infinity);
    expect(noncentralChiSquaredLogSf(Infinity, 2, 1)).toBe(-Infinity);
    expect(noncentralChiSquaredQuantile(0, 2, 1)).toBe(0);
    expect(noncentralChiSquaredQuantile(1, 2, 1)).toBe(Infinity);
    // F(x) ≈ c·√x for k = 1, so the 1e-300 quantile (~1e-600) underflows to 0
    expect(noncentralChiSquaredQuantile(1e-300, 1, 1)).toBe(0);
    // far-tail quantiles that are representable are found
    const x = noncentralChiSquaredQuantile(1e-300, 1e5, 1e5);
    expect(Math.abs(noncentralChiSquaredLogCdf(x, 1e5, 1e5) / Math.log(1e-300) - 1)).toBeLessThan(1e-14);
  });
});
