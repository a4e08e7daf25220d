import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { log1mExp, logAddExp, logMeanExp, logSubExp, logSumExp } from './log-space.js';

const seed = 20261122;
const finite = fc.double({ min: -700, max: 700, noNaN: true });

describe('log-space arithmetic', () => {
  it('logSumExp matches log of the sum and does not overflow', () => {
    expect(logSumExp([Math.log(1), Math.log(2), Math.log(3)])).toBeCloseTo(Math.log(6), 15);
    expect(logSumExp([1000, 1000])).toBeCloseTo(1000 + Math.LN2, 12);
    expect(logSumExp([-1e4, -1e4 - Math.log(3)])).toBeCloseTo(-1e4 + Math.log(4 / 3), 10);
    expect(logSumExp(new Float64Array([0]))).toBe(0);
  });
  it('logSumExp edge cases: empty, −∞, +∞, NaN', () => {
    expect(logSumExp([])).toBe(-Infinity);
    expect(logSumExp([-Infinity, -Infinity])).toBe(-Infinity);
    expect(logSumExp([1, Infinity])).toBe(Infinity);
    expect(logSumExp([1, Number.NaN])).toBeNaN();
  });
  it('logAddExp is symmetric, ≥ max, and agrees with logSumExp', () => {
    fc.assert(
      fc.property(finite, finite, (a, b) => {
        const s = logAddExp(a, b);
        expect(s).toBe(logAddExp(b, a));
        expect(s).toBeGreaterThanOrEqual(Math.max(a, b));
        expect(Math.abs(s - logSumExp([a, b]))).toBeLessThanOrEqual(4e-16 * Math.max(1, Math.abs(s)));
      }),
      { seed, numRuns: 300 },
    );
    expect(logAddExp(-Infinity, -Infinity)).toBe(-Infinity);
    expect(logAddExp(-Infinity, 3)).toBe(3);
    expect(logAddExp(Number.NaN, 3)).toBeNaN();
  });
  it('logSubExp inverts logAddExp', () => {
    fc.assert(
      fc.property(finite, fc.double({ min: 1e-3, max: 50, noNaN: true }), (b, gap) => {
        const a = b + gap;
        const s = logAddExp(a, b);
        expect(Math.abs(logSubExp(s, b) - a)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(a)));
      }),
      { seed, numRuns: 300 },
    );
  });
  it('logSubExp domain: a < b is NaN, a = b is −∞, b = −∞ gives a', () => {
    expect(logSubExp(0, 1)).toBeNaN();
    expect(logSubExp(2, 2)).toBe(-Infinity);
    expect(logSubExp(2, -Infinity)).toBe(2);
    expect(logSubExp(Infinity, Infinity)).toBeNaN();
    expect(logSubExp(Number.NaN, 0)).toBeNaN();
    expect(logSubExp(Math.log(0.75), Math.log(0.25))).toBeCloseTo(Math.log(0.5), 15);
  });
  it('log1mExp is accurate in both limits and NaN for x > 0', () => {
    expect(log1mExp(-1e-20)).toBeCloseTo(Math.log(1e-20), 12);
    expect(log1mExp(-50)).toBe(-Math.exp(-50));
    expect(log1mExp(0)).toBe(-Infinity);
    expect(log1mExp(-Infinity)).toBe(-0);
    expect(log1mExp(1e-300)).toBeNaN();
    expect(log1mExp(Number.NaN)).toBeNaN();
    fc.assert(
      fc.property(fc.double({ min: -30, max: -0.01, noNaN: true }), (x) => {
        const ref = Math.log(1 - Math.exp(x));
        expect(Math.abs(log1mExp(x) - ref)).toBeLessThanOrEqual(1e-13 * Math.abs(ref) + 2e-16);
      }),
      { seed, numRuns: 200 },
    );
  });
});

describe('logMeanExp', () => {
  it('matches (1/s)·log of the mean of exp(s·v) on moderate values', () => {
    expect(logMeanExp([0, Math.log(3)])).toBeCloseTo(Math.LN2, 15);
    expect(logMeanExp([1, 2, 3], 2)).toBeCloseTo(Math.log((Math.exp(2) + Math.exp(4) + Math.exp(6)) / 3) / 2, 14);
    expect(logMeanExp([1000, 1000, 1000 - Math.log(4)])).toBeCloseTo(1000 + Math.log(0.75), 10);
    // Sub-range [from, to): only values[1..3) count.
    expect(logMeanExp([99, 0, Math.log(3), -99], 1, 1, 3)).toBeCloseTo(Math.LN2, 15);
  });
  it('keeps full relative accuracy for tiny values, where logSumExp(s·v) − ln n does not', () => {
    // (1/s)·ln((e^{s·a} + e^{s·b})/2) = (a + b)/2 + s(a − b)²/8 + O(s³(a − b)⁴): here the quadratic
    // term is 1.25e−25 (8e−14 relative, far above an ulp) and the next one is below 1e−49.
    const exact = 1.5e-12 + 1.25e-25;
    const got = logMeanExp([1e-12, 2e-12], 1);
    expect(Math.abs(got - exact) / exact).toBeLessThan(1e-14);
    const naive = logSumExp([1e-12, 2e-12]) - Math.LN2;
    expect(Math.abs(naive - exact) / exact).toBeGreaterThan(1e-6);
    expect(logMeanExp([3e-15, 3e-15, 3e-15], 7)).toBe(3e-15);
  });
  it('edge cases: NaN for bad scale, empty range or NaN value; ±∞ passed through', () => {
    expect(logMeanExp([1, 2], 0)).toBeNaN();
    expect(logMeanExp([1, 2], -1)).toBeNaN();
    expect(logMeanExp([1, 2], Number.NaN)).toBeNaN();
    expect(logMeanExp([])).toBeNaN();
    expect(logMeanExp([1, 2], 1, 1, 1)).toBeNaN();
    expect(logMeanExp([1, Number.NaN])).toBeNaN();
    expect(logMeanExp([-Infinity, -Infinity])).toBe(-Infinity);
    expect(logMeanExp([1, Infinity])).toBe(Infinity);
    expect(logMeanExp([-Infinity, 0])).toBeCloseTo(-Math.LN2, 15);
  });
  it('lies between the mean and the max, is exact on equal values and non-decreasing in s (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 1e-3, max: 20, noNaN: true }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        (values, s, factor) => {
          const mean = values.reduce((a, b) => a + b, 0) / values.length;
          const max = Math.max(...values);
          const tol = 1e-12 * (1 + Math.abs(max));
          const v = logMeanExp(values, s);
          expect(v).toBeGreaterThanOrEqual(mean - tol);
          expect(v).toBeLessThanOrEqual(max + tol);
          expect(logMeanExp(values, s * factor)).toBeGreaterThanOrEqual(v - tol);
          const scaled = values.map((x) => s * x);
          expect(Math.abs(v - (logSumExp(scaled) - Math.log(values.length)) / s)).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(max)) / Math.min(1, s));
          expect(logMeanExp(values.map(() => values[0] as number), s)).toBe(values[0]);
        },
      ),
      { seed, numRuns: 300 },
    );
  });
});
