import fc from 'fast-check';
import { DpboundsRangeError, DpboundsTypeError } from '@dpbounds/special-functions';
import { describe, expect, it } from 'vitest';
import { perInstanceStepRdp } from './per-instance-step-rdp.js';
import { thm36Exact } from './test-helpers/thm36-exact.js';
import { thm36Estimate } from './thm36-estimate.js';

describe('thm36Estimate (Thm 3.6)', () => {
  it('reproduces the hand check ln((3 + e)/4)', () => {
    const value = thm36Estimate({
      alpha: 2,
      sigmaU: 1,
      groups: [{ target: [0, 0], tuples: [[[0, 0], [0, 0]], [[1, 0], [1, 0]], [[1, 0], [0, 0]], [[0, 0], [0, 0]]] }],
    });
    expect(value).toBeCloseTo(Math.log((3 + Math.E) / 4), 14);
  });

  it('is invariant to a common shift of all updates (no cancellation with large sum-rule updates)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -0.5, max: 0.5, noNaN: true }), { minLength: 9, maxLength: 9 }), (xs) => {
        const v = (i: number): number[] => [xs[i] as number, xs[i + 1] as number, xs[i + 2] as number];
        const groups = [{ target: v(0), tuples: [[v(3), v(6)], [v(6), v(3)]] }];
        const shift = 1e6;
        const moved = groups.map((g) => ({ target: g.target.map((x) => x + shift), tuples: g.tuples.map((t) => t.map((u) => u.map((x) => x + shift))) }));
        const a = thm36Estimate({ alpha: 2, sigmaU: 0.8, groups });
        const b = thm36Estimate({ alpha: 2, sigmaU: 0.8, groups: moved });
        expect(Math.abs(a - b)).toBeLessThan(1e-7);
      }),
      { seed: 5, numRuns: 50 },
    );
  });

  it('has an exact counterpart (test helper) that reduces to Thm 3.2 when the other gradients are zero', () => {
    // With every other gradient zero the sum rule reduces exactly to Thm 3.2 with r = ||x*||.
    const exact = thm36Exact({ alpha: 3, q: 0.3, sigmaU: 1, X: [[0, 0]], xStar: [0.6, 0.8], rule: 'sum', direction: 'forward' });
    expect(exact).toBeCloseTo(perInstanceStepRdp({ alpha: 3, q: 0.3, sigma: 1, ratio: 1 }), 12);
  });

  it('rejects tuples of the wrong length and ragged vectors', () => {
    expect(() => thm36Estimate({ alpha: 3, sigmaU: 1, groups: [{ target: [0], tuples: [[[0], [0]]] }] })).toThrow(DpboundsTypeError);
    expect(() => thm36Estimate({ alpha: 2, sigmaU: 1, groups: [{ target: [0, 0], tuples: [[[0], [0, 0]]] }] })).toThrow(DpboundsTypeError);
    expect(() => thm36Estimate({ alpha: 2, sigmaU: 1, groups: [] })).toThrow(DpboundsRangeError);
    expect(() => thm36Estimate({ alpha: 2, sigmaU: 1, groups: [{ target: [0], tuples: [] }] })).toThrow(DpboundsRangeError);
  });
});
