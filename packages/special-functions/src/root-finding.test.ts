import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bisect, brentRoot } from './root-finding.js';

const seed = 20261122;

describe('brentRoot and bisect', () => {
  it('find roots of smooth functions to near machine precision', () => {
    expect(brentRoot((x) => x * x - 2, 0, 2)).toBeCloseTo(Math.SQRT2, 15);
    expect(bisect((x) => x * x - 2, 0, 2)).toBeCloseTo(Math.SQRT2, 15);
    expect(brentRoot((x) => Math.cos(x) - x, 0, 1)).toBeCloseTo(0.7390851332151607, 15);
    expect(brentRoot((x) => Math.exp(x) - 1e-200, -1000, 10)).toBeCloseTo(-200 * Math.LN10, 12);
  });
  it('return NaN when the interval is not a bracket or on NaN', () => {
    expect(brentRoot((x) => x * x + 1, -1, 1)).toBeNaN();
    expect(bisect((x) => x * x + 1, -1, 1)).toBeNaN();
    expect(brentRoot(() => Number.NaN, -1, 1)).toBeNaN();
    expect(bisect((x) => x, Number.NaN, 1)).toBeNaN();
    expect(brentRoot((x) => x, -Infinity, 1)).toBeNaN();
  });
  it('return an end point that is an exact root', () => {
    expect(brentRoot((x) => x - 1, 1, 3)).toBe(1);
    expect(bisect((x) => x - 3, 1, 3)).toBe(3);
  });
  it('agree with each other on random monotone cubics and use few evaluations (Brent)', () => {
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), fc.double({ min: 0.01, max: 10, noNaN: true }), (r, s) => {
        const f = (x: number): number => s * (x - r) + (x - r) ** 3;
        let evaluations = 0;
        const counted = (x: number): number => {
          evaluations++;
          return f(x);
        };
        const a = brentRoot(counted, -200, 200);
        const b = bisect(f, -200, 200);
        expect(Math.abs(a - r)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(r)));
        expect(Math.abs(b - r)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(r)));
        expect(evaluations).toBeLessThan(80);
      }),
      { seed, numRuns: 200 },
    );
  });
  it('honour xtol / rtol options', () => {
    const loose = bisect((x) => x - Math.PI, 0, 4, { xtol: 1e-3, rtol: 0 });
    expect(Math.abs(loose - Math.PI)).toBeLessThanOrEqual(1e-3);
    expect(Math.abs(loose - Math.PI)).toBeGreaterThan(1e-12);
  });
});
