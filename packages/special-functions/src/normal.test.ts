import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logNormalCdf, normalCdf, normalPdf, normalSf } from './normal.js';
import { normalQuantile, normalSfInverse } from './normal-quantile.js';

const seed = 20261122;

describe('normal distribution: properties', () => {
  it('Φ(−x) = Φ̄(x) exactly (same kernel) and Φ + Φ̄ = 1', () => {
    fc.assert(
      fc.property(fc.double({ min: -40, max: 40, noNaN: true }), (x) => {
        expect(normalCdf(-x)).toBe(normalSf(x));
        expect(Math.abs(normalCdf(x) + normalSf(x) - 1)).toBeLessThanOrEqual(4.5e-16);
      }),
      { seed, numRuns: 500 },
    );
  });
  it('Φ and log Φ are non-decreasing across branch points', () => {
    let prev = 0;
    let prevLog = -Infinity;
    for (let x = -45; x <= 10; x += 0.00731) {
      expect(normalCdf(x)).toBeGreaterThanOrEqual(prev);
      expect(logNormalCdf(x)).toBeGreaterThanOrEqual(prevLog);
      prev = normalCdf(x);
      prevLog = logNormalCdf(x);
    }
  });
  it('normalQuantile ∘ normalCdf round-trips, including far tails', () => {
    fc.assert(
      fc.property(fc.double({ min: -37.5, max: 8, noNaN: true }), (x) => {
        const back = normalQuantile(normalCdf(x));
        const tolerance = x < 0 ? 4e-15 * Math.max(1, Math.abs(x)) : 1e-15 / normalPdf(x);
        expect(Math.abs(back - x)).toBeLessThanOrEqual(tolerance);
      }),
      { seed, numRuns: 1000 },
    );
  });
  it('normalSfInverse ∘ normalSf round-trips in the upper tail', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 37.5, noNaN: true }), (x) => {
        expect(Math.abs(normalSfInverse(normalSf(x)) - x)).toBeLessThanOrEqual(4e-15 * Math.max(1, x));
      }),
      { seed, numRuns: 500 },
    );
  });
  it('normalQuantile is increasing and odd about ½', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 0.5, noNaN: true }), fc.double({ min: 1e-300, max: 0.5, noNaN: true }), (p, r) => {
        if (p < r) expect(normalQuantile(p)).toBeLessThanOrEqual(normalQuantile(r));
        expect(normalSfInverse(p) + normalQuantile(p)).toBe(0);
      }),
      { seed, numRuns: 500 },
    );
  });
  it('log Φ agrees with log(Φ) where Φ is normal and with the asymptote far out', () => {
    for (const x of [-30, -10, -1, 0, 2]) expect(logNormalCdf(x)).toBeCloseTo(Math.log(normalCdf(x)), 12);
    const x = -1e6;
    const asymptote = -0.5 * x * x - Math.log(-x) - 0.5 * Math.log(2 * Math.PI);
    expect(Math.abs(logNormalCdf(x) - asymptote) / Math.abs(asymptote)).toBeLessThan(1e-15);
  });
  it('normalPdf is even and integrates Φ: Φ(b) − Φ(a) ≈ ∫ φ', () => {
    expect(normalPdf(-3.3)).toBe(normalPdf(3.3));
    let integral = 0;
    const h = 1e-3;
    for (let x = -1 + h / 2; x < 2; x += h) integral += normalPdf(x) * h;
    expect(integral).toBeCloseTo(normalCdf(2) - normalCdf(-1), 7);
  });
});

describe('normal distribution: domain', () => {
  it('NaN in, NaN out', () => {
    for (const f of [normalPdf, normalCdf, normalSf, logNormalCdf, normalQuantile, normalSfInverse]) expect(f(Number.NaN)).toBeNaN();
  });
  it('limits at ±∞', () => {
    expect(normalCdf(-Infinity)).toBe(0);
    expect(normalCdf(Infinity)).toBe(1);
    expect(normalSf(Infinity)).toBe(0);
    expect(normalSf(-Infinity)).toBe(1);
    expect(normalPdf(Infinity)).toBe(0);
    expect(logNormalCdf(-Infinity)).toBe(-Infinity);
    expect(logNormalCdf(Infinity)).toBe(-0);
  });
  it('quantiles: ±∞ at the end points, NaN outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalSfInverse(0)).toBe(Infinity);
    expect(normalSfInverse(1)).toBe(-Infinity);
    for (const p of [-0.1, 1.1, -Infinity, Infinity]) {
      expect(normalQuantile(p)).toBeNaN();
      expect(normalSfInverse(p)).toBeNaN();
    }
    expect(normalQuantile(5e-324)).toBeLessThan(-38.4);
  });
});
