import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { log1mExp, logAddExp, logSubExp, logSumExp } from './log-space.js';

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
